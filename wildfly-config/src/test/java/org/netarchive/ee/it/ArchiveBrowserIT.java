package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netpreserve.jwarc.WarcCompression;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Archive section in a real browser, against the real repository and both bitarchives: a
 * curator uploads a WARC on the upload page and sees it stored; the files list finds it and shows
 * both replicas UPLOAD_COMPLETED; the file page shows equal checksums; the get-record page shows
 * the page that was served at an offset, exactly as jwarc reads it; a cdx batch job runs with
 * progress and its downloaded result is jwarc's CDX of the file. A viewer sees the lists but can
 * neither upload nor run batch jobs.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only; its uploads, lists and batch jobs go through
 * the archive services ArchiveApiIT, ArchiveStoreIT and ArchiveAccessIT run on PostgreSQL; the rest
 * is pages.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag("database-neutral")
class ArchiveBrowserIT {

  private static final String UI = ServerUnderTest.HTTP + "/archive/";

  @TempDir Path dir;

  @Test
  void givenAWarcUploadedInTheBrowser_whenLookingThroughTheArchiveSection_thenEverythingShows()
      throws Exception {
    String prefix = WarcFixtures.uniquePrefix();
    Path file = WarcFixtures.inSeries(dir, prefix, 0, 6, WarcCompression.GZIP);
    String name = file.getFileName().toString();
    String sha512 = ChecksumAlgorithm.SHA512.of(file);

    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(90));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      // Upload: the store runs in the background and the list follows it to Done.
      driver.get(UI + "upload-file.xhtml");
      browser
          .await(By.cssSelector("input[type=file][id^='upload:file']"))
          .sendKeys(file.toString());
      driver.findElement(By.id("upload:send")).click();
      By uploadRow = By.xpath("//*[@id='recent:uploads']//tr[contains(., '" + name + "')]");
      wait.until(d -> d.findElement(uploadRow).getText().contains("Done"));
      assertThat(driver.findElement(uploadRow).getText())
          .contains(name, "Done", String.format(java.util.Locale.ENGLISH, "%,d", Files.size(file)));
      browser.screenshot("archive-upload");

      // The list, searched by a part of the name through the form.
      driver.get(UI + "archive-files.xhtml");
      browser.await(By.id("filter:name"));
      browser.type("filter:name", prefix.substring(4, 12));
      driver.findElement(By.id("filter:show")).click();
      wait.until(ExpectedConditions.urlContains("name=" + prefix.substring(4, 12)));
      String row = rowOf(browser, name);
      assertThat(row)
          .contains("ONE: Upload completed", "TWO: Upload completed", sha512.substring(0, 16));
      assertThat(driver.findElement(By.id("counts")).getText()).contains("Upload completed:");
      browser.screenshot("archive-files");
      System.out.println("Files row: " + row.replace('\n', ' '));

      // The file's page: both copies completed, with the file's own checksum.
      driver.findElement(By.linkText(name)).click();
      browser.await(By.id("copies"));
      assertThat(driver.findElement(By.id("fileName")).getText()).isEqualTo(name);
      assertThat(driver.findElement(By.id("sha512")).getText()).isEqualTo(sha512);
      assertThat(driver.findElement(By.id("checksums")).getText())
          .isEqualTo("Equal to the stored checksum");
      String copies = driver.findElement(By.id("copies")).getText();
      assertThat(copies).contains("ONE", "TWO", "Upload completed", sha512);
      assertThat(copies.split("Upload completed", -1)).hasSize(3);
      browser.screenshot("archive-file");

      // A record: the page that was served, as jwarc reads it at that offset.
      long offset = WarcFixtures.firstResponse(file);
      driver.findElement(By.id("get-record")).click();
      browser.await(By.id("request:offset"));
      assertThat(driver.findElement(By.id("request:file")).getAttribute("value")).isEqualTo(name);
      browser.type("request:offset", Long.toString(offset));
      driver.findElement(By.id("request:fetch")).click();
      wait.until(ExpectedConditions.urlContains("offset=" + offset));
      wait.until(ExpectedConditions.textToBe(By.id("recordType"), "response"));
      assertThat(driver.findElement(By.id("httpStatus")).getText()).isEqualTo("HTTP/1.1 200 OK");
      assertThat(driver.findElement(By.id("payload")).getText())
          .isEqualTo(WarcFixtures.servedPage(file, offset))
          .contains("bl\u00e5b\u00e6rgr\u00f8d");
      browser.screenshot("archive-get-record");
      ((JavascriptExecutor) driver)
          .executeScript("arguments[0].scrollIntoView()", driver.findElement(By.id("payload")));
      browser.screenshot("archive-get-record-payload");
      // The raw record downloads through the API with the browser's session.
      String record =
          fetchText(driver, driver.findElement(By.id("download-payload")).getAttribute("href"));
      assertThat(record).isEqualTo(WarcFixtures.servedPage(file, offset));

