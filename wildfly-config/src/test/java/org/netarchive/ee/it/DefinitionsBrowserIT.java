package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Definitions section of the admin UI in a real browser: domains (create, find, edit, seed
 * lists), bulk creation with its progress, schedules, the menu by role and in Danish.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only; domains, seed lists, bulk creation and
 * schedules go through the services DomainApiIT, ScheduleApiIT and SplitRestartIT's bulk creation
 * run on PostgreSQL; the rest is pages.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag("database-neutral")
class DefinitionsBrowserIT {

  private static final String UI = ServerUnderTest.HTTP + "/definitions/";

  private static String uniqueDomain() {
    return "ui-" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
  }

  @Test
  void givenAdmin_whenCreatingFindingAndEditingADomain_thenRefusalsShowNextToTheFieldAndSavesShow()
      throws Exception {
    String domain = uniqueDomain();
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      // Create one domain.
      driver.get(UI + "create-domains.xhtml");
      type(driver, "single:name", domain);
      driver.findElement(By.id("single:create")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("single:created")));
      assertThat(driver.findElement(By.id("single:created")).getText()).contains(domain);

      // Find it with a glob.
      driver.get(UI + "domains.xhtml");
      String glob = domain.replace(".dk", "*");
      type(driver, "search:glob", glob);
      driver.findElement(By.id("search:find")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.linkText(domain)));
      assertThat(driver.getCurrentUrl()).contains("name=" + domain.replace(".dk", ""));
      assertThat(driver.findElements(By.cssSelector("#list\\:domains tbody tr"))).hasSize(1);
      browser.screenshot("definitions-domains");
      System.out.println("Domain list found " + domain + " with the glob " + glob);

      // Open it.
      driver.findElement(By.linkText(domain)).click();
      wait.until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("h1"), domain));
      assertThat(driver.findElement(By.id("seedLists")).getText()).contains("defaultseeds");
      browser.screenshot("definitions-edit-domain");

      // A seed list with a bad seed is refused next to the seeds, with the service's message.
      driver.findElement(By.xpath("//*[@id='new-seed-list']/descendant-or-self::a")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("seedList:seeds")));
      type(driver, "seedList:name", "news");
      type(driver, "seedList:seeds", "https://" + domain + "/\nhtp://bad.example");
      driver.findElement(By.id("seedList:save")).click();
      By seedsMessage = By.id("seedList:seedsMessage");
      wait.until(ExpectedConditions.textToBePresentInElementLocated(seedsMessage, "htp://bad"));
      WebElement refusal = driver.findElement(seedsMessage);
      assertThat(refusal.getText())
          .isEqualTo(
              "Seed 'htp://bad.example' in seed list 'news' of domain '"
                  + domain
                  + "' is not an http(s) URL");
      assertThat(refusal.findElements(By.xpath("../*[@id='seedList:seeds']"))).hasSize(1);
      browser.screenshot("definitions-seed-list-refused");
      System.out.println("Seed list refused next to the seeds: " + refusal.getText());

      // A good one is saved and listed on the domain.
      type(driver, "seedList:seeds", "https://" + domain + "/\nhttps://" + domain + "/news/");
      driver.findElement(By.id("seedList:save")).click();
      wait.until(ExpectedConditions.urlContains("edit-domain.xhtml"));
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.linkText("news")));
      assertThat(driver.findElement(By.id("messages")).getText()).contains("news", "saved");
      assertThat(driver.findElement(By.id("seedLists")).getText())
          .contains("https://" + domain + "/news/");

      // A save on a version someone else changed meanwhile is refused with the service's message.
      Api admin = Api.admin();
      int version = json(admin.get("/api/domains/" + domain)).getInt("version");
      assertThat(
              admin
                  .put(
                      "/api/domains/" + domain,
                      Json.createObjectBuilder()
                          .add("version", version)
                          .add("comments", "changed elsewhere")
                          .build())
                  .statusCode())
          .isEqualTo(200);
      type(driver, "domain:comments", "changed here");
      driver.findElement(By.id("domain:save")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("messages"), "was changed by someone else"));
      System.out.println(
          "Stale save refused: " + driver.findElement(By.id("messages")).getText().strip());

      // A bad crawler trap is refused next to the traps.
      driver.navigate().refresh();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("domain:crawlerTraps")));
      type(driver, "domain:crawlerTraps", ".*calendar.*\n(unclosed");
      driver.findElement(By.id("domain:save")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("domain:crawlerTrapsMessage"), "(unclosed"));
    }
  }

  @Test
  void givenAdmin_whenCreatingDomainsFromAListAndAFile_thenProgressCountsAndRefusedLinesShow()
      throws Exception {
    String existing = uniqueDomain();
    Api.admin().post("/api/domains", Json.createObjectBuilder().add("name", existing).build());
    String a = uniqueDomain();
    String b = uniqueDomain();
    String prefix = "uibulk" + UUID.randomUUID().toString().substring(0, 6);
    Path file = Files.createTempFile("domains", ".txt");
    Files.writeString(
        file,
        IntStream.range(0, 20_000)
                .mapToObj(i -> prefix + i + ".dk")
                .collect(Collectors.joining("\n"))
            + "\nnot a domain\n",
        StandardCharsets.UTF_8);
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(120));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      // A typed list.
      driver.get(UI + "create-domains.xhtml");
      type(driver, "list:list", String.join("\n", a, "not a domain", existing, b));
      driver.findElement(By.id("list:start")).click();
      wait.until(ExpectedConditions.urlContains("execution="));
      wait.until(ExpectedConditions.textToBe(By.id("progress:state"), "Completed"));
      assertThat(driver.findElement(By.id("progress:created")).getText()).isEqualTo("2");
      assertThat(driver.findElement(By.id("progress:existing")).getText()).isEqualTo("1");
      assertThat(driver.findElement(By.id("progress:invalid")).getText()).isEqualTo("1");
      assertThat(driver.findElement(By.id("progress:problems")).getText())
          .contains("not a domain", existing);
      assertThat(driver.findElement(By.id("progress:bar")).getText()).contains("100%");
      System.out.println(
          "Typed list: created 2, existing 1, invalid 1; refused lines:\n"
              + driver.findElement(By.id("progress:problems")).getText());

      // An uploaded file, followed while it runs.
      driver.get(UI + "create-domains.xhtml");
      driver
          .findElement(By.cssSelector("input[type=file][id^='upload:file']"))
          .sendKeys(file.toString());
      driver.findElement(By.id("upload:start")).click();
      wait.until(ExpectedConditions.urlContains("execution="));
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("progress:bar")));
      // Shown as soon as some lines are done (or the run is over, on a fast machine).
      wait.until(
          d ->
              !d.findElement(By.id("progress:lines")).getText().startsWith("0 ")
                  || d.findElement(By.id("progress:state")).getText().equals("Completed"));
      browser.screenshot("definitions-create-domains-progress");
      String seenWhileRunning = driver.findElement(By.id("progress:lines")).getText();
      wait.until(ExpectedConditions.textToBe(By.id("progress:state"), "Completed"));
      browser.screenshot("definitions-create-domains-done");
      assertThat(driver.findElement(By.id("progress:created")).getText()).isEqualTo("20,000");
      assertThat(driver.findElement(By.id("progress:invalid")).getText()).isEqualTo("1");
      assertThat(driver.findElement(By.id("progress:run")).getText())
          .contains(file.getFileName().toString());
      System.out.println(
          "Uploaded file of 20,001 lines: lines done when first shown "
              + seenWhileRunning
              + "; at the end created "
              + driver.findElement(By.id("progress:created")).getText()
              + ", invalid "
              + driver.findElement(By.id("progress:invalid")).getText());
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  void givenAdmin_whenCreatingASchedule_thenARefusedMinuteShowsNextToItAndTheSavedOneIsListed()
      throws Exception {
    String name = "UI schedule " + UUID.randomUUID().toString().substring(0, 8);
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      driver.get(UI + "edit-schedule.xhtml");
      type(driver, "schedule:name", name);
      type(driver, "schedule:hour", "2");
      type(driver, "schedule:minute", "75");
      driver.findElement(By.id("schedule:save")).click();
      By minuteMessage = By.id("schedule:minuteMessage");
      wait.until(ExpectedConditions.textToBePresentInElementLocated(minuteMessage, "75"));
      System.out.println(
          "Schedule refused next to the minute: " + driver.findElement(minuteMessage).getText());

      type(driver, "schedule:minute", "30");
      driver.findElement(By.id("schedule:check")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("schedule:description"), "02:30"));
      driver.findElement(By.id("schedule:save")).click();
      wait.until(ExpectedConditions.urlContains("schedules.xhtml"));
      assertThat(driver.findElement(By.id("messages")).getText()).contains(name, "saved");

      type(driver, "search:glob", name);
      driver.findElement(By.id("search:find")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.linkText(name)));
      String row = driver.findElement(By.cssSelector("#list\\:schedules tbody tr")).getText();
      assertThat(row).contains(name, "02:30");
      browser.screenshot("definitions-schedules");
      System.out.println("Schedules list: " + row.replace('\n', ' '));
    }
  }

  @Test
  void givenDanishBrowser_whenLoggedIn_thenMenuAndPagesAreInDanish() throws Exception {
    String domain = "dansk-" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
    Api.admin().post("/api/domains", Json.createObjectBuilder().add("name", domain).build());
    try (Browser browser = new Browser("da")) {
      WebDriver driver = browser.driver();
      driver.get(ServerUnderTest.HTTP + "/");
      Browser.waitUpTo(driver, Duration.ofSeconds(30))
          .until(ExpectedConditions.visibilityOfElementLocated(By.id("login-form")));
      assertThat(driver.findElement(By.id("login-submit")).getText()).isEqualTo("Log ind");

      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Systemets tilstand");
      String menu = menuText(driver);
      assertThat(menu).contains("Definitioner", "Domæner", "Opret domæner", "Tidsplaner");

      driver.get(UI + "domains.xhtml?name=dansk-*");
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      wait.until(ExpectedConditions.textToBe(By.tagName("h1"), "Domæner"));
      assertThat(driver.findElement(By.id("list:domains")).getText())
          .contains("Topdomæne", "Oprettet", domain);
      new Actions(driver)
          .moveToElement(
              driver.findElement(By.xpath("//*[@id='menu']//span[text()='Definitioner']")))
          .perform();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.linkText("Domænestatistik")));
      browser.screenshot("definitions-domains-da");
      System.out.println("Danish menu: " + menu.replaceAll("\\s+", " ").strip());
    }
  }

  @Test
  void givenViewer_whenLoggedIn_thenTheMenuOffersNoCreationAndThePageIsRefused() throws Exception {
    Api viewer = Api.newAccount("viewer");
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      browser.logIn(viewer.user(), viewer.password());

      String menu = menuText(driver);
      assertThat(menu).contains("Domains", "Schedules").doesNotContain("Create domains");

      driver.get(UI + "create-domains.xhtml");
      assertThat(driver.findElements(By.id("single:name"))).isEmpty();
      driver.get(UI + "domains.xhtml");
      Browser.waitUpTo(driver, Duration.ofSeconds(30))
          .until(ExpectedConditions.visibilityOfElementLocated(By.id("search:glob")));
      assertThat(driver.findElements(By.id("search:create"))).isEmpty();
      System.out.println("Viewer menu: " + menu.replaceAll("\\s+", " ").strip());
    }
  }

  @Test
  void givenAdmin_whenUploadingATemplateAndVisitingEveryPage_thenEachShowsWhatItIsFor()
      throws Exception {
    Api admin = Api.admin();
    String main = uniqueDomain();
    String alias = uniqueDomain();
    for (String name : new String[] {main, alias}) {
      admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());
    }
    int version = json(admin.get("/api/domains/" + alias)).getInt("version");
    admin.put(
        "/api/domains/" + alias,
        Json.createObjectBuilder().add("version", version).add("aliasOf", main).build());
    String template = "ui-template-" + UUID.randomUUID().toString().substring(0, 8);
    Path cxml = Files.createTempFile("crawler-beans", ".cxml");
    Files.write(cxml, admin.getBytes("/api/templates/default_orderxml/crawler-beans.cxml").body());
    Path notXml = Files.createTempFile("not-a-template", ".cxml");
    Files.writeString(notXml, "<beans>\n<unclosed>\n</beans>\n");
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      // Crawl templates: a text that is not a template is refused next to the file, with its line.
      driver.get(UI + "templates.xhtml");
      type(driver, "upload:name", template);
      type(driver, "upload:description", "Made in the browser test");
      driver
          .findElement(By.cssSelector("input[type=file][id^='upload:template']"))
          .sendKeys(notXml.toString());
      driver.findElement(By.id("upload:send")).click();
      By templateMessage = By.id("upload:templateMessage");
      wait.until(ExpectedConditions.textToBePresentInElementLocated(templateMessage, "line"));
      System.out.println("Template refused: " + driver.findElement(templateMessage).getText());

      // ... and a real one is created, listed, and can be deactivated.
      driver
          .findElement(By.cssSelector("input[type=file][id^='upload:template']"))
          .sendKeys(cxml.toString());
      driver.findElement(By.id("upload:send")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "was created"));
      type(driver, "search:glob", template);
      driver.findElement(By.id("search:find")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(By.id("list:templates"), template));
      driver.findElement(By.cssSelector("#list\\:templates .ui-row-toggler")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(By.id("list:templates"), "SHA-256"));
      browser.screenshot("definitions-templates");
      driver.findElement(By.xpath("//button[.//span[text()='Deactivate']]")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("messages"), "no longer offered"));
      assertThat(driver.findElement(By.id("list:templates")).getText()).contains("inactive");

      // Statistics, aliases, a configuration and a new schedule.
      driver.get(UI + "domain-statistics.xhtml");
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("statistics:tlds")));
      assertThat(driver.findElement(By.id("statistics:tlds")).getText()).contains(".dk");
      browser.screenshot("definitions-domain-statistics");
      System.out.println("Statistics: " + driver.findElement(By.id("total")).getText());

      driver.get(UI + "aliases.xhtml?name=" + main);
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.linkText(alias)));
      browser.screenshot("definitions-aliases");

      driver.get(UI + "edit-configuration.xhtml?domain=" + main + "&name=defaultconfig");
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("configuration:maxBytes")));
      assertThat(driver.findElement(By.id("configuration:maxBytes")).getDomProperty("value"))
          .isEqualTo("1000000000");
      type(driver, "configuration:maxHops", "5000");
      driver.findElement(By.id("configuration:save")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("configuration:maxHopsMessage"), "5000"));
      browser.screenshot("definitions-edit-configuration");
      System.out.println(
          "Configuration refused: "
              + driver.findElement(By.id("configuration:maxHopsMessage")).getText());

      driver.get(UI + "edit-schedule.xhtml");
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("schedule:name")));
      browser.screenshot("definitions-edit-schedule");
    } finally {
      Files.deleteIfExists(cxml);
      Files.deleteIfExists(notXml);
    }
  }

  /** The menu's text, including the entries of closed submenus. */
  private static String menuText(WebDriver driver) {
    return driver.findElement(By.id("menu")).getDomProperty("textContent");
  }

  private static void type(WebDriver driver, String id, String text) {
    WebElement field = driver.findElement(By.id(id));
    field.clear();
    field.sendKeys(text);
  }
}
