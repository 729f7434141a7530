package org.netarchive.ee.archive.domain.model.index;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.netarchive.ee.archive.domain.model.index.JobDataCache.JobData;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.common.index.DedupEntry;
import org.netarchive.ee.common.index.DedupIndex;
import org.netarchive.ee.common.index.DedupIndexWriter;
import org.netarchive.ee.common.index.IndexKind;
import org.netarchive.ee.common.io.FileTrees;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcWriter;

/**
 * Benchmark of issue 12 (a): the DEDUP index of one job of N crawl.log lines with their CDX, from a
 * metadata WARC in the agent's format. Measures, in one run: the baseline (sorting the same
 * crawl.log and CDX lines, no index), taking the job's data from its metadata WARC (read + sort,
 * what the index server does once per job) and building the DEDUP index with its bundle from that
 * data (what it does per job set), with a breakdown of the last: parsing and the rule, Lucene's
 * adds and its commit; then the time of lookups in that index as it is and, for comparison, after
 * merging it to one segment. Prints times and the heap's peak use; run with {@code -Xmx256m}
 * (wildfly-config/bench/index-benchmark.sh).
 *
 * <p>The lines are made like a crawl's: 60 % images, PDFs and other non-text objects, 30 % pages, 5
 * % redirects, 5 % errors; URLs over 2,000 hosts.
 */
public final class DedupIndexBenchmark {

  private DedupIndexBenchmark() {}

  /**
   * Runs it.
   *
   * @param args the number of lines (default 1000000) and a scratch directory (default a new one
   *     under target/)
   * @throws IOException if the scratch directory cannot be written
   */
  public static void main(String[] args) throws IOException {
    int lines = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    Path scratch =
        args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory(Path.of("target"), "bench");
    try {
      run(lines, scratch);
    } finally {
      FileTrees.delete(scratch);
    }
  }

  private static void run(int lines, Path scratch) throws IOException {
    Path archive = Files.createDirectories(scratch.resolve("archive"));
    long t0 = System.nanoTime();
    Path crawlLog = scratch.resolve("crawl.log");
    Path cdx = scratch.resolve("cdx");
    generate(lines, crawlLog, cdx);
    Path metadata = archive.resolve("1-metadata-1.warc");
    try (WarcWriter writer =
        new WarcWriter(
            FileChannel.open(metadata, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            WarcCompression.NONE)) {
      writer.write(resource("metadata://netarkivet.dk/crawl/logs/crawl.log?jobid=1", crawlLog));
      writer.write(resource("metadata://netarkivet.dk/crawl/index/cdx?jobid=1&filename=f", cdx));
    }
    System.out.printf(
        Locale.ROOT,
        "generated %,d crawl.log and CDX lines (%,d MB metadata WARC) in %.1f s%n",
        lines,
        Files.size(metadata) >> 20,
        (System.nanoTime() - t0) / 1e9);

    resetPeaks();
    long b0 = System.nanoTime();
    try (SortedLines sortLog =
            new SortedLines(scratch.resolve("b-runs"), SortedLines.DEFAULT_BUDGET_BYTES / 2);
        SortedLines sortCdx =
            new SortedLines(scratch.resolve("b-runs"), SortedLines.DEFAULT_BUDGET_BYTES / 2)) {
      Files.lines(crawlLog).forEach(sortLog::add);
      Files.lines(cdx).forEach(sortCdx::add);
      sortLog.writeTo(scratch.resolve("b-crawl.log"));
      sortCdx.writeTo(scratch.resolve("b-cdx"));
    }
    double baseline = (System.nanoTime() - b0) / 1e9;
    long baselineHeap = peakHeap();
    Files.delete(crawlLog);
    Files.delete(cdx);

    resetPeaks();
    long e0 = System.nanoTime();
    JobDataCache jobs =
        new JobDataCache(
            scratch.resolve("cache"), job -> List.of(metadata), SortedLines.DEFAULT_BUDGET_BYTES);
    JobData data = jobs.get(1).orElseThrow();
    double extract = (System.nanoTime() - e0) / 1e9;
    long extractHeap = peakHeap();

    resetPeaks();
    long r0 = System.nanoTime();
    long[] taken = {0};
    try (BufferedReader in = Files.newBufferedReader(data.cdx())) {
      String line;
      while ((line = in.readLine()) != null) {
        Capture c = Capture.parseCdx11(line);
        if (c != null && DedupRule.entryOf(c).isPresent()) {
          taken[0]++;
        }
      }
    }
    double rule = (System.nanoTime() - r0) / 1e9;
    System.out.printf(
        Locale.ROOT,
        "read, parse and apply the rule, no index: %.2f s (%,d entries)%n",
        rule,
        taken[0]);
    long w0 = System.nanoTime();
    Path lucene = scratch.resolve("lucene-only");
    long closeStart;
    List<DedupEntry> sample = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(data.cdx());
        DedupIndexWriter w = DedupIndexWriter.create(lucene)) {
      String line;
      while ((line = in.readLine()) != null) {
        Capture c = Capture.parseCdx11(line);
        if (c != null) {
          Optional<DedupEntry> entry = DedupRule.entryOf(c);
          if (entry.isPresent()) {
            w.add(entry.get());
            if (w.count() % 100 == 0) {
              sample.add(entry.get());
            }
          }
        }
      }
      closeStart = System.nanoTime();
      System.out.printf(
          Locale.ROOT, "of which Lucene: adding the entries %.2f s", (closeStart - w0) / 1e9);
    }
    System.out.printf(
        Locale.ROOT, "; closing (commit) %.2f s%n", (System.nanoTime() - closeStart) / 1e9);
    lookups(lucene, sample);
    long m0 = System.nanoTime();
    try (Directory dir = FSDirectory.open(lucene);
        IndexWriter merger =
            new IndexWriter(
                dir, new IndexWriterConfig().setOpenMode(IndexWriterConfig.OpenMode.APPEND))) {
      merger.forceMerge(1);
      merger.commit();
    }
    System.out.printf(
        Locale.ROOT,
        "for comparison, the same index merged to one segment afterwards: %.2f s%n",
        (System.nanoTime() - m0) / 1e9);
    lookups(lucene, sample);
    FileTrees.delete(lucene);

    resetPeaks();
    long i0 = System.nanoTime();
    IndexSetCache cache =
        new IndexSetCache(scratch.resolve("cache"), Long.MAX_VALUE, Clock.systemUTC());
    IndexSetCache.Result result =
        cache.getOrBuild(
            IndexKind.DEDUP,
            JobSet.of(List.of(1L)),
            dir -> IndexBuilder.build(IndexKind.DEDUP, List.of(data), dir, n -> {}));
    double index = (System.nanoTime() - i0) / 1e9;
    long indexHeap = peakHeap();

    System.out.printf(
        Locale.ROOT,
        "max heap %d MB%n"
            + "baseline: sort the %,d crawl.log and %,d CDX lines (no index): %.2f s, peak heap %d MB%n"
            + "job data: read the metadata WARC and sort its lines: %.2f s, peak heap %d MB%n"
            + "DEDUP index of the job from its data, with bundle: %.2f s, peak heap %d MB,"
            + " %,d entries, bundle %,d MB%n"
            + "job data + DEDUP index: %.2f s%n",
        Runtime.getRuntime().maxMemory() >> 20,
        lines,
        lines,
        baseline,
        baselineHeap >> 20,
        extract,
        extractHeap >> 20,
        index,
        indexHeap >> 20,
        result.index().entries(),
        result.index().size() >> 20,
        extract + index);
  }

