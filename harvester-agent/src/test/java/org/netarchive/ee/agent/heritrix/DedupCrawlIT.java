package org.netarchive.ee.agent.heritrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.TestJobs;
import org.netarchive.ee.agent.demo.FastTemplate;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.agent.job.JobDirectory;
import org.netarchive.ee.agent.job.JobPreparation;
import org.netarchive.ee.agent.testsite.ServedSite;
import org.netarchive.ee.agent.testsite.TestFixtures;
import org.netarchive.ee.agent.testsite.WarcDedupIndex;
import org.netarchive.ee.common.index.IndexBundle;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;

/**
 * Deduplication with real Heritrix: a crawl of the synthetic site, an index of its WARC files, the
 * site's next edition (new pages, the same images and PDFs), and a second crawl with the index.
 */
class DedupCrawlIT {

  private static final String HOST = "dedup.test";
  private static final int IMAGES = 40 * 2;
  private static final int PDFS = 10;

  @RegisterExtension
  static final ServedSite SITE = new ServedSite(3, new SyntheticSite.Host(HOST, 40, 2, 1500, 4));

  /** The first crawl (of edition 0) and the index of its WARC files, shared by the tests. */
  private static JobDirectory first;

  private static Path firstIndex;

  @TempDir static Path shared;

  @TempDir Path work;

  @BeforeAll
  static void crawlTheFirstEdition() throws Exception {
    first = prepare(shared, 301, FastTemplate.text(), null);
    CrawlResult result = crawl(first);
    assertThat(result.end()).as(result.detail()).isEqualTo(CrawlEnd.FINISHED);
    firstIndex = shared.resolve("index");
    assertThat(WarcDedupIndex.build(first.crawlWarcs(), firstIndex)).isGreaterThan(100);
    SITE.site().setEdition(1);
  }

  private static JobDirectory prepare(Path work, long jobId, String template, Path index)
      throws IOException {
    CrawlRequest request =
        TestJobs.request(jobId, template, 0, TestJobs.domain(HOST, -1, -1, SITE.site().seed(HOST)));
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    JobDirectory dir = preparation.accept(request, Instant.now());
    if (index != null) {
      // As the agent gets it from the index server: a bundle, unpacked into the job directory.
      Path bundle = work.resolve("bundle-" + jobId + ".zip");
      try (var out = Files.newOutputStream(bundle)) {
        IndexBundle.write(index, out);
      }
      try (var in = Files.newInputStream(bundle)) {
        dir.installDedupIndex(in, 100_000_000);
      }
    }
    preparation.writeCrawlerBeans(dir, request);
    return dir;
  }

  private static CrawlResult crawl(JobDirectory dir) {
    return new CrawlSupervisor(
            TestFixtures.heritrix(SITE.site(), Duration.ofSeconds(120)), Clock.systemUTC())
        .crawl(dir, Duration.ZERO, s -> {}, () -> false);
  }

