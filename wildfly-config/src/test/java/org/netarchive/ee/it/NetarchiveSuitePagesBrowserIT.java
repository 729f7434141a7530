package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcCompression;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The admin pages that take over a NetarchiveSuite installation (issue 17), used in a real browser:
 * the import of its harvest database refuses a bad source beside the field at fault and never shows
 * the password again, and a dry run of a database in NetarchiveSuite's schema shows its report; the
 * adoption page imports admin data, adopts a bitarchive directory and shows a verified and a
 * corrupt copy; and nobody but an admin opens either page.
 *
 * <p>The dry run needs a PostgreSQL database in NetarchiveSuite's schema, as
 * NetarchiveSuiteImportIT does ({@value NetarchiveSuiteImportIT#URL_VARIABLE}): that test is tagged
 * as it is and runs in .ci/run's PostgreSQL pass only. The others are tagged database-neutral and
 * run on H2 only: the pages' refusals and access, and an adoption whose work on PostgreSQL is
 * NasAdoptionIT's.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class NetarchiveSuitePagesBrowserIT {

  private static final String IMPORT_PAGE =
      ServerUnderTest.HTTP + "/system/netarchivesuite-import.xhtml";
  private static final String ADOPTION_PAGE = ServerUnderTest.HTTP + "/archive/adopt-archive.xhtml";

  /** Domains the dry run refuses beyond those of the fixture, to fill two pages of the report. */
  private static final int EXTRA_REFUSED = 30;

  @TempDir Path work;

  @Test
  @Tag("database-neutral")
  void givenAnAdmin_whenAnImportHasABadSource_thenEachRefusalIsBesideItsFieldWithoutThePassword()
      throws Exception {
    String secret = "ui-secret-" + UUID.randomUUID();
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      assertThat(driver.findElement(By.id("menu")).getDomProperty("textContent"))
          .contains("Import from NetarchiveSuite", "Adopt a NetarchiveSuite archive");
      driver.get(IMPORT_PAGE);
      browser.type("source:url", "jdbc:mysql://127.0.0.1:3306/harvestdb");
      browser.type("source:user", "netarchivesuite");
      browser.type("source:password", secret);
      driver.findElement(By.id("source:start")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("source:urlMessage"), "must be a PostgreSQL JDBC URL"));
      assertThat(driver.findElement(By.id("source:urlMessage")).getText())
          .contains("jdbc:mysql://127.0.0.1:3306/harvestdb");
      assertThat(driver.findElement(By.id("source:password")).getDomProperty("value")).isEmpty();
      assertThat(driver.getPageSource()).doesNotContain(secret);
      browser.screenshot("netarchivesuite-import-refused");

      // A time zone that is none: refused beside its own field, before any connection.
      browser.type("source:url", "jdbc:postgresql://127.0.0.1:5432/harvestdb");
      browser.type("source:password", secret);
      browser.type("source:timeZone", "Mars/Olympus_Mons");
      driver.findElement(By.id("source:start")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("source:timeZoneMessage"), "'Mars/Olympus_Mons' is not a time zone id"));
      assertThat(driver.findElement(By.id("source:urlMessage")).getText()).isEmpty();
      assertThat(driver.getPageSource()).doesNotContain(secret);
    }
    assertThat(ServerUnderTest.serverLogText()).doesNotContain(secret);
  }

  @Test
  @Tag(NetarchiveSuiteSource.TAG)
  void givenANetarchiveSuiteDatabase_whenADryRunIsStartedOnThePage_thenItsReportIsShown()
      throws Exception {
    NetarchiveSuiteSource source =
        NetarchiveSuiteSource.fromEnvironment("the dry run on the NetarchiveSuite import page");
    String url = source.url();
    String user = source.user();
    String password = source.password();
    String run = UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    loadFixture(url, user, password, run);
    Api admin = Api.admin();

    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofMinutes(3));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      driver.get(IMPORT_PAGE);
      browser.type("source:url", url);
      browser.type("source:user", user == null ? "" : user);
      browser.type("source:password", password == null ? "" : password);
      browser.type("source:timeZone", "Europe/Copenhagen");
      assertThat(driver.findElement(By.id("source:dryRun_input")).isSelected())
          .as("a dry run unless unchecked")
          .isTrue();
      driver.findElement(By.id("source:start")).click();

      // The page of the import follows it to its end, then shows its report.
      wait.until(ExpectedConditions.urlContains("id="));
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(By.id("followed:state"), "Done"));
      String counts = driver.findElement(By.id("followed:counts")).getText();
      assertThat(counts).contains("domains", "schedules", "templates");
      assertThat(driver.findElement(By.id("followed:problemCount")).getText())
          .startsWith("Rows not taken: ");
      // The refused rows a page at a time: the next page has rows the first has not.
      String firstPage = driver.findElement(By.id("followed:problems_data")).getText();
      driver.findElement(By.cssSelector("[id='followed:problems'] .ui-paginator-next")).click();
      wait.until(d -> !d.findElement(By.id("followed:problems_data")).getText().equals(firstPage));
      String secondPage = driver.findElement(By.id("followed:problems_data")).getText();
      assertThat(secondPage).contains("bad name ").contains(run);
      assertThat(driver.findElements(By.cssSelector("[id='followed:problems_data'] > tr")).size())
          .isBetween(1, 25);
      assertThat(firstPage + secondPage)
          .contains("domains", "not a domain " + run, "schedules", "Minutely " + run, "minutes");
      assertThat(driver.findElement(By.tagName("body")).getText())
          .contains("nothing was changed")
          .doesNotContain(password == null || password.isBlank() ? "\u0000" : password);
      assertThat(driver.findElement(By.id("followed:recent")).getText()).contains(url);
      // The form is kept for the import that may follow, but for the password.
      assertThat(driver.findElement(By.id("source:url")).getDomProperty("value")).isEqualTo(url);
      assertThat(driver.findElement(By.id("source:password")).getDomProperty("value")).isEmpty();
      ((JavascriptExecutor) driver)
          .executeScript("document.getElementById('followed:import').scrollIntoView()");
      browser.screenshot("netarchivesuite-import-dry-run");
    }
    assertThat(admin.get("/api/domains/kb-" + run + ".dk").statusCode())
        .as("a dry run changes nothing")
        .isEqualTo(404);

    // The list and the problems, a page at a time, as the REST API gives them too.
    var latest = Api.jsonArray(admin.get("/api/imports/netarchivesuite?size=1")).get(0);
    long id = latest.asJsonObject().getJsonNumber("id").longValue();
    assertThat(latest.asJsonObject().getBoolean("dryRun")).isTrue();
    long problemCount = latest.asJsonObject().getJsonNumber("problemCount").longValue();
    assertThat(problemCount).isGreaterThan(3);
    var second =
        Api.jsonArray(admin.get("/api/imports/netarchivesuite/" + id + "/problems?page=1&size=2"));
    var all =
        Api.jsonArray(admin.get("/api/imports/netarchivesuite/" + id + "/problems?size=1000"));
    assertThat(all).hasSize((int) problemCount);
    assertThat(second).containsExactly(all.get(2), all.get(3));
    assertThat(admin.get("/api/imports/netarchivesuite/" + id + "/problems?size=0").statusCode())
        .isEqualTo(400);
  }

  @Test
  @Tag("database-neutral")
  void givenANetarchiveSuiteArchive_whenAdoptedOnThePage_thenAVerifiedAndACorruptCopyAreShown()
      throws Exception {
    String prefix = WarcFixtures.uniquePrefix();
    Path nas = NasFixtures.root(prefix + "ui");
    Path one = NasFixtures.bitarchiveDirectory(nas.resolve("bitarchive-one"));
    Path good =
        WarcFixtures.warc(
            work.resolve(prefix + "ui-good.warc.gz"), "good", 2, WarcCompression.GZIP);
    Path damaged =
        WarcFixtures.warc(work.resolve(prefix + "ui-bad.warc"), "bad", 2, WarcCompression.NONE);
    String damagedMd5 = NasFixtures.md5(damaged);
    NasFixtures.archive(one, good);
    NasFixtures.archiveDamaged(one, damaged);
    long when = 1_700_000_000_000L;
    Path adminData =
        NasFixtures.adminData(
            nas.resolve("admin.data"),
            List.of(
                NasFixtures.line(
                    name(good), NasFixtures.md5(good), when, Map.of("ONE", "UPLOAD_COMPLETED")),
                NasFixtures.line(
                    name(damaged), damagedMd5, when, Map.of("ONE", "UPLOAD_COMPLETED"))));

    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofMinutes(2));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      driver.get(ADOPTION_PAGE);

      // A path that is no file is refused beside the field.
      browser.type("adminData:path", work.resolve("no-such.admin.data").toString());
      driver.findElement(By.id("adminData:import")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("adminData:pathMessage"), "is not an absolute path of a readable file"));

      browser.type("adminData:path", adminData.toString());
      driver.findElement(By.id("adminData:import")).click();
      wait.until(ExpectedConditions.textToBe(By.id("copiesAdded"), "2"));
      assertThat(driver.findElement(By.id("lines")).getText()).isEqualTo("2");

      browser.await(By.id("directory:replica"));
      ((JavascriptExecutor) driver)
          .executeScript("PrimeFaces.getWidgetById('directory:replica').selectValue('ONE')");
      browser.type("directory:directory", one.toString());
      driver.findElement(By.id("directory:adopt")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("progress:directories"), one.toString()));
      assertThat(driver.findElement(By.id("messages")).getText())
          .contains("Directory " + one + " adopted for replica ONE");

      // The page follows the verification until the corrupt copy is listed with the reason.
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.id("progress:failures"), name(damaged)));
      String failures = driver.findElement(By.id("progress:failures")).getText();
      assertThat(failures).contains("Corrupt", damagedMd5, "not adopted");

      findFile(browser, wait, name(good));
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(By.id("list:fileCopies"), "Verified"));
      assertThat(driver.findElement(By.id("list:fileCopies")).getText())
          .contains("ONE", NasFixtures.md5(good), one.resolve("filedir").toString());
      findFile(browser, wait, name(damaged));
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(By.id("list:fileCopies"), "Corrupt"));
      ((JavascriptExecutor) driver)
          .executeScript("document.getElementById('progress').scrollIntoView()");
      browser.screenshot("netarchivesuite-adoption");
    }
  }

  @Test
  @Tag("database-neutral")
  void givenACurator_whenOpeningTheNetarchiveSuitePages_thenNeitherIsShown() throws Exception {
    Api curator = Api.newAccount("curator");
    assertThat(curator.get("/api/imports/netarchivesuite").statusCode()).isEqualTo(403);
    assertThat(Api.admin().get("/api/imports/netarchivesuite").statusCode()).isEqualTo(200);
    assertThat(Api.admin().get("/api/imports/netarchivesuite?size=0").body())
        .contains("Size must be 1 to 1000, was 0");
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      browser.logIn(curator.user(), curator.password());
      assertThat(driver.findElement(By.id("menu")).getDomProperty("textContent"))
          .doesNotContain("Import from NetarchiveSuite", "Adopt a NetarchiveSuite archive");
      for (String page : List.of(IMPORT_PAGE, ADOPTION_PAGE)) {
        driver.get(page);
        Browser.waitUpTo(driver, Duration.ofSeconds(30))
            .until(
                d ->
                    "complete"
                        .equals(
                            ((JavascriptExecutor) d).executeScript("return document.readyState")));
        assertThat(driver.findElements(By.id("source:url"))).as(page).isEmpty();
        assertThat(driver.findElements(By.id("adminData:path"))).as(page).isEmpty();
        assertThat(driver.findElements(By.id("menu"))).as(page).isEmpty();
        assertThat(driver.findElement(By.tagName("body")).getText()).as(page).contains("Forbidden");
      }
    }
  }

  /** Looks a file up in the page's search, waiting for the answer to replace the list. */
  private static void findFile(Browser browser, WebDriverWait wait, String fileName) {
    browser.type("list:fileName", fileName);
    browser.driver().findElement(By.id("list:find")).click();
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("list:fileCopies"), "ONE"));
  }

  /** Fills the source database from the fixture NetarchiveSuiteImportIT uses (no templates). */
  private static void loadFixture(String url, String user, String password, String run)
      throws Exception {
    String fixture;
    try (InputStream in =
        NetarchiveSuitePagesBrowserIT.class.getResourceAsStream(
            "/netarchivesuite/harvestdb-fixture.sql")) {
      fixture = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("__RUN__", run);
    }
    try (Connection connection = DriverManager.getConnection(url, user, password);
        Statement statement = connection.createStatement()) {
      statement.execute(fixture);
      // More refused rows than a page of the report holds: domains whose names are none.
      statement.execute(
          "INSERT INTO domains (domain_id, name, defaultconfig, edition)"
              + " SELECT 1000 + g, 'bad name ' || g || ' "
              + run
              + "', 51, 1 FROM generate_series(1, "
              + EXTRA_REFUSED
              + ") g");
    }
  }

  private static String name(Path file) {
    return file.getFileName().toString();
  }
}
