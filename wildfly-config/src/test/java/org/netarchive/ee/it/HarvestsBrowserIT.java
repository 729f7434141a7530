package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Harvest definitions in the admin UI in a real browser: a selective harvest created on its page,
 * seeds added (a bad one refused with its reason, a new domain created), activated, and listed.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only; harvests and their seeds go through the
 * services HarvestApiIT and HarvestSeedsApiIT run on PostgreSQL; the rest is pages.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag("database-neutral")
class HarvestsBrowserIT {

  private static final String UI = ServerUnderTest.HTTP + "/definitions/";

  @Test
  void givenAdmin_whenCreatingASelectiveHarvestAddingSeedsAndActivating_thenItRunsAndIsListed()
      throws Exception {
    String unique = UUID.randomUUID().toString().substring(0, 8);
    String harvest = "ui-event-" + unique;
    String domain = "ui-seeds-" + unique + ".dk";
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      // The menu offers both kinds of harvest.
      driver.get(UI + "selective-harvests.xhtml");
      browser.await(By.id("menu-selective-harvests"));
      assertThat(driver.findElements(By.id("menu-snapshot-harvests"))).isNotEmpty();

      // Create it with the schedule "Daily".
      driver.findElement(By.xpath("//*[@id='search:new']/descendant-or-self::a")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("harvest:name")));
      type(driver, "harvest:name", harvest);
      type(driver, "harvest:audience", "Browser test");
      // The menu's own widget picks the item, as a click on it does, without racing its animation.
      ((org.openqa.selenium.JavascriptExecutor) driver)
          .executeScript("PrimeFaces.getWidgetById('harvest:schedule').selectValue('Daily')");
      wait.until(ExpectedConditions.textToBe(By.id("harvest:schedule_label"), "Daily"));
      driver.findElement(By.id("harvest:save")).click();
      wait.until(ExpectedConditions.urlContains("name=" + harvest));
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("seeds:seeds")));
      assertThat(driver.findElement(By.id("messages")).getText()).contains(harvest);
      assertThat(driver.findElement(By.id("harvest:schedule_label")).getText()).isEqualTo("Daily");
      assertThat(driver.findElement(By.id("harvest:active")).getText()).isEqualTo("No");

      // Seeds: a bad one is refused with its reason next to the seeds, the good ones make a domain.
      type(
          driver,
          "seeds:seeds",
          "htp://bad.example\nhttps://" + domain + "/\nhttps://" + domain + "/news/");
      driver.findElement(By.id("seeds:add")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("seeds:report")));
      WebElement refused = driver.findElement(By.id("seeds:refused"));
      assertThat(refused.getText()).contains("htp://bad.example", "Line 1");
      assertThat(refused.findElements(By.xpath("../*[@id='seeds:seeds']"))).hasSize(1);
      String created = driver.findElement(By.id("seeds:domainsCreated")).getText();
      assertThat(created).contains("1", domain);
      assertThat(driver.findElement(By.id("seeds:seedsAdded")).getText()).contains("2");
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("configurationsForm:configurationsTable"), domain));
      System.out.println("Refused seed shown next to the seeds: " + refused.getText());
      System.out.println("Domains created: " + created);

      // Activate: it gets a next run.
      driver.findElement(By.id("harvest:activate")).click();
      wait.until(ExpectedConditions.textToBe(By.id("harvest:active"), "Yes"));
      String next = driver.findElement(By.id("harvest:nextDate")).getText();
      assertThat(next).matches("\\d{4}-\\d\\d-\\d\\d 02:00 UTC");
      assertThat(driver.findElements(By.id("harvest:deactivate"))).isNotEmpty();
      browser.screenshot("harvests-edit-selective");
      System.out.println("Activated " + harvest + "; next run " + next);

      // Listed, active, with its next run and one configuration.
      driver.get(UI + "selective-harvests.xhtml");
      type(driver, "search:glob", "ui-event-" + unique + "*");
      driver.findElement(By.id("search:find")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.linkText(harvest)));
      String row = driver.findElement(By.cssSelector("#list\\:harvests tbody tr")).getText();
      assertThat(row).contains(harvest, "Yes", "Daily", next);
      System.out.println("Listed: " + row);
    }
  }

  @Test
  void givenMoreThanAThousandSeeds_whenAddedOnTheHarvestsPage_thenAJobAddsThemWithProgress()
      throws Exception {
    String unique = UUID.randomUUID().toString().substring(0, 8);
    String harvest = "ui-long-" + unique;
    HttpResponse<String> created =
        Api.admin()
            .post(
                "/api/harvests/selective",
                jakarta.json.Json.createObjectBuilder().add("name", harvest).build());
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    StringBuilder seeds = new StringBuilder();
    for (int i = 0; i < 1_500; i++) {
      seeds.append("http://ui-long-").append(unique).append('-').append(i).append(".dk/\n");
    }
    seeds.append("htp://ui-long-bad.dk/\n");
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(60));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      driver.get(UI + "edit-selective-harvest.xhtml?name=" + harvest);
      browser.await(By.id("seeds:seeds"));

      // A pasted list: set at once, as typing 1,500 lines key by key would take minutes.
      ((org.openqa.selenium.JavascriptExecutor) driver)
          .executeScript(
              "document.getElementById('seeds:seeds').value = arguments[0]", seeds.toString());
      driver.findElement(By.id("seeds:add")).click();

      wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "1,501"));
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("seeds:seedRunProgress"), "COMPLETED"));
      String progress = driver.findElement(By.id("seeds:seedRun")).getText();
      assertThat(progress)
          .contains(
              "1,501 of 1,501 lines", "1,500 seeds added", "1,500 domains created", "1 refused")
          .contains("Line 1,501: htp://ui-long-bad.dk/", "in line 1501 is not an http(s) URL");
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("configurationsForm:configurationsTable"), "ui-long-" + unique + "-0.dk"));
      browser.screenshot("harvests-long-seed-list");
      System.out.println("Long seed list added by a job: " + progress);
    }
  }

  private static void type(WebDriver driver, String id, String text) {
    WebElement field = driver.findElement(By.id(id));
    field.clear();
    field.sendKeys(text);
  }
}