  @Test
  void givenAnIndexOfTheFirstCrawl_whenTheNextEditionIsCrawled_thenUnchangedObjectsAreRevisits()
      throws Exception {
    assertThat(Files.readString(first.crawlerBeans())).doesNotContain("DedupProcessor");
    Map<String, Path> firstFiles = new HashMap<>();
    first.crawlWarcs().forEach(p -> firstFiles.put(p.getFileName().toString(), p));
    List<Rec> firstRecords = records(first.crawlWarcs());
    assertThat(firstRecords).noneMatch(r -> r.type().equals("revisit"));

    JobDirectory second = prepare(work, 302, FastTemplate.text(), firstIndex);
    assertThat(Files.readString(second.crawlerBeans()))
        .contains("org.netarchive.ee.agent.heritrix.dedup.DedupProcessor")
        .contains(second.dedupIndex().toAbsolutePath().toString());
    CrawlResult secondResult = crawl(second);
    assertThat(secondResult.end()).as(secondResult.detail()).isEqualTo(CrawlEnd.FINISHED);

    List<Rec> records = records(second.crawlWarcs());
    List<Rec> captures = captures(records);
    List<Rec> nonText = captures.stream().filter(r -> !r.mime().startsWith("text/")).toList();
    List<Rec> text = captures.stream().filter(r -> r.mime().startsWith("text/")).toList();
    int images = IMAGES;
    int pdfs = PDFS;
    assertThat(nonText).hasSize(images + pdfs).allMatch(r -> r.type().equals("revisit"));
    assertThat(nonText.stream().filter(r -> r.uri().endsWith(".pdf"))).hasSize(pdfs);
    assertThat(text).hasSizeGreaterThanOrEqualTo(40 + 2).allMatch(r -> r.type().equals("response"));
    assertThat(text.stream().filter(r -> r.uri().contains("/page/")))
        .allMatch(r -> r.body().contains("Edition 1"));

    // Each revisit points at the first crawl's response of the same payload.
    for (Rec revisit : nonText) {
      assertThat(revisit.profile()).endsWith("identical-payload-digest");
      assertThat(revisit.refersToTarget()).isEqualTo(revisit.uri());
      assertThat(revisit.refersToDate()).isNotEmpty();
      Path original = firstFiles.get(revisit.refersToFile());
      assertThat(original).as("file of %s", revisit.uri()).isNotNull();
      Rec response = recordAt(original, Long.parseLong(revisit.refersToOffset()));
      assertThat(response.type()).isEqualTo("response");
      assertThat(response.uri()).isEqualTo(revisit.uri());
      assertThat(response.digest()).isEqualTo(revisit.digest());
      assertThat(Instant.parse(revisit.refersToDate())).isEqualTo(Instant.parse(response.date()));
    }

    // crawl.log: the NetarchiveSuite annotation on exactly the revisits.
    String crawlLog =
        Files.readString(second.latestLaunch().orElseThrow().resolve("logs/crawl.log"));
    DateTimeFormatter ts17 =
        DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS").withZone(ZoneOffset.UTC);
    for (Rec revisit : nonText) {
      String line =
          crawlLog
              .lines()
              .filter(l -> l.contains(" " + revisit.uri() + " "))
              .findFirst()
              .orElseThrow();
      assertThat(line)
          .contains(
              "duplicate:\""
                  + revisit.refersToFile()
                  + ","
                  + revisit.refersToOffset()
                  + ","
                  + ts17.format(Instant.parse(revisit.refersToDate())).substring(0, 14));
    }
    assertThat(crawlLog.lines().filter(l -> l.contains("duplicate:\""))).hasSize(images + pdfs);
    String processors =
        Files.readString(
            second.latestLaunch().orElseThrow().resolve("reports/processors-report.txt"));
    assertThat(processors)
        .contains("DedupProcessor")
        .contains("Duplicates:        " + (images + pdfs));

    long firstBytes = bytes(first.crawlWarcs());
    long secondBytes = bytes(second.crawlWarcs());
    System.out.printf(
        "DedupCrawlIT: run 1 %d records, %d WARC bytes; run 2 %d records (%d revisits), %d WARC"
            + " bytes = %.3f of run 1%n",
        firstRecords.size(),
        firstBytes,
        records.size(),
        nonText.size(),
        secondBytes,
        (double) secondBytes / firstBytes);
    assertThat(secondBytes).isLessThan(firstBytes);
  }

  @Test
  void givenABrokenIndex_whenCrawled_thenTheJobFailsNamingTheIndex() throws Exception {
    Path index = work.resolve("broken-index");
    Files.createDirectories(index);
    Files.writeString(index.resolve("segments_1"), "not a Lucene index");
    JobDirectory dir = prepare(work, 303, FastTemplate.text(), index);

    CrawlResult result = crawl(dir);

    assertThat(result.end()).isEqualTo(CrawlEnd.FAILED);
    assertThat(result.detail() + Files.readString(dir.heritrixOut()))
        .contains("could not build job 303")
        .contains("deduplication index");
    assertThat(dir.crawlWarcs()).isEmpty();
  }

  @Test
  void givenATemplateWhoseSettingsDeduplicateOnlyPdfs_whenCrawled_thenImagesAreResponses()
      throws Exception {
    String template =
        FastTemplate.text()
            .replace(
                "</beans>",
                """
                <bean id="netarchiveDedupSettings" abstract="true"
                      class="org.netarchive.ee.agent.heritrix.dedup.DedupProcessor">
                  <property name="mimeFilter" value="application/pdf"/>
                  <property name="filterMode" value="WHITELIST"/>
                </bean>
                </beans>
                """);
    JobDirectory dir = prepare(work, 304, template, firstIndex);

    CrawlResult result = crawl(dir);

    assertThat(result.end()).as(result.detail()).isEqualTo(CrawlEnd.FINISHED);
    List<Rec> captures = captures(records(dir.crawlWarcs()));
    assertThat(captures.stream().filter(r -> r.type().equals("revisit")))
        .hasSize(PDFS)
        .allMatch(r -> r.uri().endsWith(".pdf"));
    assertThat(captures.stream().filter(r -> r.uri().endsWith(".png")))
        .hasSize(IMAGES)
        .allMatch(r -> r.type().equals("response"));
  }

