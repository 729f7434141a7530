package org.netarchive.ee.archive.domain.model.qa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.archive.domain.model.index.CrawlLogLines;
import org.netarchive.ee.archive.domain.model.qa.JobCrawlLog.DomainFigures;
import org.netarchive.ee.archive.domain.model.qa.JobCrawlLog.SeedOutcome;
import org.netarchive.ee.archive.domain.model.qa.MissingUrls.Comparison;

/**
 * The QA views' logic on crawl.log lines in Heritrix's format, as the job data cache keeps them.
 */
class CrawlLogQaTest {

  @TempDir Path tmp;

  /** A domain is the last two labels here; the server uses the public suffix list. */
  static final JobCrawlLog.HostDomains TWO_LABELS =
      host -> {
        String[] labels = host.split("\\.");
        return labels.length <= 2
            ? host
            : labels[labels.length - 2] + "." + labels[labels.length - 1];
      };

  static String line(int status, long size, String url, String hops, String mime, String notes) {
    return "2025-01-31T12:00:01.123Z "
        + String.format("%5d", status)
        + " "
        + String.format("%10d", size)
        + " "
        + url
        + " "
        + hops
        + " "
        + ("-".equals(hops) ? "-" : "https://kb.dk/")
        + " "
        + mime
        + " #007 20250131120001001+42 sha1:AAAABBBBCCCCDDDDEEEEFFFFGGGGHHHH - "
        + notes;
  }

  @Test
  void givenACrawlLogLine_whenParsed_thenEveryFieldRead() {
    CrawlLogEntry e =
        CrawlLogEntry.parse(
            "2025-01-31T12:00:01.123Z   200      12345 https://www.kb.dk/a?b=c L"
                + " https://www.kb.dk/ text/html;charset=UTF-8 #007 20250131120001001+42"
                + " sha1:AAAA https://www.kb.dk/ 3t,duplicate:digest");
    assertThat(e.status()).isEqualTo(200);
    assertThat(e.size()).isEqualTo(12345);
    assertThat(e.url()).isEqualTo("https://www.kb.dk/a?b=c");
    assertThat(e.hopPath()).isEqualTo("L");
    assertThat(e.baseMimeType()).isEqualTo("text/html");
    assertThat(e.host()).isEqualTo("www.kb.dk");
    assertThat(e.seed()).isEqualTo("https://www.kb.dk/");
    assertThat(e.annotations()).isEqualTo("3t,duplicate:digest");
    assertThat(e.isSeed()).isFalse();
    assertThat(CrawlLogEntry.parse("not a crawl log line")).isNull();
    assertThat(CrawlLogEntry.hostOf("dns:WWW.KB.DK")).isEqualTo("www.kb.dk");
    assertThat(CrawlLogEntry.hostOf("http://x y.dk/bad uri")).isEqualTo("x y.dk");
    assertThat(CrawlLogEntry.parse(line(-6, -1, "https://gone.dk/", "-", "unknown", "-")).isSeed())
        .isTrue();
  }

