package org.netarchive.ee.archive.domain.model.capture;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.common.index.CaptureIndex;
import org.netarchive.ee.common.index.CaptureIndexWriter;
import org.netarchive.ee.common.io.FileTrees;

/**
 * Benchmark of issue 13: the archive-wide capture index with N synthetic captures (default
 * 10,000,000) in files of 100,000, against binary search in a sorted CDX file of the same captures,
 * in one run: the time to index them ({@link CaptureIndexWriter#replaceFile} and a commit per file,
 * as the indexer does), and exact and prefix lookups of 10,000 random URLs through {@link
 * CaptureQuery} (the CDX API's path) against the same lookups by binary search in the CDX file, p50
 * and p95. Scratch files go under {@code archive-mdb/target/capture-bench} and are removed at the
 * end. Run by {@code wildfly-config/bench/capture-index-benchmark.sh}.
 */
public final class CaptureIndexBenchmark {

  private static final int PER_FILE = 100_000;
  private static final int URLS_PER_HOST = 500;
  private static final int DIRS = 10;
  private static final int LOOKUPS = 10_000;

  private CaptureIndexBenchmark() {}

  public static void main(String[] args) throws Exception {
    long n = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
    Path work = Path.of("target", "capture-bench").toAbsolutePath();
    FileTrees.delete(work);
    Files.createDirectories(work);
    try {
      run(n, work);
    } finally {
      FileTrees.delete(work);
    }
  }

  private static void run(long n, Path work) throws IOException {
    long hosts = (n + URLS_PER_HOST - 1) / URLS_PER_HOST;
    Path cdx = work.resolve("captures.cdx");
    long t0 = System.nanoTime();
    try (BufferedWriter out = Files.newBufferedWriter(cdx, StandardCharsets.UTF_8)) {
      for (long i = 0; i < n; i++) {
        out.write(capture(i).toCdx11());
        out.write('\n');
      }
    }
    long cdxNanos = System.nanoTime() - t0;
    System.out.printf(
        Locale.ROOT,
        "sorted CDX file: %,d captures written in %.1f s (%,d bytes)%n",
        n,
        cdxNanos / 1e9,
        Files.size(cdx));

    Path dir = work.resolve("index");
    t0 = System.nanoTime();
    try (CaptureIndexWriter writer = CaptureIndexWriter.open(dir)) {
      List<Capture> file = new ArrayList<>(PER_FILE);
      for (long i = 0; i < n; i++) {
        file.add(capture(i));
        if (file.size() == PER_FILE || i == n - 1) {
          writer.replaceFile(file.get(0).file(), file);
          writer.commit();
          file.clear();
        }
      }
    }
    long indexNanos = System.nanoTime() - t0;
    System.out.printf(
        Locale.ROOT,
        "capture index: %,d captures in %,d files indexed in %.1f s = %,.0f captures/s (%,d bytes)%n",
        n,
        (n + PER_FILE - 1) / PER_FILE,
        indexNanos / 1e9,
        n / (indexNanos / 1e9),
        size(dir));

    Random random = new Random(13);
    long[] picks = new long[LOOKUPS];
    for (int i = 0; i < LOOKUPS; i++) {
      picks[i] = Math.floorMod(random.nextLong(), n);
    }
    try (CaptureIndex index = CaptureIndex.open(dir);
        FileChannel file = FileChannel.open(cdx, StandardOpenOption.READ)) {
      for (int round = 0; round < 2; round++) { // the first round warms up
        boolean report = round == 1;
        long[] luceneExact = new long[LOOKUPS];
        long[] lucenePrefix = new long[LOOKUPS];
        long[] binaryExact = new long[LOOKUPS];
        long[] binaryPrefix = new long[LOOKUPS];
        long found = 0;
        for (int i = 0; i < LOOKUPS; i++) {
          Capture c = capture(picks[i]);
          String prefixUrl = c.url().substring(0, c.url().lastIndexOf('/') + 1);
          String prefixKey = c.urlKey().substring(0, c.urlKey().lastIndexOf('/') + 1);

          long s = System.nanoTime();
          List<Capture> exact = new ArrayList<>();
          CaptureQuery.of(c.url(), MatchType.EXACT, 0).run(index, exact::add);
          luceneExact[i] = System.nanoTime() - s;

          s = System.nanoTime();
          List<Capture> prefix = new ArrayList<>();
          CaptureQuery.of(prefixUrl, MatchType.PREFIX, 0).run(index, prefix::add);
          lucenePrefix[i] = System.nanoTime() - s;

          s = System.nanoTime();
          List<String> exactLines = scan(file, c.urlKey() + " ");
          binaryExact[i] = System.nanoTime() - s;

          s = System.nanoTime();
          List<String> prefixLines = scan(file, prefixKey);
          binaryPrefix[i] = System.nanoTime() - s;

          if (exact.size() != 1
              || exactLines.size() != 1
              || prefix.size() != prefixLines.size()
              || prefix.isEmpty()) {
            throw new IllegalStateException(
                "Lookups of "
                    + c.url()
                    + " disagree: "
                    + exact.size()
                    + "/"
                    + exactLines.size()
                    + " exact, "
                    + prefix.size()
                    + "/"
                    + prefixLines.size()
                    + " prefix");
          }
          found += prefix.size();
        }
        if (report) {
          System.out.printf(
              Locale.ROOT,
              "%,d random URLs (%,d hosts, %,d URLs each, %d directories), %,d prefix matches%n",
              LOOKUPS,
              hosts,
              URLS_PER_HOST,
              DIRS,
              found);
          print("capture index exact ", luceneExact);
          print("capture index prefix", lucenePrefix);
          print("binary search exact ", binaryExact);
          print("binary search prefix", binaryPrefix);
        }
      }
    }
  }