  /**
   * The fixture in the shape of NetarchiveSuite's Heritrix 3 templates (a copy of common's test
   * fixture of the same name), with the fast template's politeness so that the crawl is quick.
   */
  private static String netarchiveSuiteTemplate() throws IOException {
    String nas;
    try (var in =
        DedupCrawlIT.class.getResourceAsStream("netarchivesuite-dedup-crawler-beans.cxml")) {
      nas = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    String fast = FastTemplate.text();
    String politeness = fast.substring(fast.indexOf("  <bean id=\"testPoliteness\""));
    return nas.substring(0, nas.lastIndexOf("</beans>")) + politeness;
  }

  @Test
  void
      givenANetarchiveSuiteTemplateConvertedOnUpload_whenCrawledWithAnIndex_thenObjectsAreRevisits()
          throws Exception {
    String nas = netarchiveSuiteTemplate();
    var conversion = CrawlTemplate.convertNetarchiveSuiteDeduplicator(nas);
    assertThat(conversion.changes()).isNotEmpty();
    JobDirectory dir = prepare(work, 305, conversion.text(), firstIndex);
    assertThat(Files.readString(dir.crawlerBeans()))
        .doesNotContain("is.hi.bok")
        .contains("parent=\"netarchiveDedupSettings\"")
        .contains(dir.dedupIndex().toAbsolutePath().toString());

    CrawlResult result = crawl(dir);

    assertThat(result.end()).as(result.detail()).isEqualTo(CrawlEnd.FINISHED);
    List<Rec> captures = captures(records(dir.crawlWarcs()));
    List<Rec> nonText = captures.stream().filter(r -> !r.mime().startsWith("text/")).toList();
    assertThat(nonText).hasSize(IMAGES + PDFS).allMatch(r -> r.type().equals("revisit"));
    assertThat(captures.stream().filter(r -> r.mime().startsWith("text/")))
        .isNotEmpty()
        .allMatch(r -> r.type().equals("response"));
    String processors =
        Files.readString(dir.latestLaunch().orElseThrow().resolve("reports/processors-report.txt"));
    assertThat(processors).contains("Duplicates:        " + (IMAGES + PDFS));
  }

  /** What the test needs of a WARC record. */
  record Rec(
      String type,
      String uri,
      String mime,
      String digest,
      String date,
      String profile,
      String refersToTarget,
      String refersToDate,
      String refersToFile,
      String refersToOffset,
      String body) {

    boolean isCapture() {
      return type.equals("response") || type.equals("revisit");
    }
  }

  /** The captures of the web among records: responses and revisits of http(s) URIs, not DNS. */
  private static List<Rec> captures(List<Rec> records) {
    return records.stream().filter(r -> r.uri().startsWith("http") && r.isCapture()).toList();
  }

  private static List<Rec> records(List<Path> warcs) throws IOException {
    List<Rec> all = new ArrayList<>();
    for (Path warc : warcs) {
      try (WarcReader reader = new WarcReader(warc)) {
        Optional<WarcRecord> next;
        while ((next = reader.next()).isPresent()) {
          all.add(rec(next.get()));
        }
      }
    }
    return all;
  }

  private static Rec recordAt(Path warc, long offset) throws IOException {
    try (FileChannel channel = FileChannel.open(warc)) {
      channel.position(offset);
      try (WarcReader reader = new WarcReader(channel)) {
        return rec(reader.next().orElseThrow());
      }
    }
  }

  private static Rec rec(WarcRecord record) throws IOException {
    var headers = record.headers();
    String mime = "";
    String body = "";
    String uri = headers.first("WARC-Target-URI").orElse("");
    if (record instanceof WarcResponse response && uri.startsWith("http")) {
      mime = response.http().headers().first("Content-Type").orElse("");
      if (mime.startsWith("text/")) {
        body = new String(response.http().body().stream().readAllBytes());
      }
    } else if (record instanceof WarcRevisit revisit && uri.startsWith("http")) {
      mime = revisit.http().headers().first("Content-Type").orElse("");
    }
    return new Rec(
        record.type(),
        uri,
        mime,
        headers.first("WARC-Payload-Digest").orElse(""),
        headers.first("WARC-Date").orElse(""),
        headers.first("WARC-Profile").orElse(""),
        headers.first("WARC-Refers-To-Target-URI").orElse(""),
        headers.first("WARC-Refers-To-Date").orElse(""),
        headers.first("Netarchive-Refers-To-Filename").orElse(""),
        headers.first("Netarchive-Refers-To-Offset").orElse(""),
        body);
  }

  private static long bytes(List<Path> files) throws IOException {
    long total = 0;
    for (Path p : files) {
      total += Files.size(p);
    }
    return total;
  }
}
