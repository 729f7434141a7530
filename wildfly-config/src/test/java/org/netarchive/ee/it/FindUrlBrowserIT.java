package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Archive → Find an archived URL in headless Chromium: a viewer finds the captures of a stored WARC
 * by URL prefix, listed by date, each date linking to the capture's replay page and each file and
 * offset to its record; the system page shows the capture index.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only; the capture index's database work is
 * CaptureIndexIT's, which runs on PostgreSQL too.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class FindUrlBrowserIT {

  @TempDir Path dir;

  @Test
  void givenAStoredWarc_whenAViewerFindsItsUrls_thenTheCapturesListedByDateWithReplayLinks()
      throws Exception {
    Api admin = Api.admin();
    String marker = ScheduledHarvests.unique("findurlit-");
    String name = marker + ".warc";
    try (ArchiveFixtures archive = new ArchiveFixtures()) {
      archive
          .client(1)
          .store(ArchiveFixtures.warc(dir.resolve(name), WarcCompression.NONE, 3, marker));
    }
    admin.await(
        "/api/capture-index/files/" + name, f -> f.getBoolean("indexed"), Duration.ofSeconds(60));

    Api viewer = Api.newAccount("viewer");
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(viewer.user(), viewer.password());
      driver.get(ServerUnderTest.HTTP + "/archive/find-url.xhtml");
      browser.await(By.id("search:url"));
      browser.type("search:url", "http://kb.dk/" + marker + "/");
      ((JavascriptExecutor) driver)
          .executeScript("PrimeFaces.getWidgetById('search:matchType').selectValue('prefix')");
      driver.findElement(By.id("search:find")).click();
      wait.until(ExpectedConditions.urlContains("matchType=prefix"));
      List<WebElement> rows =
          browser.await(By.id("captures")).findElements(By.cssSelector("tbody tr"));
      assertThat(rows).hasSize(3);
      assertThat(rows.get(0).getText())
          .contains("2025-01-31 12:00:00", "http://kb.dk/" + marker + "/0", "text/html", "200");
      String replay = rows.get(1).findElement(By.cssSelector("a.nas-replay")).getAttribute("href");
      assertThat(replay)
          .contains(
              "/archive/replay.xhtml?url=http%3A%2F%2Fkb.dk%2F"
                  + marker
                  + "%2F1&timestamp=20250131120001");
      assertThat(rows.get(1).findElement(By.partialLinkText(name)).getAttribute("href"))
          .contains("/archive/get-record.xhtml?file=" + name + "&offset=");
      browser.screenshot("archive-find-url");

      driver.get(ServerUnderTest.HTTP + "/index.xhtml");
      assertThat(browser.await(By.id("captureIndexCaptures")).getText()).isNotBlank();
      assertThat(driver.findElement(By.id("captureIndex")).getText())
          .contains("Files stored, not yet indexed");
    }
  }
}
