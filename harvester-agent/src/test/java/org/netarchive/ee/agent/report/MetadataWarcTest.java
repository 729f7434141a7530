package org.netarchive.ee.agent.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.TestJobs;
import org.netarchive.ee.agent.job.JobDirectory;
import org.netarchive.ee.agent.job.JobPreparation;
import org.netarchive.ee.agent.testsite.TestFixtures;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.Warcinfo;

class MetadataWarcTest {

  private static final Instant NOW = Instant.parse("2026-11-21T09:20:00Z");

  @TempDir Path work;

  @Test
  void
      givenACrawledJob_whenItsMetadataIsWritten_thenEveryDocumentIsARecordNamedAsNetarchiveSuiteDoes()
          throws IOException {
    CrawlRequest request =
        TestJobs.request(42, TestJobs.domain("small.test", -1, -1, "http://small.test/"));
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    JobDirectory dir = preparation.accept(request, NOW);
    preparation.writeCrawlerBeans(dir, request);
    Path launch = dir.heritrixJob().resolve("20261121091116");
    copy("crawl.log", launch.resolve("logs/crawl.log"));
    Files.writeString(launch.resolve("logs/crawl.log.lck"), "");
    copy("hosts-report.txt", launch.resolve("reports/hosts-report.txt"));
    Files.writeString(dir.heritrixOut(), "Heritrix version: 3.13.0\n");
    Path warc = dir.warcs().resolve("42-7-20261121091117000-00000-123~host~8443.warc.gz");
    TestFixtures.writeResponseWarc(warc, "http://small.test:40363/", NOW);

    Path metadata =
        new MetadataWarc("3.13.0", "Netarchive EE harvester agent")
            .write(dir, request, "crawl finished", NOW);

    assertThat(metadata).isEqualTo(dir.metadata().resolve("42-metadata-1.warc"));
    assertThat(dir.metadataWarcs()).containsExactly(metadata);
    Map<String, String> records = new LinkedHashMap<>();
    String warcinfo = null;
    try (WarcReader reader = new WarcReader(metadata)) {
      for (WarcRecord record : reader) {
        if (record instanceof Warcinfo info) {
          warcinfo = new String(info.body().stream().readAllBytes(), StandardCharsets.UTF_8);
        } else if (record instanceof WarcResource resource) {
          records.put(
              resource.target(),
              new String(resource.body().stream().readAllBytes(), StandardCharsets.UTF_8));
        }
      }
    }
    String ids = "?heritrixVersion=3.13.0&harvestid=7&jobid=42";
    String versioned = "?majorversion=1&minorversion=0&harvestid=7&harvestnum=2&jobid=42";
    assertThat(warcinfo)
        .contains("isPartOf: 42-7")
        .contains("harvestInfo.harvestName: Nightly news");
    assertThat(records.keySet())
        .containsExactly(
            "metadata://netarkivet.dk/crawl/setup/crawler-beans.cxml" + ids,
            "metadata://netarkivet.dk/crawl/setup/job" + versioned,
            "metadata://netarkivet.dk/crawl/setup/notes" + versioned,
            "metadata://netarkivet.dk/crawl/setup/aliases" + versioned,
            "metadata://netarkivet.dk/crawl/setup/duplicatereductionjobs" + versioned,
            "metadata://netarkivet.dk/crawl/logs/crawl.log" + ids,
            "metadata://netarkivet.dk/crawl/logs/heritrix.out" + ids,
            "metadata://netarkivet.dk/crawl/reports/hosts-report.txt" + ids,
            "metadata://netarkivet.dk/crawl/index/cdx?majorversion=2&minorversion=0&harvestid=7"
                + "&jobid=42&filename=42-7-20261121091117000-00000-123%7Ehost%7E8443.warc.gz");
    assertThat(records.get("metadata://netarkivet.dk/crawl/logs/crawl.log" + ids))
        .isEqualTo(Files.readString(launch.resolve("logs/crawl.log")));
    assertThat(records.get("metadata://netarkivet.dk/crawl/setup/crawler-beans.cxml" + ids))
        .isEqualTo(Files.readString(dir.crawlerBeans()));
    assertThat(
            records.get("metadata://netarkivet.dk/crawl/setup/duplicatereductionjobs" + versioned))
        .isEqualTo("11,12");
    assertThat(records.get("metadata://netarkivet.dk/crawl/setup/aliases" + versioned))
        .isEqualTo("kb.com is an alias for kb.dk\n");
    String cdx = records.values().stream().reduce((a, b) -> b).orElseThrow();
    assertThat(cdx.lines().toList()).hasSize(2);
    assertThat(cdx.lines().toList().get(1))
        .contains("http://small.test:40363/")
        .contains("text/html")
        .contains(" 200 ")
        .endsWith(warc.getFileName().toString());
  }

  private void copy(String resource, Path to) throws IOException {
    Files.createDirectories(to.getParent());
    try (InputStream in = getClass().getResourceAsStream("/crawl/" + resource)) {
      Files.copy(in, to);
    }
  }
}