  @Test
  void givenBadFilterParameters_whenParsed_thenRefusedNamingParameterAndValue() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CrawlLogFilter.parse(null, "200,abc", null, null))
        .withMessageContaining("'status'")
        .withMessageContaining("'abc'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CrawlLogFilter.parse(null, null, "text html", null))
        .withMessageContaining("'mime'")
        .withMessageContaining("'text html'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CrawlLogFilter.parse(null, null, null, "kb.dk/x"))
        .withMessageContaining("'domain'")
        .withMessageContaining("'kb.dk/x'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CrawlLogFilter.parse("a b", null, null, null))
        .withMessageContaining("'url'")
        .withMessageContaining("'a b'");
    CrawlLogFilter f = CrawlLogFilter.parse(" *.png ", "2xx, -6", "IMAGE/*", "KB.dk");
    assertThat(f.url()).isEqualTo("*.png");
    assertThat(f.statuses())
        .extracting(r -> r[0] + ".." + r[1])
        .containsExactly("200..299", "-6..-6");
    assertThat(f.mimeType()).isEqualTo("image/*");
    assertThat(f.domain()).isEqualTo("kb.dk");
  }

  /** A job's crawl.log as the cache keeps it: lines behind their keys, sorted. */
  private Path cached(List<String> lines) throws Exception {
    List<String> keyed = new ArrayList<>();
    for (String l : lines) {
      keyed.add(CrawlLogLines.keyOf(l) + "\t" + l);
    }
    keyed.sort(null);
    Path file = tmp.resolve("crawl-" + System.nanoTime() + ".log");
    Files.write(file, keyed);
    return file;
  }

  private JobCrawlLog index(List<String> lines) throws Exception {
    Path dir = tmp.resolve("qa-" + System.nanoTime());
    JobCrawlLog.build(cached(lines), dir, TWO_LABELS, n -> {});
    return JobCrawlLog.open(dir);
  }

  @Test
  void givenManyLines_whenSearchedAndPaged_thenTheKnownLineFoundAndPagesInOrder() throws Exception {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      lines.add(
          line(
              i % 10 == 0 ? 404 : 200,
              1000 + i,
              "https://www.kb.dk/page/" + String.format("%05d", i) + ".html?x=1",
              "L",
              "text/html",
              "-"));
      lines.add(line(200, 10, "https://img.bbc.co.uk/i" + i + ".png", "E", "image/png", "-"));
    }
    lines.add(line(200, 77, "https://www.kb.dk/", "-", "text/html", "-"));
    lines.add(line(-6, -1, "https://gone.dk/", "-", "unknown", "-"));
    lines.add(line(-50, -1, "https://later.dk/", "-", "unknown", "-"));
    lines.add(line(1, 60, "dns:www.kb.dk", "P", "text/dns", "-"));
    try (JobCrawlLog log = index(lines)) {
      assertThat(log.lines()).isEqualTo(lines.size());

      JobCrawlLog.Page one =
          log.search(
              CrawlLogFilter.parse("page/04711.html?x=1", "200", "text/html", "kb.dk"), 0, 10);
      assertThat(one.total()).isEqualTo(1);
      assertThat(one.entries().getFirst().size()).isEqualTo(1000 + 4711);

      assertThat(log.search(CrawlLogFilter.parse(null, "4xx", null, "kb.dk"), 0, 1).total())
          .isEqualTo(500);
      assertThat(log.search(CrawlLogFilter.parse("*.png", null, "image/*", null), 0, 1).total())
          .isEqualTo(5000);
      assertThat(log.search(CrawlLogFilter.parse(null, null, null, "co.uk"), 0, 1).total())
          .isEqualTo(5000); // the test's two-label rule; the server knows co.uk is a suffix
      assertThat(
              log.search(CrawlLogFilter.parse("https://www.kb.dk/page/*", "404", null, null), 0, 1)
                  .total())
          .isEqualTo(500);

      // Paging: consecutive pages continue each other, in URL order.
      CrawlLogFilter kb = CrawlLogFilter.parse("https://www.kb.dk/page/*", null, null, null);
      List<String> urls = new ArrayList<>();
      for (int offset = 0; offset < 5000; offset += 700) {
        JobCrawlLog.Page page = log.search(kb, offset, 700);
        assertThat(page.total()).isEqualTo(5000);
        page.entries().forEach(e -> urls.add(e.url()));
      }
      assertThat(urls).hasSize(5000).isSorted().doesNotHaveDuplicates();
      assertThat(log.search(kb, 4990, 100).entries()).hasSize(10);
      assertThat(log.search(kb, 6000, 100).entries()).isEmpty();

      DomainFigures kbFigures =
          log.domains().stream().filter(d -> d.domain().equals("kb.dk")).findFirst().orElseThrow();
      assertThat(kbFigures.lines()).isEqualTo(5002);
      assertThat(kbFigures.statuses()).containsEntry("404", 500L).containsEntry("200", 4501L);
      assertThat(kbFigures.mimeTypes())
          .containsEntry("text/html", 5001L)
          .containsEntry("text/dns", 1L);
      assertThat(kbFigures.captured()).isEqualTo(4501);

      assertThat(log.seeds())
          .extracting(SeedOutcome::url, SeedOutcome::status, SeedOutcome::failed)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple("https://gone.dk/", -6, true),
              org.assertj.core.groups.Tuple.tuple("https://later.dk/", -50, true),
              org.assertj.core.groups.Tuple.tuple("https://www.kb.dk/", 200, false));
      assertThat(log.seeds().getFirst().meaning()).contains("prerequisite");
    }
  }

  @Test
  void givenTwoHarvestsOfADomain_whenCompared_thenTheUrlsTheLaterLacksListed() throws Exception {
    try (JobCrawlLog before =
            index(
                List.of(
                    line(200, 1, "https://kb.dk/a", "-", "text/html", "-"),
                    line(200, 1, "https://kb.dk/b", "L", "text/html", "-"),
                    line(301, 1, "https://kb.dk/c", "L", "text/html", "-"),
                    line(404, 1, "https://kb.dk/d", "L", "text/html", "-"),
                    line(200, 1, "https://kb.dk/e", "L", "image/png", "-")));
        JobCrawlLog after =
            index(
                List.of(
                    line(200, 1, "https://kb.dk/a", "-", "text/html", "-"),
                    line(404, 1, "https://kb.dk/b", "L", "text/html", "-"),
                    line(-50, 1, "https://kb.dk/e", "L", "image/png", "-"),
                    line(200, 1, "https://kb.dk/e", "L", "image/png", "-"),
                    line(200, 1, "https://kb.dk/new", "L", "text/html", "-")))) {
      Comparison c = MissingUrls.compare("kb.dk", before.urlsOf("kb.dk"), after.urlsOf("kb.dk"));
      assertThat(c.previousCaptured()).isEqualTo(4);
      assertThat(c.currentCaptured()).isEqualTo(3);
      assertThat(c.missing())
          .extracting(MissingUrls.Missing::url, MissingUrls.Missing::currentStatus)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple("https://kb.dk/b", 404),
              org.assertj.core.groups.Tuple.tuple("https://kb.dk/c", null));
      assertThat(c.missing().get(1).currentMeaning()).isEqualTo("not in the crawl log");
    }
  }
}