  private static void print(String what, long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    System.out.printf(
        Locale.ROOT,
        "%s: p50 %.3f ms, p95 %.3f ms, max %.3f ms%n",
        what,
        sorted[sorted.length / 2] / 1e6,
        sorted[(int) (sorted.length * 0.95)] / 1e6,
        sorted[sorted.length - 1] / 1e6);
  }

  /**
   * The i-th capture in SURT order: host {@code i / 500}, page {@code i % 500} in directory {@code
   * page / 50}, so that the captures come sorted by key as i grows.
   */
  static Capture capture(long i) {
    long host = i / URLS_PER_HOST;
    int page = (int) (i % URLS_PER_HOST);
    String path =
        String.format(Locale.ROOT, "/d%02d/p%04d.html", page / (URLS_PER_HOST / DIRS), page);
    String name = String.format(Locale.ROOT, "host%07d", host);
    return new Capture(
        "dk," + name + ")" + path,
        "20250131120000",
        "http://" + name + ".dk" + path,
        "text/html",
        200,
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "-",
        1000 + page,
        (i % PER_FILE) * 2000,
        String.format(Locale.ROOT, "%d-1-20250131120000-%05d-bench.warc.gz", 1 + i / PER_FILE, 0));
  }

  /** The lines starting with {@code prefix}, found by binary search in the sorted CDX file. */
  private static List<String> scan(FileChannel file, String prefix) throws IOException {
    byte[] key = prefix.getBytes(StandardCharsets.UTF_8);
    long low = 0;
    long high = file.size();
    ByteBuffer buffer = ByteBuffer.allocate(8192);
    // The first line start at or after which every line is >= prefix.
    while (high - low > 1) {
      long mid = (low + high) >>> 1;
      long start = nextLineStart(file, mid, buffer);
      if (start >= file.size() || compare(readLine(file, start, buffer), key) >= 0) {
        high = mid;
      } else {
        low = mid;
      }
    }
    // Every line from the one starting at or after high is >= prefix; those before it are not
    // (but the first line, which the search never looked at).
    long at =
        low == 0 && compare(readLine(file, 0, buffer), key) >= 0
            ? 0
            : nextLineStart(file, high, buffer);
    List<String> lines = new ArrayList<>();
    while (at < file.size()) {
      byte[] line = readLine(file, at, buffer);
      if (!startsWith(line, key)) {
        break;
      }
      lines.add(new String(line, StandardCharsets.UTF_8));
      at += line.length + 1;
    }
    return lines;
  }

  /** The start of the first line after position {@code at} (at itself if it is 0). */
  private static long nextLineStart(FileChannel file, long at, ByteBuffer buffer)
      throws IOException {
    if (at == 0) {
      return 0;
    }
    long pos = at - 1;
    while (true) {
      buffer.clear();
      int read = file.read(buffer, pos);
      if (read <= 0) {
        return file.size();
      }
      for (int i = 0; i < read; i++) {
        if (buffer.get(i) == '\n') {
          return pos + i + 1;
        }
      }
      pos += read;
    }
  }

  private static byte[] readLine(FileChannel file, long at, ByteBuffer buffer) throws IOException {
    java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream(256);
    long pos = at;
    while (true) {
      buffer.clear();
      int read = file.read(buffer, pos);
      if (read <= 0) {
        return line.toByteArray();
      }
      for (int i = 0; i < read; i++) {
        byte b = buffer.get(i);
        if (b == '\n') {
          return line.toByteArray();
        }
        line.write(b);
      }
      pos += read;
    }
  }

  private static int compare(byte[] line, byte[] key) {
    int n = Math.min(line.length, key.length);
    for (int i = 0; i < n; i++) {
      int d = (line[i] & 0xff) - (key[i] & 0xff);
      if (d != 0) {
        return d;
      }
    }
    return line.length >= key.length ? 0 : -1;
  }

  private static boolean startsWith(byte[] line, byte[] key) {
    return line.length >= key.length && compare(line, key) == 0;
  }

  private static long size(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }
}