      // An offset inside a record is refused at the top of the page, naming it.
      driver.get(UI + "get-record.xhtml?file=" + name + "&offset=" + (offset + 5));
      assertThat(browser.await(By.id("messages")).getText())
          .contains("No WARC or ARC record starts at offset " + (offset + 5), name);
      assertThat(driver.findElements(By.id("payload"))).isEmpty();

      // A batch job: cdx over the file on replica TWO, followed until done, result downloaded.
      driver.get(UI + "run-batch.xhtml");
      browser.await(By.id("batch:run"));
      JavascriptExecutor js = (JavascriptExecutor) driver;
      js.executeScript("PrimeFaces.getWidgetById('batch:job').selectValue('cdx')");
      js.executeScript("PrimeFaces.getWidgetById('batch:replica').selectValue('TWO')");
      browser.type("batch:filePattern", Pattern.quote(prefix) + ".*");
      driver.findElement(By.id("batch:run")).click();
      // The newest run is first; the list follows it until it is done.
      wait.until(ExpectedConditions.textToBe(By.id("recent:runs:0:state"), "Done"));
      String runs = driver.findElement(By.cssSelector("[id='recent:runs_data'] tr")).getText();
      assertThat(runs).contains("cdx", "TWO", prefix, "Download");
      browser.screenshot("archive-batch");
      System.out.println("Batch runs: " + runs.replace('\n', ' '));
      String href =
          driver.findElement(By.cssSelector("[id^='recent:runs:0:result']")).getAttribute("href");
      assertThat(fetchText(driver, href)).isEqualTo(WarcFixtures.cdx(file)).isNotEmpty();
    }

    // A viewer looks, but neither uploads nor runs batch jobs.
    Api viewer = Api.newAccount("viewer");
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      browser.logIn(viewer.user(), viewer.password());
      driver.get(UI + "archive-files.xhtml?match=prefix&name=" + prefix);
      assertThat(rowOf(browser, name)).contains("Upload completed");
      assertThat(driver.findElements(By.id("menu-upload-file"))).isEmpty();
      driver.get(UI + "run-batch.xhtml");
      browser.await(By.id("recent:runs"));
      assertThat(driver.findElements(By.id("batch:run"))).isEmpty();
      driver.get(UI + "upload-file.xhtml");
      assertThat(driver.findElements(By.id("upload:send"))).isEmpty();
    }
  }

  @Test
  void givenTheIndexesPage_whenAJobSetIsAskedFor_thenBadIdsAreNamedAndTheBuildIsFollowed()
      throws Exception {
    long unknownJob = 880_000_000L + System.nanoTime() % 1_000_000L;
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(60));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      driver.get(UI + "indexes.xhtml");
      browser.await(By.id("menu-indexes"));

      browser.type("index:jobs", "12, 12x");
      driver.findElement(By.id("index:request")).click();
      // the message element is in the page before the answer replaces it: wait for its text,
      // finding it again each time (CI once read the replaced one and got a stale element)
      wait.until(
          ExpectedConditions.textToBe(By.id("index:jobsMessage"), "Job ID '12x' is not a number"));

      browser.type("index:jobs", Long.toString(unknownJob));
      driver.findElement(By.id("index:request")).click();
      By row = By.xpath("//*[@id='recent:builds']//tr[contains(., '[" + unknownJob + "]')]");
      // the text is read inside the wait: a last poll may replace the row right after
      String failed =
          wait.until(
              d -> {
                String text = d.findElement(row).getText();
                return text.contains("Failed") ? text : null;
              });
      assertThat(failed)
          .contains("DEDUP", "The archive holds no metadata of any of the jobs " + unknownJob);
      browser.screenshot("archive-indexes");
    }
  }

  private static String rowOf(Browser browser, String name) {
    return browser
        .await(By.xpath("//*[@id='list:files']//tr[.//a[text()='" + name + "']]"))
        .getText();
  }

  /** GETs an address with the browser's session and returns the text. */
  private static String fetchText(WebDriver driver, String href) {
    Object text =
        ((JavascriptExecutor) driver)
            .executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                    + "fetch(arguments[0], {credentials: 'same-origin'})"
                    + ".then(r => r.ok ? r.text() : 'HTTP ' + r.status).then(done)"
                    + ".catch(e => done('failed: ' + e));",
                href);
    return (String) text;
  }
}
