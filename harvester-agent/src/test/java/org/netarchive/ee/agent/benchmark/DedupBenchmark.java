package org.netarchive.ee.agent.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.codec.binary.Base32;
import org.netarchive.ee.agent.TestJobs;
import org.netarchive.ee.agent.demo.FastTemplate;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.agent.heritrix.CrawlEnd;
import org.netarchive.ee.agent.heritrix.CrawlResult;
import org.netarchive.ee.agent.heritrix.CrawlSupervisor;
import org.netarchive.ee.agent.heritrix.HeritrixSettings;
import org.netarchive.ee.agent.job.JobDirectory;
import org.netarchive.ee.agent.job.JobPreparation;
import org.netarchive.ee.agent.testsite.TestFixtures;
import org.netarchive.ee.agent.testsite.WarcDedupIndex;
import org.netarchive.ee.common.index.DedupEntry;
import org.netarchive.ee.common.index.DedupIndexWriter;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;

/**
 * The cost of deduplication (issue 12): the agent's crawl of a ~6,000-URI synthetic site with a
 * 1,000,000-entry index against the same crawl without one, in the same run, and the WARC bytes of
 * a second harvest against the first. Not a test: run by {@code
 * wildfly-config/bench/dedup-benchmark.sh} (see BENCHMARKS.md), with the system property {@code
 * heritrix.home}.
 *
 * <p>A first crawl (edition 0) is indexed from its WARC files, and the index filled up to the size
 * asked with entries of other made-up URLs; then, per round, the site's next edition is crawled
 * without the index and with it (the order alternating between rounds).
 *
 * <p>Arguments: a work directory, the number of rounds (default 3), the index size (default
 * 1,000,000).
 */
public final class DedupBenchmark {

  private static final Base32 BASE32 = new Base32();

