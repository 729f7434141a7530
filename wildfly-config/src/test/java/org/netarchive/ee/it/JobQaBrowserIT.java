package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The job's QA page in headless Chromium, as a viewer: the page prepares the job's crawl.log (taken
 * from its metadata WARC in the archive) and shows it when ready; the crawl log filtered by URL
 * pattern, status, MIME type and domain shows the one line asked for; a bad status is named next to
 * its field; the seeds report counts the failed seed; a domain of the per-domain table opens the
 * comparison with its previous harvest. Screenshots as build output.
 *
 * <p>Tagged database-neutral, as JobQaIT.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JobQaBrowserIT {

  @TempDir Path dir;

  private final long base = 6_000_000L + (System.currentTimeMillis() % 100_000L) * 10;

  @Test
  void givenAJobsMetadataInTheArchive_whenItsQaPageIsOpenedAndFiltered_thenTheLineShows()
      throws Exception {
    long previous = base + 1;
    long current = base + 2;
    String domain = "qab" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
    JobQaIT.twoJobs(Api.admin(), dir, domain, previous, current, 2_000);
    Api viewer = Api.newAccount("viewer");

    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(60));
      browser.logIn(viewer.user(), viewer.password());
      driver.get(ServerUnderTest.HTTP + "/status/job-qa.xhtml?id=" + current);
      browser.await(By.id("qa:crawlLogForm:lines"));

      browser.type("qa:crawlLogForm:url", "annual-2024");
      browser.type("qa:crawlLogForm:status", "200");
      browser.type("qa:crawlLogForm:mime", "application/pdf");
      browser.type("qa:crawlLogForm:domain", domain);
      driver.findElement(By.id("qa:crawlLogForm:search")).click();
      By rows = By.xpath("//*[@id='qa:crawlLogForm:lines']//tbody/tr");
      wait.until(
          d ->
              d.findElements(rows).size() == 1
                  && d.findElement(rows).getText().contains("/reports/annual-2024.pdf"));
      assertThat(driver.findElement(rows).getText())
          .contains("https://www." + domain + "/reports/annual-2024.pdf", "200", "application/pdf");
      browser.screenshot("job-qa-crawl-log");

      browser.type("qa:crawlLogForm:status", "2xx,abc");
      driver.findElement(By.id("qa:crawlLogForm:search")).click();
      wait.until(
          d -> d.findElement(By.id("qa:crawlLogForm:statusMessage")).getText().contains("'abc'"));

      driver.findElement(By.xpath("//*[@id='qa']//a[normalize-space(.)='Seeds report']")).click();
      wait.until(d -> d.findElement(By.id("qa:seedSummary")).isDisplayed());
      assertThat(driver.findElement(By.id("qa:seedSummary")).getText())
          .isEqualTo("2 seeds in the crawl log, 1 failed.");

      driver.findElement(By.xpath("//*[@id='qa']//a[normalize-space(.)='Domains']")).click();
      By domainLink =
          By.xpath("//*[@id='qa:domainsForm:domains']//a[normalize-space(.)='" + domain + "']");
      browser.await(domainLink);
      wait.until(d -> d.findElement(domainLink).isDisplayed());
      browser.screenshot("job-qa-domains");
      driver.findElement(domainLink).click();
      wait.until(
          d ->
              !d.findElements(By.id("qa:compareForm:comparisonSummary")).isEmpty()
                  && d.findElement(By.id("qa:compareForm:comparisonSummary")).isDisplayed());
      assertThat(driver.findElement(By.id("qa:compareForm:comparisonSummary")).getText())
          .startsWith("Job " + previous + " captured 5 URLs of the domain, this job 1,398;")
          .endsWith("3 of the earlier URLs are missing here.");
      assertThat(driver.findElement(By.id("qa:compareForm:missing")).getText())
          .contains("/old/removed-1.html", "/old/removed-2.html", "/page/2.html");
      browser.screenshot("job-qa-missing");
    }
  }
}
