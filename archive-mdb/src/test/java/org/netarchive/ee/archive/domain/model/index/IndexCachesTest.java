package org.netarchive.ee.archive.domain.model.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.archive.domain.model.index.JobDataCache.JobData;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.common.index.DedupEntry;
import org.netarchive.ee.common.index.DedupIndex;
import org.netarchive.ee.common.index.IndexBundle;
import org.netarchive.ee.common.index.IndexKind;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcWriter;

/** The index server's caches and builds, on metadata WARCs in the agent's format. */
class IndexCachesTest {

  private static final String PNG_DIGEST = "2WAXX5NUWNNCS2BDKCO5OVDQBJVNKIVV";

  @TempDir Path tmp;

  /** CDX11 lines of one WARC file: an image, a page, a revisit, a 404 image, a dns record. */
  static String cdx(long job) {
    String file = job + "-1-20250131120000-00000-host.warc.gz";
    return " CDX N b a m s k r M S V g\n"
        + "dk,kb)/logo.png 20250131120001 https://kb.dk/logo.png image/png 200 "
        + PNG_DIGEST
        + " - - 500 "
        + (1000 + job)
        + " "
        + file
        + "\n"
        + "dk,kb)/ 20250131120000 https://kb.dk/ text/html 200 AAAA - - 300 300 "
        + file
        + "\n"
        + "dk,kb)/old.png 20250131120002 https://kb.dk/old.png warc/revisit 200 BBBB - - 200 2000 "
        + file
        + "\n"
        + "dk,kb)/gone.png 20250131120003 https://kb.dk/gone.png image/png 404 CCCC - - 200 2500 "
        + file
        + "\n"
        + "kb.dk 20250131120000 dns:kb.dk text/dns - DDDD - - 100 100 "
        + file
        + "\n"
        + "dk,kb)/nodigest.gif 20250131120004 https://kb.dk/nodigest.gif image/gif 200 - - - 90 3000 "
        + file
        + "\n";
  }

  /** A metadata WARC as the agent writes it: a crawl.log record and a CDX record. */
  static Path metadataWarc(Path dir, long job) throws IOException {
    Path file = Files.createDirectories(dir).resolve(job + "-metadata-1.warc");
    try (WarcWriter writer =
        new WarcWriter(
            Files.newByteChannel(
                file,
                java.nio.file.StandardOpenOption.CREATE_NEW,
                java.nio.file.StandardOpenOption.WRITE),
            WarcCompression.NONE)) {
      String log =
          "2025-01-31T12:00:01.000Z 200 500 https://kb.dk/logo.png E https://kb.dk/ image/png #1"
              + " 20250131120001+5 sha1:"
              + PNG_DIGEST
              + " - -\n"
              + "2025-01-31T12:00:00.000Z 200 300 https://kb.dk/ - - text/html #1"
              + " 20250131120000+5 sha1:AAAA - -\n"
              + "2025-01-31T12:00:04.000Z 200 90 https://kb.dk/nodigest.gif E https://kb.dk/"
              + " image/gif #2 20250131120004123+3 sha1:EEEE - -\n";
      writer.write(
          resource(
              "metadata://netarkivet.dk/crawl/logs/crawl.log?heritrixVersion=3.13.0"
                  + "&harvestid=1&jobid="
                  + job,
              log));
      writer.write(
          resource(
              "metadata://netarkivet.dk/crawl/index/cdx?majorversion=2"
                  + "&minorversion=0&harvestid=1&jobid="
                  + job
                  + "&filename=x.warc.gz",
              cdx(job)));
    }
    return file;
  }

  private static WarcResource resource(String uri, String text) {
    return new WarcResource.Builder(URI.create(uri))
        .date(Instant.parse("2025-01-31T13:00:00Z"))
        .body(MediaType.PLAIN_TEXT, text.getBytes(StandardCharsets.UTF_8))
        .build();
  }

