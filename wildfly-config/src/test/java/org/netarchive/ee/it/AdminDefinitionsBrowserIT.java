package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
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
 * The admin pages of the Definitions and History sections in a real browser: snapshot harvests with
 * limits, harvest channels, global crawler trap lists (a bad regular expression refused next to the
 * expressions), a domain's passwords (never shown back), and the harvest history of a domain after
 * an import through the REST API and through the import page.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only; its definitions go through the services
 * DomainApiIT, ChannelApiIT, CrawlerTrapApiIT, TemplateApiIT and HistoryApiIT run on PostgreSQL;
 * the rest is pages.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag("database-neutral")
class AdminDefinitionsBrowserIT {

  private static final String UI = ServerUnderTest.HTTP + "/definitions/";
  private static final String HISTORY = ServerUnderTest.HTTP + "/history/";
  private static final String CSV_HEADER =
      "domain,configuration,harvest,job,started,objects,bytes,stop_reason";

  private static String unique() {
    return UUID.randomUUID().toString().substring(0, 8);
  }

  @Test
  void givenAdmin_whenCreatingListingAndEditingASnapshotHarvest_thenItsLimitsAreKept()
      throws Exception {
    String harvest = "ui-snapshot-" + unique();
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      driver.get(UI + "snapshot-harvests.xhtml");
      driver.findElement(By.xpath("//*[@id='search:new']/descendant-or-self::a")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("harvest:name")));
      type(driver, "harvest:name", harvest);
      type(driver, "harvest:maxObjectsPerDomain", "2000");
      type(driver, "harvest:maxBytesPerDomain", "50000000");
      type(driver, "harvest:maxJobRunningSeconds", "3600");
      type(driver, "harvest:comments", "Made in the browser test");
      driver.findElement(By.id("harvest:save")).click();
      wait.until(ExpectedConditions.urlContains("name=" + harvest));
      wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), harvest));
      assertThat(value(driver, "harvest:maxObjectsPerDomain")).isEqualTo("2000");
      assertThat(value(driver, "harvest:maxBytesPerDomain")).isEqualTo("50000000");
      assertThat(value(driver, "harvest:maxJobRunningSeconds")).isEqualTo("3600");
      assertThat(driver.findElement(By.id("harvest:active")).getText()).isEqualTo("No");

      driver.get(UI + "snapshot-harvests.xhtml?name=" + harvest);
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.linkText(harvest)));
      String row = driver.findElement(By.cssSelector("#list\\:harvests tbody tr")).getText();
      // limits as numbers with digit grouping (an unlimited one would read "no limit")
      assertThat(row).contains(harvest, "No", "2,000", "50,000,000", "Made in the browser test");
      browser.screenshot("admin-snapshot-harvests");
      System.out.println("Snapshot harvest listed: " + row.replace('\n', ' '));

      // Edited: a new object limit is saved and shown again.
      driver.findElement(By.linkText(harvest)).click();
      wait.until(
          ExpectedConditions.visibilityOfElementLocated(By.id("harvest:maxObjectsPerDomain")));
      type(driver, "harvest:maxObjectsPerDomain", "3000");
      driver.findElement(By.id("harvest:save")).click();
      wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "saved"));
      assertThat(value(driver, "harvest:maxObjectsPerDomain")).isEqualTo("3000");
      browser.screenshot("admin-edit-snapshot-harvest");
      driver.get(UI + "snapshot-harvests.xhtml?name=" + harvest);
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.linkText(harvest)));
      assertThat(driver.findElement(By.cssSelector("#list\\:harvests tbody tr")).getText())
          .contains("3,000");
    }
  }

  @Test
  void givenAdmin_whenCreatingAChannelAsTheSnapshotDefault_thenItIsListedWithItsQueue()
      throws Exception {
    String channel = "UI" + unique().toUpperCase(Locale.ROOT);
    Api admin = Api.admin();
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      driver.get(UI + "channels.xhtml");
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("list:channels")));
      assertThat(driver.findElement(By.id("list:channels")).getText())
          .contains("HIGHPRIORITY", "LOWPRIORITY", "DEV_COMMON_ANY_LOWPRIORITY_HACO");
      driver.findElement(By.xpath("//*[@id='search:new']/descendant-or-self::a")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("channel:name")));

      // A name that cannot be part of a queue name is refused next to the name.
      type(driver, "channel:name", "no spaces please");
      driver.findElement(By.cssSelector("label[for='channel:kind:1']")).click();
      driver.findElement(By.id("channel:save")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("channel:nameMessage"), "'no spaces please'"));
      System.out.println(
          "Channel refused: " + driver.findElement(By.id("channel:nameMessage")).getText());

      type(driver, "channel:name", channel.toLowerCase(Locale.ROOT));
      type(driver, "channel:comments", "Broad crawls of the browser test");
      driver.findElement(By.cssSelector("#channel\\:defaultChannel .ui-chkbox-box")).click();
      driver.findElement(By.id("channel:save")).click();
      wait.until(ExpectedConditions.urlContains("name=" + channel));
      wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), channel));
      assertThat(driver.findElement(By.id("messages")).getText()).contains("now use it by default");
      assertThat(driver.findElement(By.id("queue")).getText())
          .isEqualTo("DEV_COMMON_ANY_" + channel + "_HACO");
      assertThat(driver.findElement(By.id("channel:defaultChannel_input")).isSelected()).isTrue();
      browser.screenshot("admin-edit-channel");

      driver.get(UI + "channels.xhtml?name=UI*");
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.linkText(channel)));
      String row =
          driver
              .findElement(By.xpath("//tr[.//a[text()='" + channel + "']]"))
              .getText()
              .replace('\n', ' ');
      assertThat(row).contains(channel, "Default", "Snapshot", "Broad crawls of the browser test");
      browser.screenshot("admin-channels");
      System.out.println("Channel listed: " + row);
      assertThat(json(admin, "/api/channels/LOWPRIORITY")).contains("\"defaultChannel\":false");
    } finally {
      HttpResponse<String> restored = admin.post("/api/channels/LOWPRIORITY/default");
      assertThat(restored.statusCode()).as(restored.body()).isEqualTo(200);
    }
  }

  @Test
  void givenAdmin_whenSavingACrawlerTrapListWithABadExpression_thenItIsRefusedNamingTheExpression()
      throws Exception {
    String list = "UI traps " + unique();
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      driver.get(UI + "crawler-trap-lists.xhtml");
      driver.findElement(By.xpath("//*[@id='search:new']/descendant-or-self::a")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("traps:expressions")));
      type(driver, "traps:name", list);
      type(driver, "traps:description", "Calendars that never end");
      type(driver, "traps:expressions", ".*/calendar/.*\n(unclosed\n.*\\?day=\\d+");
      driver.findElement(By.id("traps:save")).click();
      By expressionsMessage = By.id("traps:expressionsMessage");
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(expressionsMessage, "(unclosed"));
      WebElement refusal = driver.findElement(expressionsMessage);
      assertThat(refusal.getText())
          .startsWith(
              "Crawler trap '(unclosed' of global crawler trap list '"
                  + list
                  + "' is not a valid regular expression");
      assertThat(refusal.findElements(By.xpath("../*[@id='traps:expressions']"))).hasSize(1);
      browser.screenshot("admin-crawler-traps-refused");
      System.out.println("Trap list refused next to the expressions: " + refusal.getText());

      // Without the bad one it is saved, active, with two traps.
      type(driver, "traps:expressions", ".*/calendar/.*\n.*\\?day=\\d+");
      driver.findElement(By.id("traps:save")).click();
      wait.until(ExpectedConditions.urlContains("edit-crawler-trap-list.xhtml?name="));
      wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), list));
      assertThat(driver.findElement(By.id("messages")).getText())
          .contains("2 traps", "it is active");
      assertThat(driver.findElement(By.id("traps:active_input")).isSelected()).isTrue();

      // Deactivated, so that no other test's jobs get its traps, and listed as inactive.
      driver.findElement(By.cssSelector("#traps\\:active .ui-chkbox-box")).click();
      driver.findElement(By.id("traps:save")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "not active"));
      driver.get(UI + "crawler-trap-lists.xhtml?name=UI traps*");
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.linkText(list)));
      String row =
          driver
              .findElement(By.xpath("//tr[.//a[text()='" + list + "']]"))
              .getText()
              .replace('\n', ' ');
      assertThat(row).contains(list, "inactive", "2", "Calendars that never end");
      browser.screenshot("admin-crawler-traps");
      System.out.println("Trap list listed: " + row);
    }
  }

  @Test
  void givenADomain_whenAddingAndRemovingAPassword_thenItIsListedButThePasswordNeverShows()
      throws Exception {
    String domain = "ui-pw-" + unique() + ".dk";
    String secret = "s3cret-" + unique();
    Api.admin().post("/api/domains", Json.createObjectBuilder().add("name", domain).build());
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      driver.get(UI + "edit-domain.xhtml?domain=" + domain);
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("newPassword:name")));
      type(driver, "newPassword:name", "intranet");
      type(driver, "newPassword:url", "intranet." + domain);
      type(driver, "newPassword:realm", "Staff");
      type(driver, "newPassword:username", "crawler");
      type(driver, "newPassword:password", secret);
      driver.findElement(By.id("newPassword:add")).click();
      By urlMessage = By.id("newPassword:urlMessage");
      wait.until(ExpectedConditions.textToBePresentInElementLocated(urlMessage, "not an http(s)"));
      assertThat(driver.findElement(urlMessage).getText())
          .contains("'intranet." + domain + "'", "password 'intranet'");
      assertThat(value(driver, "newPassword:password")).isEmpty();
      assertThat(driver.getPageSource()).doesNotContain(secret);

      type(driver, "newPassword:url", "https://intranet." + domain + "/");
      type(driver, "newPassword:password", secret);
      driver.findElement(By.id("newPassword:add")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("passwordList:passwords"), "https://intranet." + domain + "/"));
      assertThat(driver.findElement(By.id("messages")).getText()).contains("intranet", "added");
      assertThat(driver.findElement(By.id("passwordList:passwords")).getText())
          .contains("intranet", "Staff", "crawler");
      assertThat(value(driver, "newPassword:name")).isEmpty();
      assertThat(driver.getPageSource()).doesNotContain(secret);
      browser.screenshot("admin-domain-passwords");

      // Shown on the configuration, without the password either.
      driver.get(UI + "edit-configuration.xhtml?domain=" + domain + "&name=defaultconfig");
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("configuration:passwords")));
      assertThat(driver.findElement(By.id("configuration:passwords")).getText())
          .contains("intranet");
      assertThat(driver.getPageSource()).doesNotContain(secret);

      driver.get(UI + "edit-domain.xhtml?domain=" + domain);
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("passwordList:passwords")));
      driver
          .findElement(By.xpath("//*[starts-with(@id,'passwordList:passwords:0:remove')]"))
          .click();
      wait.until(ExpectedConditions.alertIsPresent()).accept();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "was removed"));
      assertThat(driver.findElement(By.id("passwordList:passwords")).getText())
          .doesNotContain("intranet")
          .contains("no passwords");
      System.out.println("Password added, listed without its value, and removed on " + domain);
    }
  }

  @Test
  void givenHistoryImportedThroughTheApiAndThePage_whenOpeningTheDomainsHistory_thenItIsListed()
      throws Exception {
    String domain = "ui-history-" + unique() + ".dk";
    Api admin = Api.admin();
    admin.post("/api/domains", Json.createObjectBuilder().add("name", domain).build());
    HttpResponse<String> imported =
        admin.post(
            "/api/history",
            "text/csv; charset=UTF-8",
            CSV_HEADER
                + "\n"
                + domain
                + ",defaultconfig,Snapshot 2019,4711,2019-03-01T02:00:00Z,18223,1073741824,SIZE_LIMIT\n");
    assertThat(imported.statusCode()).as(imported.body()).isEqualTo(200);
    assertThat(imported.body()).contains("\"imported\":1");
    Path file = Files.createTempFile("history", ".csv");
    Files.writeString(
        file,
        CSV_HEADER
            + "\n"
            + domain
            + ",defaultconfig,\"Election, 2020\",5001,2020-06-05T08:30:00+02:00,312,2048411,DOWNLOAD_COMPLETE\n"
            + domain
            + ",nosuchconfig,Election 2020,5002,2020-06-05T08:30:00Z,1,1,DOWNLOAD_COMPLETE\n",
        StandardCharsets.UTF_8);
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      // The history the API imported, reached from the domain's page.
      driver.get(UI + "edit-domain.xhtml?domain=" + domain);
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("history"))).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("list:history")));
      assertThat(driver.findElement(By.tagName("h1")).getText())
          .isEqualTo("Harvest history of " + domain);
      String row = driver.findElement(By.cssSelector("#list\\:history tbody tr")).getText();
      assertThat(row)
          .contains(
              "2019-03-01 02:00 UTC",
              "Snapshot 2019",
              "imported",
              "4711",
              "defaultconfig",
              "18,223",
              "1,073,741,824",
              "harvest byte limit");
      browser.screenshot("admin-domain-history");
      System.out.println("History row: " + row.replace('\n', ' '));

      // A file imported on the page: the good line imported, the other refused with its reason.
      driver.get(HISTORY + "import-history.xhtml");
      browser
          .await(By.cssSelector("input[type=file][id^='upload:file']"))
          .sendKeys(file.toString());
      driver.findElement(By.id("upload:send")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("imported")));
      assertThat(driver.findElement(By.id("lines")).getText()).isEqualTo("2");
      assertThat(driver.findElement(By.id("imported")).getText()).isEqualTo("1");
      assertThat(driver.findElement(By.id("refused")).getText()).isEqualTo("1");
      String problem = driver.findElement(By.id("problems")).getText();
      assertThat(problem).contains("3", "nosuchconfig");
      browser.screenshot("admin-import-history");
      System.out.println("Import report, refused line: " + problem.replace('\n', ' '));

      // A file without the header is refused next to the file.
      Files.writeString(file, domain + ",defaultconfig,x,1,2019-03-01T02:00:00Z,1,1,SIZE_LIMIT\n");
      browser
          .await(By.cssSelector("input[type=file][id^='upload:file']"))
          .sendKeys(file.toString());
      driver.findElement(By.id("upload:send")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("upload:fileMessage"), CSV_HEADER));

      // Both entries are now in the domain's history, newest first.
      driver.get(HISTORY + "domain-history.xhtml?domain=" + domain);
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("list:history")));
      var rows = driver.findElements(By.cssSelector("#list\\:history tbody tr"));
      assertThat(rows).hasSize(2);
      assertThat(rows.get(0).getText()).contains("Election, 2020", "5001", "completed");
      assertThat(rows.get(1).getText()).contains("Snapshot 2019");
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Test
  void givenDanishBrowser_whenALimitASeedAndATrapAreRefused_thenEachShowsInDanishNextToItsField()
      throws Exception {
    String domain = "ui-dansk-" + unique() + ".dk";
    Api.admin().post("/api/domains", Json.createObjectBuilder().add("name", domain).build());
    try (Browser browser = new Browser("da")) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      assertThat(driver.findElement(By.id("menu")).getDomProperty("textContent"))
          .contains("Høstkanaler", "Globale crawlerfælder", "Historik", "Importér høsthistorik");

      driver.get(UI + "edit-configuration.xhtml?domain=" + domain + "&name=defaultconfig");
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("configuration:maxHops")));
      type(driver, "configuration:maxHops", "5000");
      driver.findElement(By.id("configuration:save")).click();
      By maxHops = By.id("configuration:maxHopsMessage");
      wait.until(ExpectedConditions.textToBePresentInElementLocated(maxHops, "5000"));
      // Said by the domain model in the page's language, naming what it refuses.
      assertThat(driver.findElement(maxHops).getText())
          .isEqualTo(
              "Højst antal hop for konfigurationen 'defaultconfig' af domænet '"
                  + domain
                  + "' skal være 0 til 1000, ikke 5000");
      assertThat(driver.findElement(By.id("configuration:settingsMessage")).getText()).isEmpty();
      browser.screenshot("admin-configuration-refused-da");

      driver.get(UI + "edit-seed-list.xhtml?domain=" + domain);
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("seedList:seeds")));
      type(driver, "seedList:name", "nyheder");
      type(driver, "seedList:seeds", "https://" + domain + "/\nhtp://bad.example");
      driver.findElement(By.id("seedList:save")).click();
      By seeds = By.id("seedList:seedsMessage");
      wait.until(ExpectedConditions.textToBePresentInElementLocated(seeds, "htp://bad"));
      assertThat(driver.findElement(seeds).getText())
          .startsWith("Seedet 'htp://bad.example' i ")
          .endsWith(" er ikke en http(s)-adresse");

      type(driver, "seedList:name", "!nyheder");
      type(driver, "seedList:seeds", "https://" + domain + "/");
      driver.findElement(By.id("seedList:save")).click();
      By name = By.id("seedList:nameMessage");
      wait.until(ExpectedConditions.textToBePresentInElementLocated(name, "!nyheder"));
      assertThat(driver.findElement(name).getText())
          .startsWith("Navnet på en ")
          .endsWith("ikke '!nyheder'");

      driver.get(UI + "edit-domain.xhtml?domain=" + domain);
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("domain:crawlerTraps")));
      type(driver, "domain:crawlerTraps", "(unclosed");
      driver.findElement(By.id("domain:save")).click();
      By traps = By.id("domain:crawlerTrapsMessage");
      wait.until(ExpectedConditions.textToBePresentInElementLocated(traps, "(unclosed"));
      assertThat(driver.findElement(traps).getText())
          .startsWith("Crawlerfælden '(unclosed' i ")
          .contains(" er ikke et gyldigt regulært udtryk: ")
          .endsWith("ved position 9");
      browser.screenshot("admin-domain-refused-da");
      System.out.println(
          "Danish refusal next to the traps: " + driver.findElement(traps).getText());
    }
  }

  private static String json(Api api, String path) throws Exception {
    HttpResponse<String> response = api.get(path);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return response.body().replace(" ", "");
  }

  private static String value(WebDriver driver, String id) {
    return driver.findElement(By.id(id)).getDomProperty("value");
  }

  private static void type(WebDriver driver, String id, String text) {
    WebElement field = driver.findElement(By.id(id));
    field.clear();
    field.sendKeys(text);
  }
}