  /**
   * Times lookups as the agent's processor makes them: each sampled entry found by URL and digest,
   * and as often a URL with a digest the index does not hold; the last of three passes counts.
   */
  private static void lookups(Path dir, List<DedupEntry> sample) throws IOException {
    int segments;
    try (Directory d = FSDirectory.open(dir);
        DirectoryReader reader = DirectoryReader.open(d)) {
      segments = reader.leaves().size();
    }
    try (DedupIndex index = DedupIndex.open(dir)) {
      double perLookup = 0;
      for (int pass = 0; pass < 3; pass++) {
        long t0 = System.nanoTime();
        for (DedupEntry e : sample) {
          if (index.find(e.url(), e.digest()).isEmpty()
              || index.find(e.url(), "sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA").isPresent()) {
            throw new IllegalStateException("The index does not answer for " + e.url());
          }
        }
        perLookup = (System.nanoTime() - t0) / 1e3 / (2.0 * sample.size());
      }
      System.out.printf(
          Locale.ROOT,
          "lookups in %d segment(s): %.1f us each (%,d found, %,d not found)%n",
          segments,
          perLookup,
          sample.size(),
          sample.size());
    }
  }

  private static void generate(int count, Path crawlLog, Path cdx) throws IOException {
    Random random = new Random(12);
    Instant start = Instant.parse("2025-01-31T12:00:00Z");
    String file = "1-1-20250131120000-00000-bench.warc.gz";
    String[] types = {
      "image/jpeg", "image/png", "application/pdf", "video/mp4", "image/gif", "image/webp"
    };
    try (BufferedWriter log = Files.newBufferedWriter(crawlLog, StandardCharsets.UTF_8);
        BufferedWriter index = Files.newBufferedWriter(cdx, StandardCharsets.UTF_8)) {
      index.write(" CDX N b a m s k r M S V g\n");
      long offset = 0;
      for (int i = 0; i < count; i++) {
        int host = random.nextInt(2000);
        int kind = random.nextInt(100);
        String mime =
            kind < 60 ? types[random.nextInt(types.length)] : kind < 90 ? "text/html" : "text/html";
        int status = kind < 90 ? 200 : kind < 95 ? 301 : 404;
        String path =
            "/p" + random.nextInt(1_000_000) + "/obj" + i + (kind < 60 ? ".bin" : ".html");
        String url = "https://www.host" + host + ".dk" + path;
        String surt = "dk,host" + host + ",www)" + path;
        String digest = base32(random);
        long length = 500 + random.nextInt(50_000);
        String ts = timestamp(start.plusMillis(i * 7L));
        log.write(
            start.plusMillis(i * 7L)
                + " "
                + status
                + " "
                + length
                + " "
                + url
                + " LLE https://www.host"
                + host
                + ".dk/ "
                + mime
                + " #"
                + (i % 50)
                + " "
                + ts
                + "+120 sha1:"
                + digest
                + " - -\n");
        index.write(
            surt + " " + ts + " " + url + " " + mime + " " + status + " " + digest + " - - "
                + length + " " + offset + " " + file + "\n");
        offset += length;
      }
    }
  }

  private static String timestamp(Instant t) {
    return t.toString().replaceAll("[-:TZ]", "").substring(0, 14);
  }

  private static String base32(Random random) {
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    StringBuilder s = new StringBuilder(32);
    for (int i = 0; i < 32; i++) {
      s.append(alphabet.charAt(random.nextInt(32)));
    }
    return s.toString();
  }

  private static WarcResource resource(String uri, Path body) throws IOException {
    FileChannel channel = FileChannel.open(body, StandardOpenOption.READ);
    return new WarcResource.Builder(URI.create(uri))
        .date(Instant.parse("2025-01-31T13:00:00Z"))
        .body(MediaType.PLAIN_TEXT, channel, channel.size())
        .build();
  }

  private static void resetPeaks() {
    System.gc();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
  }

  private static long peakHeap() {
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return peak;
  }
}