  private DedupBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path work = Path.of(args.length > 0 ? args[0] : "target/dedup-benchmark");
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    int indexSize = args.length > 2 ? Integer.parseInt(args[2]) : 1_000_000;
    List<SyntheticSite.Host> hosts = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      hosts.add(new SyntheticSite.Host("bench" + i + ".test", 600, 1, 2000, 20));
    }
    try (SyntheticSite site = new SyntheticSite(42, hosts)) {
      HeritrixSettings base = TestFixtures.heritrix(site, Duration.ofSeconds(120));
      HeritrixSettings settings =
          new HeritrixSettings(
              base.home(),
              base.java(),
              "1g",
              base.javaOptions(),
              base.noResponseTimeout(),
              base.inactivityTimeout(),
              base.processTimeout(),
              Duration.ofSeconds(20));
      List<CrawlDomain> domains = new ArrayList<>();
      for (SyntheticSite.Host host : hosts) {
        domains.add(TestJobs.domain(host.name(), -1, -1, site.seed(host.name())));
      }
      int expected = hosts.stream().mapToInt(SyntheticSite.Host::fetchableObjects).sum();
      int nonText = hosts.stream().mapToInt(h -> h.pages() * h.imagesPerPage() + h.pdfs()).sum();
      System.out.printf(
          "Site: %d hosts, %d fetchable URIs, %d of them images and PDFs%n",
          hosts.size(), expected, nonText);

      JobDirectory first = prepare(work, 9100, domains, null);
      double firstSeconds = crawl(settings, first);
      long firstBytes = bytes(first.crawlWarcs());
      System.out.printf(
          "First harvest (edition 0, no index): %.1f s, WARC %d bytes%n", firstSeconds, firstBytes);

      Path index = work.resolve("index");
      long start = System.nanoTime();
      long[] counts = fill(first.crawlWarcs(), index, indexSize);
      double indexSeconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          "Index: %d entries (%d from the first harvest's WARCs), built in %.1f s, %d bytes on"
              + " disk%n",
          counts[1], counts[0], indexSeconds, bytes(files(index)));
      site.setEdition(1);

      double sumWithout = 0;
      double sumWith = 0;
      long secondBytes = 0;
      for (int round = 1; round <= rounds; round++) {
        double without;
        double with;
        JobDirectory withIndex;
        if (round % 2 == 1) {
          without = crawl(settings, prepare(work, 9200 + round, domains, null));
          withIndex = prepare(work, 9300 + round, domains, index);
          with = crawl(settings, withIndex);
        } else {
          withIndex = prepare(work, 9300 + round, domains, index);
          with = crawl(settings, withIndex);
          without = crawl(settings, prepare(work, 9200 + round, domains, null));
        }
        secondBytes = bytes(withIndex.crawlWarcs());
        long revisits = revisits(withIndex);
        sumWithout += without;
        sumWith += with;
        System.out.printf(
            "Round %d (edition 1): without index %.1f s; with the %d-entry index %.1f s (%d"
                + " duplicates in crawl.log); with / without = %.3f%n",
            round, without, indexSize, with, revisits, with / without);
      }
      System.out.printf(
          "Mean over %d rounds: without %.2f s, with %.2f s, with / without = %.3f%n",
          rounds, sumWithout / rounds, sumWith / rounds, sumWith / sumWithout);
      System.out.printf(
          "WARC bytes: first harvest %d, second harvest with deduplication %d = %.3f of the"
              + " first%n",
          firstBytes, secondBytes, (double) secondBytes / firstBytes);
    }
  }

  /** The crawl's entries, then made-up ones of other hosts until the index has {@code size}. */
  private static long[] fill(List<Path> warcs, Path index, int size) throws IOException {
    try (DedupIndexWriter writer = DedupIndexWriter.create(index)) {
      long fromCrawl = WarcDedupIndex.entries(warcs, writer::add);
      SplittableRandom random = new SplittableRandom(7);
      byte[] digest = new byte[20];
      Instant date = Instant.parse("2025-01-01T00:00:00Z");
      for (long n = fromCrawl; n < size; n++) {
        for (int i = 0; i < digest.length; i++) {
          digest[i] = (byte) random.nextInt(256);
        }
        writer.add(
            new DedupEntry(
                "http://www.other" + (n % 50_000) + ".dk/path/" + n + "/item.jpg",
                "sha1:" + BASE32.encodeAsString(digest),
                "image/jpeg",
                null,
                "1-1-20250101000000000-" + String.format("%05d", n / 2000) + "-bench.warc.gz",
                (n % 2000) * 50_000L,
                date.plusSeconds(n)));
      }
      return new long[] {fromCrawl, writer.count()};
    }
  }

  private static JobDirectory prepare(Path work, long jobId, List<CrawlDomain> domains, Path index)
      throws IOException {
    CrawlRequest request =
        TestJobs.request(jobId, FastTemplate.text(), 0, domains.toArray(CrawlDomain[]::new));
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    JobDirectory dir = preparation.accept(request, Instant.now());
    if (index != null) {
      // The index as the agent keeps it: a copy in the job directory.
      Files.createDirectories(dir.dedupIndex());
      for (Path file : files(index)) {
        Files.copy(file, dir.dedupIndex().resolve(file.getFileName()));
      }
    }
    preparation.writeCrawlerBeans(dir, request);
    return dir;
  }

  /** The agent's crawl of a job: Heritrix started, built, launched, watched to its end, stopped. */
  private static double crawl(HeritrixSettings settings, JobDirectory dir) {
    long start = System.nanoTime();
    CrawlResult result =
        new CrawlSupervisor(settings, Clock.systemUTC())
            .crawl(dir, Duration.ZERO, s -> {}, () -> false);
    double seconds = (System.nanoTime() - start) / 1e9;
    if (result.end() != CrawlEnd.FINISHED) {
      throw new IllegalStateException("Job " + dir.jobId() + ": " + result.detail());
    }
    return seconds;
  }

  private static long revisits(JobDirectory dir) throws IOException {
    try (var lines = Files.lines(dir.latestLaunch().orElseThrow().resolve("logs/crawl.log"))) {
      return lines.filter(l -> l.contains("duplicate:\"")).count();
    }
  }

  private static List<Path> files(Path dir) throws IOException {
    try (var list = Files.list(dir)) {
      return list.filter(Files::isRegularFile).sorted().toList();
    }
  }

  private static long bytes(List<Path> files) throws IOException {
    long total = 0;
    for (Path p : files) {
      total += Files.size(p);
    }
    return total;
  }
}
