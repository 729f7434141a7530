package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.demo.FastTemplate;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The whole harvest roundtrip as a person does it in the admin UI, with every part real: in
 * headless Chromium an administrator uploads a crawl template and makes a harvest channel, a
 * curator creates a selective harvest of the synthetic site (three domains on loopback) with the
 * schedule "Once", points the domains' configurations at the template, limits one of them and
 * activates the harvest. The scheduler makes the job; the real harvester agent (the built
 * distribution, a child process) crawls it with Heritrix; the running-jobs page shows its progress
 * bar, the job page ends at Done with each domain's objects, bytes and stop reason; the Archive
 * section shows every WARC file and the metadata WARC completed in both replicas with equal
 * checksums, and a record fetched on its get-record page is the page the site served. The replicas'
 * copies are then read with jwarc: the crawled pages are there, both replicas hold the same bytes,
 * and the metadata WARC holds the crawl log and the CDX.
 *
 * <p>Screenshots (build output, target/screenshots): roundtrip-running-job.png (the progress bar),
 * roundtrip-job-details.png (the finished job), roundtrip-archive-files.png, roundtrip-record.png.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only; the jobs, archive records and history it makes
 * are what JobLifecycleIT, SnapshotRoundtripIT and AgentOnServerIT make on PostgreSQL; what is its
 * own, the timers and the pages, does not touch the database (the EJB timers are kept in files).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag("database-neutral")
class HarvestRoundtripBrowserIT {

  private static final String UI = ServerUnderTest.HTTP;
  private static final int OBJECT_LIMIT = 12;
  private static final long BYTE_LIMIT = 5_000_000;
  private static final List<String> REPLICAS = List.of("ONE", "TWO");

  private final Api admin = Api.admin();
  private final ScheduledHarvests harvests = new ScheduledHarvests(admin);

  @TempDir Path dir;

  @Test
  void givenACuratorInTheBrowser_whenASelectiveHarvestIsDueNow_thenItIsCrawledArchivedAndShown()
      throws Exception {
    String unique = ScheduledHarvests.unique("").toLowerCase(Locale.ROOT);
    String complete = "e2e-complete-" + unique + ".dk";
    String limited = "e2e-limited-" + unique + ".dk";
    // Host names starting with "slow" answer after a pause: a crawl long enough to watch.
    String slow = "slow-e2e-" + unique + ".dk";
    String template = "e2e_fast_" + unique;
    String channel = ("E2E" + unique).toUpperCase(Locale.ROOT);
    String harvest = "Roundtrip " + unique;
    String agentName = "e2e-agent-" + unique;
    SyntheticSite.Host completeHost = new SyntheticSite.Host(complete, 6, 1, 800);

    try (SyntheticSite site =
            new SyntheticSite(
                23,
                List.of(
                    completeHost,
                    new SyntheticSite.Host(limited, 60, 1, 800),
                    new SyntheticSite.Host(slow, 60, 1, 600)));
        Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      // The administrator: a crawl template for quick local crawls, and a channel for the agent.
      Path cxml = dir.resolve(template + ".cxml");
      Files.writeString(cxml, FastTemplate.text(), StandardCharsets.UTF_8);
      driver.get(UI + "/definitions/templates.xhtml");
      browser.type("upload:name", template);
      browser.type("upload:description", "Quick crawls of the synthetic site");
      browser
          .await(By.cssSelector("input[type=file][id^='upload:template']"))
          .sendKeys(cxml.toString());
      driver.findElement(By.id("upload:send")).click();
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "was created"));

      driver.get(UI + "/definitions/channels.xhtml");
      driver.findElement(By.xpath("//*[@id='search:new']/descendant-or-self::a")).click();
      browser.await(By.id("channel:name"));
      browser.type("channel:name", channel);
      driver
          .findElement(
              By.xpath("//label[starts-with(@for,'channel:kind') and contains(.,'elective')]"))
          .click();
      driver.findElement(By.id("channel:save")).click();
      wait.until(ExpectedConditions.urlContains("name=" + channel));

