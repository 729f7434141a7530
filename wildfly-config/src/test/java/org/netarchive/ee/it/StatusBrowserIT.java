package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.common.message.CrawlStopReason;
import org.netarchive.ee.common.message.DomainStatistics;
import org.netarchive.ee.common.message.JobProgress;
import org.netarchive.ee.common.message.JobStarted;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Harvest status section in a real browser, with jobs the scheduler really made: two harvests
 * with the "Once" schedule on a channel of the test's own (no agent serves it, and the jobs list
 * says so) become SUBMITTED jobs; the test, as a remote agent, starts one and reports its progress
 * (the running-jobs page shows the bar and moves it without a reload), finishes it with statistics
 * (the job page shows DONE and what each domain got, the domain's history charts it), and fails the
 * other (resubmitted from its page). The jobs list filters, and the settings page refuses a bad
 * value next to its field.
 *
 * <p>Tagged database-neutral: the jobs and statistics behind the pages are JobLifecycleIT's and
 * OperationsIT's work on PostgreSQL.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class StatusBrowserIT {

  private static final String UI = ServerUnderTest.HTTP + "/status/";

  private final Api admin = Api.admin();
  private final ScheduledHarvests harvests = new ScheduledHarvests(admin);

  @Test
  void givenJobsTheSchedulerMade_whenAnAgentRunsThem_thenTheStatusPagesFollowThem()
      throws Exception {
    String channel = harvests.newChannel();
    String harvest = ScheduledHarvests.unique("Status ui ");
    String failing = ScheduledHarvests.unique("Status ui failing ");
    String complete = ScheduledHarvests.unique("it-status-") + ".dk";
    String limited = ScheduledHarvests.unique("it-status-") + ".dk";
    harvests.createHarvest(harvest, channel, "Once");
    harvests.addSeeds(harvest, "?maxObjects=25", List.of(complete, limited));
    harvests.createHarvest(failing, channel, "Once");
    harvests.addSeeds(failing, "", List.of(ScheduledHarvests.unique("it-status-") + ".dk"));
    harvests.activate(harvest);
    harvests.activate(failing);
    long jobId = submittedJob(harvest);
    long failingJobId = submittedJob(failing);

    try (RemoteAgent agent = new RemoteAgent();
        Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      // The jobs list: the harvest's job, waiting, and the banner naming the channel nobody serves.
      driver.get(UI + "jobs.xhtml?harvest=" + Api.segment(harvest));
      browser.await(By.id("menu-jobs"));
      assertThat(driver.findElement(By.id("waiting")).getText())
          .contains(channel, "no harvester agent");
      assertThat(rowText(driver, jobId)).contains("Submitted", channel, harvest);
      assertThat(driver.findElement(By.id("counts")).getText()).contains("Submitted:");
      System.out.println("Waiting banner: " + driver.findElement(By.id("waiting")).getText());

      // Started, with a first progress report: 30 of 40 URIs.
      Instant started = Instant.now();
      agent.report(new JobStarted(jobId, "it-status-agent", started));
      agent.report(
          new JobProgress(
              jobId, "it-status-agent", started.plusSeconds(20), 40, 10, 30, 1.5, 80, 2, 4096));
      harvests.awaitJob(jobId, j -> j.getJsonObject("job").get("progress") instanceof JsonObject);
      driver.get(UI + "running.xhtml");
      assertThat(textOf(() -> progressBarOf(driver, jobId))).isEqualTo("75%");
      String row = rowText(driver, jobId);
      assertThat(row).contains(harvest, channel, "it-status-agent", "30 of 40", "4,096", "1.5");
      browser.screenshot("status-running-job");
      System.out.println("Running: " + row.replace('\n', ' '));

      // A newer report moves the bar on the open page.
      agent.report(
          new JobProgress(
              jobId, "it-status-agent", started.plusSeconds(40), 40, 4, 36, 2.5, 120, 3, 8192));
      // (the page's poll replaces the table: a row found just before it may be gone when read)
      Browser.waitUpTo(driver, Duration.ofSeconds(20))
          .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
          .until(d -> progressBarOf(d, jobId).getText().equals("90%"));
      assertThat(rowText(driver, jobId)).contains("36 of 40", "8,192");

      // The job's page: summary, template, and its two domains with their limits.
      driver.findElement(By.linkText(Long.toString(jobId))).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("domainsForm:domains")));
      assertThat(driver.findElement(By.id("status")).getText()).isEqualTo("Started");
      assertThat(driver.findElement(By.id("channel")).getText()).isEqualTo(channel);
      assertThat(driver.findElement(By.id("agent")).getText()).isEqualTo("it-status-agent");
      assertThat(driver.findElement(By.id("template")).getText()).contains("version");
      assertThat(driver.findElement(By.cssSelector("#limits .ui-progressbar")).getText())
          .isEqualTo("90%");
      String domains = driver.findElement(By.id("domainsForm:domains")).getText();
      assertThat(domains).contains(complete, limited, "http://www." + complete + "/", "25");
      assertThat(driver.findElements(By.id("actions:resubmit"))).isEmpty();
      browser.screenshot("status-job-details");
      // The template as sent, folded away until asked for.
      assertThat(driver.findElement(By.cssSelector("#crawlerBeans .nas-pre")).isDisplayed())
          .isFalse();
      driver.findElement(By.cssSelector("#crawlerBeans .ui-panel-titlebar-icon")).click();
      wait.until(
          ExpectedConditions.visibilityOfElementLocated(By.cssSelector("#crawlerBeans .nas-pre")));
      assertThat(driver.findElement(By.cssSelector("#crawlerBeans .nas-pre")).getText())
          .contains("%{SEEDS}");

      // Finished with statistics: DONE, and what each domain got.
      agent.report(
          RemoteAgent.done(
              jobId,
              "it-status-agent",
              started.plusSeconds(60),
              new DomainStatistics(
                  complete, 12, 34_567, CrawlStopReason.DOWNLOAD_COMPLETE, 7L, 30_000L),
              new DomainStatistics(limited, 25, 99_999, CrawlStopReason.OBJECT_LIMIT)));
      harvests.awaitJob(jobId, ScheduledHarvests.inStatus("DONE"));
      driver.navigate().refresh();
      wait.until(ExpectedConditions.textToBe(By.id("status"), "Done"));
      WebElement limitedRow =
          driver.findElement(
              By.xpath("//*[@id='domainsForm:domains']//tr[.//a[text()='" + limited + "']]"));
      assertThat(limitedRow.getText()).contains("99,999", "configuration object limit");
      assertThat(driver.findElement(By.id("finishedAt")).getText()).endsWith("UTC");
      // What deduplication saved: 7 of the 37 objects were revisits.
      assertThat(driver.findElement(By.id("deduplicated")).getText())
          .isEqualTo(
              "7 of 37 objects unchanged since earlier harvests, archived as revisits"
                  + " (30,000 bytes not stored again)");
      WebElement completeRow =
          driver.findElement(
              By.xpath("//*[@id='domainsForm:domains']//tr[.//a[text()='" + complete + "']]"));
      assertThat(completeRow.getText()).contains("34,567", "7");
      browser.screenshot("status-job-done");
      System.out.println("Done: " + limitedRow.getText());

      // The domain's history: the run in the table, and a chart of it.
      limitedRow.findElement(By.linkText(limited)).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("list:history")));
      assertThat(driver.findElement(By.id("list:history")).getText()).contains(harvest, "99,999");
      assertThat(driver.findElements(By.cssSelector("#chartPanel canvas"))).hasSize(1);
      // the chart's first bar: the objects of the domain's only run
      Object objects =
          wait.until(
              d ->
                  ((JavascriptExecutor) d)
                      .executeScript(
                          "var w = PrimeFaces.getWidgetById('chart');"
                              + " return w && w.chart ? w.chart.data.datasets[0].data[0] : null;"));
      assertThat(((Number) objects).longValue()).isEqualTo(25);

      // The jobs list filters by status and harvest; the address says what it shows.
      driver.get(UI + "jobs.xhtml");
      ((JavascriptExecutor) driver)
          .executeScript("PrimeFaces.getWidgetById('filter:status').selectValue('DONE')");
      wait.until(ExpectedConditions.textToBe(By.id("filter:status_label"), "Done"));
      browser.type("filter:harvest", harvest);
      driver.findElement(By.id("filter:show")).click();
      wait.until(ExpectedConditions.urlContains("status=DONE"));
      assertThat(driver.getCurrentUrl()).contains("harvest=");
      assertThat(rowText(driver, jobId)).contains("Done");
      assertThat(driver.findElements(By.cssSelector("#list\\:jobs tbody tr"))).hasSize(1);
      driver.get(UI + "jobs.xhtml?status=STARTED&harvest=" + Api.segment(harvest));
      assertThat(driver.findElement(By.id("list:jobs")).getText()).contains("No jobs.");
      int run = harvests.job(jobId).getJsonObject("job").getInt("harvestRun");
      driver.get(
          UI
              + "jobs.xhtml?harvest="
              + Api.segment(harvest)
              + "&run="
              + run
              + "&channel="
              + channel);
      assertThat(rowText(driver, jobId)).contains("Done");
      driver.get(UI + "jobs.xhtml?harvest=" + Api.segment(harvest) + "&run=" + (run + 1));
      assertThat(driver.findElements(By.linkText(Long.toString(jobId)))).isEmpty();
      // a run without its harvest is refused, saying why
      driver.get(UI + "jobs.xhtml?run=" + run);
      assertThat(driver.findElement(By.tagName("main")).getText()).contains("needs the harvest");

      // The other job fails; from its page it is resubmitted as a new job that links back.
      agent.report(
          RemoteAgent.failed(
              failingJobId,
              "it-status-agent",
              Instant.now(),
              "Heritrix could not start",
              "java.io.IOException: no space left on device"));
      harvests.awaitJob(failingJobId, ScheduledHarvests.inStatus("FAILED"));
      driver.get(UI + "job.xhtml?id=" + failingJobId);
      assertThat(driver.findElement(By.id("harvestError")).getText())
          .isEqualTo("Heritrix could not start");
      assertThat(driver.findElement(By.id("harvestErrorDetails")).getText())
          .contains("no space left on device");
      driver.findElement(By.id("actions:resubmit")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("resubmittedFrom")));
      assertThat(driver.findElement(By.id("resubmittedFrom")).getText())
          .isEqualTo(Long.toString(failingJobId));
      assertThat(driver.findElement(By.id("messages")).getText())
          .contains("Job " + failingJobId + " was resubmitted as job");
      long copy = Long.parseLong(driver.getCurrentUrl().replaceAll(".*[?&]id=(\\d+).*", "$1"));
      JsonObject old = harvests.job(failingJobId).getJsonObject("job");
      assertThat(old.getString("status")).isEqualTo("RESUBMITTED");
      assertThat(old.getJsonNumber("resubmittedAs").longValue()).isEqualTo(copy);
      System.out.println("Job " + failingJobId + " resubmitted as " + copy);

      // The harvest's runs, reached from the harvest's own page.
      driver.get(
          ServerUnderTest.HTTP
              + "/definitions/edit-selective-harvest.xhtml?name="
              + Api.segment(harvest));
      driver.findElement(By.xpath("//*[@id='harvest:runs']/descendant-or-self::a")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("runs")));
      assertThat(driver.findElement(By.id("runs")).getText()).contains("DONE");
      driver.findElement(By.xpath("//*[@id='runs']//a")).click();
      wait.until(ExpectedConditions.urlContains("run="));
      assertThat(rowText(driver, jobId)).contains(harvest);
    }
  }

  @Test
  void givenSettingsPage_whenAdminSavesABadValue_thenRefusedNextToItsFieldAndNothingStored()
      throws Exception {
    String before = json(admin.get("/api/settings/scheduling")).getString("split.maxTotalSize");
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      driver.get(UI + "settings.xhtml");
      assertThat(driver.findElement(By.id("settings:split-maxTotalSize")).getAttribute("value"))
          .isEqualTo(before);
      browser.type("settings:split-maxTotalSize", "0");
      driver.findElement(By.id("settings:save")).click();
      wait.ignoring(StaleElementReferenceException.class)
          .until(
              d -> !d.findElement(By.id("settings:split-maxTotalSizeMessage")).getText().isEmpty());
      WebElement refusal = driver.findElement(By.id("settings:split-maxTotalSizeMessage"));
      assertThat(refusal.getText()).contains("maxTotalSize", "0");
      // next to the field: in the same cell as its input
      assertThat(refusal.findElements(By.xpath("../*[@id='settings:split-maxTotalSize']")))
          .hasSize(1);
      assertThat(driver.findElements(By.id("settings:job-timeoutSecondsMessage")))
          .allSatisfy(m -> assertThat(m.getText()).isEmpty());
      ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView()", refusal);
      browser.screenshot("status-settings-refused");
      System.out.println("Refused next to the field: " + refusal.getText());
    }
    assertThat(json(admin.get("/api/settings/scheduling")).getString("split.maxTotalSize"))
        .isEqualTo(before);

    // A viewer reads the settings but cannot change them.
    Api viewer = Api.newAccount("viewer");
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      browser.logIn(viewer.user(), viewer.password());
      driver.get(UI + "settings.xhtml");
      assertThat(driver.findElement(By.id("settings:split-maxTotalSize")).isEnabled()).isFalse();
      assertThat(driver.findElements(By.id("settings:save"))).isEmpty();
    }
  }

  private long submittedJob(String harvest) throws Exception {
    List<JsonObject> jobs =
        harvests.awaitJobs(harvest, js -> ScheduledHarvests.allIn(js, "SUBMITTED"));
    assertThat(jobs).hasSize(1);
    return jobs.get(0).getJsonNumber("id").longValue();
  }

  /** The table row that links to the job. */
  private static WebElement rowOf(WebDriver driver, long jobId) {
    return driver.findElement(By.xpath("//tr[.//a[text()='" + jobId + "']]"));
  }

  /** The text of a job's row, read again if the page's poll replaced the row meanwhile. */
  private static String rowText(WebDriver driver, long jobId) {
    return textOf(() -> rowOf(driver, jobId));
  }

  private static String textOf(java.util.function.Supplier<WebElement> element) {
    for (int attempt = 1; ; attempt++) {
      try {
        return element.get().getText();
      } catch (org.openqa.selenium.WebDriverException replaced) {
        // stale: Selenium's StaleElementReferenceException or chromedriver's "Node with given id
        // does not belong to the document"
        boolean stale =
            replaced instanceof org.openqa.selenium.StaleElementReferenceException
                || String.valueOf(replaced.getMessage())
                    .contains("does not belong to the document");
        if (!stale || attempt == 5) {
          throw replaced;
        }
      }
    }
  }

  private static WebElement progressBarOf(WebDriver driver, long jobId) {
    return rowOf(driver, jobId).findElement(By.cssSelector(".ui-progressbar"));
  }
}