  @Test
  void givenSetsOfJobs_whenNamed_thenUpToFourIdsOrFourLowestAndDigest() {
    assertThat(JobSet.of(List.of(3L, 1L, 2L)).cacheName()).isEqualTo("1-2-3");
    String many = JobSet.of(List.of(9L, 1L, 5L, 3L, 7L)).cacheName();
    assertThat(many).matches("1-3-5-7-[0-9a-f]{32}");
    assertThat(JobSet.of(List.of(9L, 1L, 5L, 3L, 8L)).cacheName()).isNotEqualTo(many);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> JobSet.parse(List.of("1,x2")))
        .withMessage("Job ID 'x2' is not a number");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> JobSet.parse(List.of(" ")))
        .withMessage("An index needs at least one job ID; none was given");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> JobSet.parse(List.of("0")))
        .withMessage("Job ID 0 is not a job ID (1 or more)");
  }

  @Test
  void givenManyLinesAndASmallBudget_whenSorted_thenRunsMergedInOrder() throws IOException {
    List<String> lines = new ArrayList<>();
    java.util.Random random = new java.util.Random(7);
    try (SortedLines sorted = new SortedLines(tmp.resolve("runs"), 4096)) {
      for (int i = 0; i < 5000; i++) {
        String line = "line-" + random.nextInt(1_000_000);
        lines.add(line);
        sorted.add(line);
      }
      sorted.writeTo(tmp.resolve("sorted"));
      assertThat(Files.list(tmp.resolve("runs")).count()).isGreaterThan(10);
    }
    lines.sort(null);
    assertThat(Files.readAllLines(tmp.resolve("sorted"))).isEqualTo(lines);
    assertThat(Files.list(tmp.resolve("runs")).count()).isZero();
  }

  @Test
  void givenMetadataInTheArchive_whenJobDataAsked_thenTakenOnceSortedAndMissingNotCached()
      throws IOException {
    metadataWarc(tmp.resolve("archive"), 4);
    AtomicInteger reads = new AtomicInteger();
    JobDataCache cache = new JobDataCache(tmp.resolve("cache"), source(reads), 1 << 20);

    JobData data = cache.get(4).orElseThrow();
    cache.get(4);
    assertThat(cache.get(5)).isEmpty();
    assertThat(cache.get(5)).isEmpty();

    assertThat(reads.get()).isEqualTo(3); // job 4 once, job 5 each time
    List<String> cdx = Files.readAllLines(data.cdx());
    assertThat(cdx).hasSize(6).isSorted().noneMatch(l -> l.startsWith(" CDX"));
    assertThat(Files.readAllLines(data.crawlLog()))
        .hasSize(3)
        .isSorted()
        .first()
        .asString()
        .startsWith("https://kb.dk/ 20250131120000\t2025-01-31T12:00:00.000Z 200 300");
  }

  private JobDataCache.MetadataSource source(AtomicInteger reads) {
    return job -> {
      reads.incrementAndGet();
      Path file = tmp.resolve("archive").resolve(job + "-metadata-1.warc");
      return Files.exists(file) ? List.of(file) : List.of();
    };
  }

  @Test
  void givenCaptures_whenDedupRuleApplied_thenOnlyNonTextSuccessfulResponsesWithDigest() {
    List<Optional<DedupEntry>> entries =
        cdx(1)
            .lines()
            .map(Capture::parseCdx11)
            .filter(java.util.Objects::nonNull)
            .map(DedupRule::entryOf)
            .toList();

    assertThat(entries.stream().flatMap(Optional::stream).map(DedupEntry::url))
        .containsExactly("https://kb.dk/logo.png");
  }

  @Test
  void givenTwoBuildersOfOneSetAtOnce_whenBuilt_thenBuiltOnceAndFoundInTheBundle()
      throws Exception {
    metadataWarc(tmp.resolve("archive"), 1);
    metadataWarc(tmp.resolve("archive"), 2);
    JobDataCache jobs =
        new JobDataCache(tmp.resolve("cache"), source(new AtomicInteger()), 1 << 20);
    JobSet set = JobSet.of(List.of(1L, 2L));
    AtomicInteger builds = new AtomicInteger();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    List<Future<IndexSetCache.Result>> results = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      // Two caches over one directory: as two processes would share it.
      IndexSetCache cache = new IndexSetCache(tmp.resolve("cache"), 1L << 30, Clock.systemUTC());
      results.add(
          pool.submit(
              () -> {
                start.await();
                return cache.getOrBuild(
                    IndexKind.DEDUP,
                    set,
                    dir -> {
                      builds.incrementAndGet();
                      return IndexBuilder.build(
                          IndexKind.DEDUP,
                          List.of(jobs.get(1).orElseThrow(), jobs.get(2).orElseThrow()),
                          dir,
                          n -> {});
                    });
              }));
    }
    start.countDown();
    IndexSetCache.Result first = results.get(0).get();
    IndexSetCache.Result second = results.get(1).get();
    pool.shutdown();

    assertThat(builds.get()).isEqualTo(1);
    assertThat(first.builtNow() ^ second.builtNow()).isTrue();
    assertThat(first.index().name()).isEqualTo("1-2").isEqualTo(second.index().name());
    assertThat(first.index().entries()).isEqualTo(4);
    Path unpacked = tmp.resolve("unpacked");
    try (InputStream in = Files.newInputStream(first.index().bundle())) {
      IndexBundle.read(in, unpacked, 1L << 30);
    }
    try (DedupIndex index = DedupIndex.open(unpacked)) {
      DedupEntry found = index.find("https://kb.dk/logo.png", "sha1:" + PNG_DIGEST).orElseThrow();
      assertThat(found.file()).isEqualTo("1-1-20250131120000-00000-host.warc.gz");
      assertThat(found.offset()).isEqualTo(1001);
      assertThat(index.find("https://kb.dk/", "sha1:AAAA")).isEmpty();
      // The CDX gave no digest: the crawl.log line of the same URL and second gave it.
      DedupEntry fromLog = index.find("https://kb.dk/nodigest.gif", "sha1:EEEE").orElseThrow();
      assertThat(fromLog.offset()).isEqualTo(3000);
    }
  }

  @Test
  void givenAFullCache_whenAnotherSetIsBuilt_thenTheLeastRecentlyUsedIsRemoved() throws Exception {
    Instant[] now = {Instant.parse("2026-01-01T00:00:00Z")};
    Clock clock =
        new Clock() {
          @Override
          public java.time.ZoneId getZone() {
            return java.time.ZoneOffset.UTC;
          }

          @Override
          public Clock withZone(java.time.ZoneId zone) {
            return this;
          }

          @Override
          public Instant instant() {
            return now[0];
          }
        };
    IndexSetCache.Build small =
        dir -> {
          Files.createDirectories(dir);
          Files.writeString(dir.resolve("index.cdx"), "x".repeat(1000));
          return 1;
        };
    IndexSetCache probe = new IndexSetCache(tmp.resolve("c"), Long.MAX_VALUE, clock);
    long one = probe.getOrBuild(IndexKind.CDX, JobSet.of(List.of(99L)), small).index().size();
    IndexSetCache cache = new IndexSetCache(tmp.resolve("c"), 2 * one + one / 2, clock);
    now[0] = now[0].plusSeconds(10);
    cache.getOrBuild(IndexKind.CDX, JobSet.of(List.of(1L)), small);
    now[0] = now[0].plusSeconds(10);
    assertThat(cache.find(IndexKind.CDX, JobSet.of(List.of(99L)))).isPresent(); // used again
    now[0] = now[0].plusSeconds(10);
    cache.getOrBuild(IndexKind.CDX, JobSet.of(List.of(2L)), small);

    assertThat(cache.find(IndexKind.CDX, JobSet.of(List.of(1L)))).isEmpty();
    assertThat(cache.find(IndexKind.CDX, JobSet.of(List.of(99L)))).isPresent();
    assertThat(cache.find(IndexKind.CDX, JobSet.of(List.of(2L)))).isPresent();
  }
}