      // Its harvester agent: the real one, serving that channel.
      try (AgentProcess agent = agent(site, agentName, channel).start()) {

        // The curator: a selective harvest on that channel, run once, as soon as it is active.
        driver.get(UI + "/definitions/selective-harvests.xhtml");
        driver.findElement(By.xpath("//*[@id='search:new']/descendant-or-self::a")).click();
        browser.await(By.id("harvest:name"));
        browser.type("harvest:name", harvest);
        browser.type("harvest:audience", "End-to-end test");
        JavascriptExecutor js = (JavascriptExecutor) driver;
        js.executeScript(
            "PrimeFaces.getWidgetById('harvest:channel').selectValue(arguments[0])", channel);
        wait.until(ExpectedConditions.textToBe(By.id("harvest:channel_label"), channel));
        js.executeScript("PrimeFaces.getWidgetById('harvest:schedule').selectValue('Once')");
        wait.until(ExpectedConditions.textToBe(By.id("harvest:schedule_label"), "Once"));
        driver.findElement(By.id("harvest:save")).click();
        browser.await(By.id("seeds:seeds"));

        // Seeds: one per domain; the domains are made with their default configurations.
        browser.type(
            "seeds:seeds",
            String.join("\n", site.seed(complete), site.seed(limited), site.seed(slow)));
        driver.findElement(By.id("seeds:add")).click();
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("seeds:report")));
        assertThat(driver.findElement(By.id("seeds:domainsCreated")).getText())
            .contains("3", complete, limited, slow);

        // The harvest's configurations (one per domain, named after the harvest) crawl with the
        // quick template; one stops after a few objects.
        By configurationRows =
            By.cssSelector("[id='configurationsForm:configurationsTable'] tbody tr");
        wait.until(d -> d.findElements(configurationRows).size() == 3);
        Map<String, String> configurations = new TreeMap<>();
        for (WebElement row : driver.findElements(configurationRows)) {
          List<WebElement> cells = row.findElements(By.tagName("td"));
          configurations.put(cells.get(0).getText().strip(), cells.get(1).getText().strip());
        }
        assertThat(configurations).containsOnlyKeys(complete, limited, slow);
        for (String domain : List.of(complete, limited, slow)) {
          driver.get(
              UI
                  + "/definitions/edit-configuration.xhtml?domain="
                  + domain
                  + "&name="
                  + Api.segment(configurations.get(domain)));
          browser.await(By.id("configuration:templateId"));
          String templateId =
              (String)
                  js.executeScript(
                      "return Array.from(document.getElementById('configuration:templateId_input')"
                          + ".options).find(o => o.text.indexOf(arguments[0]) >= 0).value",
                      template);
          js.executeScript(
              "PrimeFaces.getWidgetById('configuration:templateId').selectValue(arguments[0])",
              templateId);
          wait.until(
              ExpectedConditions.textToBe(By.id("configuration:templateId_label"), template));
          // one byte limit for all (a job has one), small enough that the split expects
          // objects of the same order from all three and packs them into one job
          browser.type("configuration:maxBytes", Long.toString(BYTE_LIMIT));
          // the synthetic site answers at once: 100 requests a second instead of a minute's 60
          browser.type("configuration:maxRequestRate", "6000");
          if (domain.equals(limited)) {
            browser.type("configuration:maxObjects", Integer.toString(OBJECT_LIMIT));
          }
          driver.findElement(By.id("configuration:save")).click();
          wait.until(
              ExpectedConditions.textToBePresentInElementLocated(By.id("messages"), "was saved"));
        }

        // Activated: due now.
        driver.get(UI + "/definitions/edit-selective-harvest.xhtml?name=" + Api.segment(harvest));
        browser.await(By.id("harvest:activate")).click();
        wait.until(ExpectedConditions.textToBe(By.id("harvest:active"), "Yes"));
        Instant activated = Instant.now();
        browser.screenshot("roundtrip-harvest");

        // The scheduler makes one job of the three domains (same template and byte limit).
        long jobId = jobOf(browser, harvest);
        driver.get(UI + "/status/job.xhtml?id=" + jobId);
        assertThat(browser.await(By.id("template")).getText())
            .as("the job's template")
            .startsWith(template);

        // Running: the running-jobs page shows it with the agent and its progress bar.
        driver.get(UI + "/status/running.xhtml");
        By bar =
            By.xpath("//tr[.//a[text()='" + jobId + "']]//*[contains(@class,'ui-progressbar')]");
        Browser.waitUpTo(driver, ScheduledHarvests.SCHEDULING)
            .until(
                d -> {
                  String status = status(jobId);
                  assertThat(status)
                      .as(
                          "job %s ended before it was seen running; agent log:\n%s",
                          jobId, tail(agent))
                      .isIn("NEW", "SUBMITTED", "STARTED");
                  return percent(d.findElement(bar).getText()) > 0;
                });
        String running =
            driver.findElement(By.xpath("//tr[.//a[text()='" + jobId + "']]")).getText();
        assertThat(running).contains(harvest, channel, agentName);
        browser.screenshot("roundtrip-running-job");
        System.out.println("Running: " + running.replace('\n', ' '));

        // Done: the job's page shows what each domain got and why it stopped.
        driver.get(UI + "/status/job.xhtml?id=" + jobId);
        Browser.waitUpTo(driver, Duration.ofSeconds(240))
            .until(
                d -> {
                  String status = d.findElement(By.id("status")).getText();
                  if (status.equals("Done") || status.equals("Failed")) {
                    return true;
                  }
                  d.navigate().refresh();
                  return false;
                });
        assertThat(driver.findElement(By.id("status")).getText())
            .as("job %s; agent log:\n%s", jobId, agent.tail())
            .isEqualTo("Done");
        Instant done = Instant.now();
        assertThat(driver.findElement(By.id("agent")).getText()).isEqualTo(agentName);
        assertThat(driver.findElement(By.id("template")).getText()).contains(template);
        assertThat(driver.findElements(By.id("harvestError"))).isEmpty();
        Map<String, String> rows = new TreeMap<>();
        for (String domain : List.of(complete, limited, slow)) {
          rows.put(
              domain,
              driver
                  .findElement(
                      By.xpath("//*[@id='domainsForm:domains']//tr[.//a[text()='" + domain + "']]"))
                  .getText());
        }
        assertThat(rows.get(complete)).contains("completed");
        assertThat(rows.get(slow)).contains("completed");
        assertThat(rows.get(limited)).contains("configuration object limit");
        // Each domain's limits as the curator set them: unlimited objects say so (not -1).
        for (String domain : List.of(complete, limited, slow)) {
          List<WebElement> cells =
              driver
                  .findElement(
                      By.xpath("//*[@id='domainsForm:domains']//tr[.//a[text()='" + domain + "']]"))
                  .findElements(By.tagName("td"));
          assertThat(cells.get(3).getText())
              .as("object limit of %s", domain)
              .isEqualTo(domain.equals(limited) ? Integer.toString(OBJECT_LIMIT) : "no limit");
          assertThat(cells.get(4).getText())
              .as("byte limit of %s", domain)
              .isEqualTo(String.format(Locale.ENGLISH, "%,d", BYTE_LIMIT));
        }
        assertThat(driver.findElement(By.id("maxBytesPerDomain")).getText()).doesNotStartWith("-");
        assertThat(driver.findElement(By.id("maxRunningSeconds")).getText())
            .doesNotStartWith("-")
            .isNotEqualTo("0");
        browser.screenshot("roundtrip-job-details");
        rows.forEach((d, r) -> System.out.println("Job " + jobId + ": " + r.replace('\n', ' ')));

        // The same figures as numbers, and the job's life in order, from its details.
        JsonObject details = harvests.job(jobId);
        JsonObject job = details.getJsonObject("job");
        HarvestedJobs.assertLivedInOrderWithin(job, Duration.ofMinutes(2));
        System.out.printf(
            "Job %d: created %s, submitted %s, started %s, finished %s; activation to Done in"
                + " the browser %d s%n",
            jobId,
            job.getString("createdAt"),
            job.getString("submittedAt"),
            job.getString("startedAt"),
            job.getString("finishedAt"),
            Duration.between(activated, done).toSeconds());
        Map<String, JsonObject> domains = new TreeMap<>();
        for (JsonObject d :
            details.getJsonObject("domains").getJsonArray("items").getValuesAs(JsonObject.class)) {
          domains.put(d.getString("domain"), d);
        }
        assertThat(domains.get(complete).getJsonNumber("objects").longValue())
            .isGreaterThanOrEqualTo(completeHost.fetchableObjects());
        assertThat(domains.get(limited).getJsonNumber("objects").longValue())
            .isBetween((long) OBJECT_LIMIT, (long) OBJECT_LIMIT + 2);
        for (JsonObject d : domains.values()) {
          String objects =
              String.format(Locale.ENGLISH, "%,d", d.getJsonNumber("objects").longValue());
          String bytes = String.format(Locale.ENGLISH, "%,d", d.getJsonNumber("bytes").longValue());
          assertThat(rows.get(d.getString("domain"))).contains(objects, bytes);
          assertThat(d.getJsonNumber("bytes").longValue()).isPositive();
        }

        // The Archive section: every file of the job, completed in both replicas.
        List<String> files = HarvestedJobs.archivedFilesOfJob(jobId);
        assertThat(files)
            .contains(jobId + "-metadata-1.warc")
            .anyMatch(n -> !n.contains("metadata") && n.endsWith(".warc.gz"));
        Browser.waitUpTo(driver, Duration.ofSeconds(60))
            .until(
                d -> {
                  d.get(UI + "/archive/archive-files.xhtml?match=prefix&name=" + jobId + "-");
                  String list = d.findElement(By.id("list:files")).getText();
                  return files.stream().allMatch(list::contains);
                });
        for (String name : files) {
          String row =
              browser
                  .await(By.xpath("//*[@id='list:files']//tr[.//a[text()='" + name + "']]"))
                  .getText();
          assertThat(row).contains("ONE: Upload completed", "TWO: Upload completed");
        }
        browser.screenshot("roundtrip-archive-files");
        for (String name : files) {
          driver.get(UI + "/archive/archive-file.xhtml?name=" + Api.segment(name));
          browser.await(By.id("copies"));
          String sha512 = ChecksumAlgorithm.SHA512.of(HarvestedJobs.archived("ONE", name));
          assertThat(driver.findElement(By.id("sha512")).getText()).isEqualToIgnoringCase(sha512);
          assertThat(driver.findElement(By.id("checksums")).getText())
              .isEqualTo("Equal to the stored checksum");
          String copies = driver.findElement(By.id("copies")).getText();
          assertThat(copies.split("Upload completed", -1)).as(copies).hasSize(3);
          assertThat(copies.toLowerCase(Locale.ROOT).split(sha512.toLowerCase(Locale.ROOT), -1))
              .as("both copies with the file's checksum: %s", copies)
              .hasSize(3);
        }

        // A record through the UI: the archived page is the one the site serves.
        String uri = site.seed(complete) + "page/6.html";
        HarvestedJobs.ArchivedRecord record = HarvestedJobs.responseRecord(files, uri);
        driver.get(
            UI
                + "/archive/get-record.xhtml?file="
                + Api.segment(record.file())
                + "&offset="
                + record.offset());
        wait.until(ExpectedConditions.textToBe(By.id("recordType"), "response"));
        assertThat(driver.findElement(By.id("payload")).getText().strip())
            .isEqualTo(HarvestedJobs.served(site, uri).strip())
            .contains("<html");
        browser.screenshot("roundtrip-record");

        // jwarc on the replicas' copies: the crawled pages, the crawl log and the CDX.
        List<String> crawled = HarvestedJobs.crawledUris("TWO", files);
        assertThat(crawled)
            .contains(site.seed(complete), uri, site.seed(limited), site.seed(slow))
            .contains(site.seed(slow) + "page/60.html");
        List<String> metadata =
            HarvestedJobs.targetUris(HarvestedJobs.archived("TWO", jobId + "-metadata-1.warc"));
        assertThat(metadata)
            .anyMatch(u -> u.contains("crawl/logs/crawl.log"))
            .anyMatch(u -> u.contains("crawl/index/cdx") && u.contains("filename=" + jobId + "-"));
        System.out.println(
            "Archived: "
                + files
                + "; "
                + crawled.size()
                + " crawled records; metadata "
                + metadata);
      }
    }
  }

  private static AgentProcess agent(SyntheticSite site, String name, String channel)
      throws IOException {
    Map<String, String> settings = ScheduledHarvests.agentSettings(channel, name, site);
    return new AgentProcess(Path.of(System.getProperty("agent.it.dir")).resolve(name), settings);
  }

  /**
   * The id of the harvest's job, as the jobs list in the browser shows it once the scheduler made
   * it (the list is reloaded until then).
   */
  private static long jobOf(Browser browser, String harvest) {
    WebDriver driver = browser.driver();
    By link = By.cssSelector("#list\\:jobs tbody a[href*='job.xhtml']");
    Browser.waitUpTo(driver, ScheduledHarvests.SCHEDULING)
        .until(
            d -> {
              d.get(UI + "/status/jobs.xhtml?harvest=" + Api.segment(harvest));
              return !d.findElements(link).isEmpty();
            });
    List<WebElement> jobs = driver.findElements(link);
    assertThat(jobs).as("one job for the three domains").hasSize(1);
    return Long.parseLong(jobs.get(0).getText().strip());
  }

  private static String tail(AgentProcess agent) {
    try {
      return agent.tail();
    } catch (IOException e) {
      return "(agent log not readable: " + e + ")";
    }
  }

  private String status(long jobId) {
    try {
      return harvests.job(jobId).getJsonObject("job").getString("status");
    } catch (Exception e) {
      throw new IllegalStateException("GET /api/jobs/" + jobId + " failed", e);
    }
  }

  private static int percent(String label) {
    String digits = label.replaceAll("[^0-9]", "");
    return digits.isEmpty() ? 0 : Integer.parseInt(digits);
  }
}
