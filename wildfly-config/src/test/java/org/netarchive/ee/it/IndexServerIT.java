package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.index.IndexClient;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.common.index.DedupEntry;
import org.netarchive.ee.common.index.DedupIndex;
import org.netarchive.ee.common.index.IndexBundle;
import org.netarchive.ee.common.index.IndexKind;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.cdx.CdxFormat;
import org.netpreserve.jwarc.cdx.CdxWriter;

/**
 * The index server on the provisioned server, with the real broker, batch runtime and both
 * bitarchives: jobs' metadata WARCs (as the agent writes them, with jwarc's CDX of a real WARC) are
 * stored in the archive; one job set asked for twice at once is built once; a set with one job's
 * metadata missing gives the index of the others and names the missing job, and the full set once
 * that job's metadata is stored; the downloaded bundle has the SHA-256 its header says and its
 * deduplication index finds the image at the file and offset the CDX named; bad input is refused
 * naming the value; the agent's IndexClient fetches an index over the broker.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only. The index server reads the archive's admin
 * data through the repository that ArchiveStoreIT and the other archive tests run on PostgreSQL;
 * the rest is files, Lucene and the broker.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class IndexServerIT {

  private static final Duration BUILD_TIME = Duration.ofSeconds(90);

  @TempDir Path dir;

  private final Api admin = Api.admin();

  /** Job IDs no other test uses (the archive and the index cache outlive a test). */
  private final long base = 9_000_000L + (System.currentTimeMillis() % 100_000L) * 10;

  @Test
  void givenJobsMetadataInTheArchive_whenIndexesAsked_thenBuiltOnceSubsetNamedAndFetchedByAgents()
      throws Exception {
    long a = base + 1;
    long b = base + 2;
    long c = base + 3;
    Path warcA = crawlWarc(a);
    String cdxA = cdx(warcA);
    try (ArchiveFixtures archive = new ArchiveFixtures()) {
      archive.client(1).store(metadataWarc(a, cdxA));
      archive.client(1).store(metadataWarc(b, cdx(crawlWarc(b))));

      // Asked twice at once: built once.
      CompletableFuture<HttpResponse<String>> first =
          CompletableFuture.supplyAsync(() -> ask("dedup", a + "," + b));
      CompletableFuture<HttpResponse<String>> second =
          CompletableFuture.supplyAsync(() -> ask("DEDUP", b + "," + a));
      JsonObject one = awaitReady(first.get());
      JsonObject two = awaitReady(second.get());
      String name = a + "-" + b;
      assertThat(one.getString("name")).isEqualTo(name);
      assertThat(two.getString("name")).isEqualTo(name);
      assertThat(one.getInt("builds")).as(one.toString()).isEqualTo(1);
      assertThat(two.getInt("builds")).as(two.toString()).isEqualTo(1);
      assertThat(ids(one.getJsonArray("foundJobIds"))).containsExactly(a, b);
      assertThat(one.getJsonArray("missingJobIds")).isEmpty();

      // The bundle: its checksum, and the image at the file and offset the CDX named.
      HttpResponse<byte[]> bundle = admin.getBytes("/api/index/dedup/" + name);
      assertThat(bundle.statusCode()).isEqualTo(200);
      assertThat(bundle.headers().firstValue("X-Content-SHA256"))
          .contains(
              HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bundle.body())))
          .contains(one.getString("sha256"));
      Path unpacked = dir.resolve("downloaded");
      IndexBundle.read(new ByteArrayInputStream(bundle.body()), unpacked, 1L << 30);
      Capture image = imageCapture(cdxA);
      try (DedupIndex index = DedupIndex.open(unpacked)) {
        DedupEntry entry = index.find(image.url(), image.digest()).orElseThrow();
        assertThat(entry.file()).isEqualTo(warcA.getFileName().toString()).isEqualTo(image.file());
        assertThat(entry.offset()).isEqualTo(image.offset()).isPositive();
        assertThat(entry.mimeType()).isEqualTo("image/png");
        assertThat(index.size()).isEqualTo(2); // one image per job; the page is text
      }

      // One job's metadata missing: the index of the others, the missing one named.
      JsonObject partial = awaitReady(ask("dedup", a + "," + b + "," + c));
      assertThat(partial.getString("name")).isEqualTo(name);
      assertThat(ids(partial.getJsonArray("missingJobIds"))).containsExactly(c);
      assertThat(ids(partial.getJsonArray("foundJobIds"))).containsExactly(a, b);
      assertThat(partial.getInt("builds")).isEqualTo(1); // the set's index, from the cache

      // The agent's client over the broker: the same subset, then the full set once C is stored.
      ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(ServerUnderTest.BROKER);
      try (factory) {
        IndexClient client =
            new IndexClient(
                factory,
                ServerUnderTest.AGENT,
                ServerUnderTest.agentPassword(),
                ArchiveFixtures.CHANNELS,
                "IndexServerIT");
        IndexClient.Result subset =
            client.fetch(IndexKind.DEDUP, List.of(c, a, b), dir.resolve("agent-1"), BUILD_TIME);
        assertThat(subset.failure()).isNull();
        assertThat(subset.complete()).isFalse();
        assertThat(subset.missingJobIds()).containsExactly(c);

        archive.client(1).store(metadataWarc(c, cdx(crawlWarc(c))));
        JsonObject full = awaitReady(ask("dedup", a + "," + b + "," + c));
        assertThat(full.getString("name")).isEqualTo(a + "-" + b + "-" + c);
        assertThat(full.getJsonArray("missingJobIds")).isEmpty();

        IndexClient.Result complete =
            client.fetch(IndexKind.DEDUP, List.of(a, b, c), dir.resolve("agent-2"), BUILD_TIME);
        assertThat(complete.failure()).isNull();
        assertThat(complete.complete()).isTrue();
        assertThat(complete.name()).isEqualTo(a + "-" + b + "-" + c);
        try (DedupIndex index = DedupIndex.open(complete.directory())) {
          assertThat(index.size()).isEqualTo(3);
          assertThat(index.find(image.url(), image.digest()).orElseThrow().offset())
              .isEqualTo(image.offset());
        }

        // A bundle larger than the broker's min-large-message-size (100 KiB): streamed in chunks.
        long d = base + 4;
        archive.client(1).store(metadataWarc(d, manyImages(d, 10_000)));
        JsonObject large = awaitReady(ask("dedup", Long.toString(d)));
        assertThat(large.getJsonNumber("size").longValue()).isGreaterThan(2 * 100 * 1024);
        IndexClient.Result streamed =
            client.fetch(IndexKind.DEDUP, List.of(d), dir.resolve("agent-large"), BUILD_TIME);
        assertThat(streamed.failure()).isNull();
        try (DedupIndex index = DedupIndex.open(streamed.directory())) {
          assertThat(index.size()).isEqualTo(10_000);
        }

        // The combined CDX kind, over the broker too.
        IndexClient.Result cdx =
            client.fetch(IndexKind.CDX, List.of(a), dir.resolve("agent-cdx"), BUILD_TIME);
        assertThat(cdx.failure()).isNull();
        assertThat(Files.readAllLines(cdx.directory().resolve("index.cdx")))
            .contains(image.toCdx11())
            .hasSize(1 + (int) cdxA.lines().filter(l -> !l.startsWith(" CDX")).count());
      }
    }

    // The full index kind through REST.
    JsonObject fullIndex = awaitReady(ask("full", Long.toString(a)));
    assertThat(fullIndex.getJsonNumber("entries").longValue())
        .isEqualTo(cdxA.lines().filter(l -> !l.startsWith(" CDX")).count())
        .isEqualTo(2);
  }

  @Test
  void givenBadIndexRequests_whenAsked_thenRefusedNamingTheValue() throws Exception {
    assertRefused("/api/index/dedup?jobs=1,x7", "Job ID 'x7' is not a number");
    assertRefused("/api/index/lucene?jobs=1", "Unknown index kind 'lucene'");
    assertRefused("/api/index/dedup", "An index needs at least one job ID; none was given");
    String many =
        LongStream.rangeClosed(1, 10_001).mapToObj(Long::toString).collect(Collectors.joining(","));
    assertRefused("/api/index/dedup?jobs=" + many, "An index covers at most 10000 jobs");
    assertThat(admin.get("/api/index/builds/no-such-build").statusCode()).isEqualTo(404);
    assertThat(admin.get("/api/index/dedup/1-2-3").statusCode()).isEqualTo(404);
    Api viewer = Api.newAccount("viewer");
    assertThat(viewer.post("/api/index/dedup?jobs=1").statusCode()).isEqualTo(403);
  }

  private void assertRefused(String path, String detail) throws Exception {
    HttpResponse<String> refused = admin.post(path);
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(json(refused).getString("detail")).contains(detail);
  }

  private HttpResponse<String> ask(String kind, String jobs) {
    try {
      HttpResponse<String> accepted = admin.post("/api/index/" + kind + "?jobs=" + jobs);
      assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
      return accepted;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private JsonObject awaitReady(HttpResponse<String> accepted) throws Exception {
    String location = accepted.headers().firstValue("Location").orElseThrow();
    JsonObject done =
        admin.await(
            location.substring(location.indexOf("/api/")),
            build ->
                build.getString("state").equals("READY")
                    || build.getString("state").equals("FAILED"),
            BUILD_TIME);
    assertThat(done.getString("state")).as(done.toString()).isEqualTo("READY");
    assertThat(done.getJsonNumber("progress").doubleValue()).isEqualTo(1.0);
    return done;
  }

  private static List<Long> ids(JsonArray array) {
    return array.getValuesAs(JsonNumber.class).stream().map(JsonNumber::longValue).toList();
  }

  /** A crawl's WARC: a page (text) and an image, as Heritrix writes responses. */
  private Path crawlWarc(long job) throws Exception {
    Path file = dir.resolve(job + "-1-20250131120000-00000-host.warc");
    try (WarcWriter writer =
        new WarcWriter(
            java.nio.channels.FileChannel.open(
                file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            WarcCompression.NONE)) {
      writer.write(response("https://kb.dk/", "text/html", "<p>job " + job + "</p>".repeat(20)));
      writer.write(response("https://kb.dk/logo-" + job + ".png", "image/png", "PNG" + job));
    }
    return file;
  }

  private static WarcResponse response(String url, String type, String body) throws Exception {
    byte[] payload = body.getBytes(StandardCharsets.UTF_8);
    byte[] http =
        ("HTTP/1.1 200 OK\r\nContent-Type: "
                + type
                + "\r\nContent-Length: "
                + payload.length
                + "\r\n\r\n"
                + body)
            .getBytes(StandardCharsets.UTF_8);
    return new WarcResponse.Builder(URI.create(url))
        .date(Instant.parse("2025-01-31T12:00:00Z"))
        .payloadDigest(new WarcDigest("sha1", MessageDigest.getInstance("SHA-1").digest(payload)))
        .body(MediaType.HTTP_RESPONSE, http)
        .build();
  }

  /** The CDX (CDX11 with its legend) of a WARC, as the agent's MetadataWarc writes it. */
  private static String cdx(Path warc) throws Exception {
    StringWriter out = new StringWriter();
    try (CdxWriter writer = new CdxWriter(out)) {
      writer.setFormat(CdxFormat.CDX11);
      writer.writeHeaderLine();
      writer.process(List.of(warc), false);
    }
    return out.toString();
  }

  /** A CDX of many distinct images (random digests, so the index does not compress away). */
  private static String manyImages(long job, int count) {
    java.util.Random random = new java.util.Random(job);
    StringBuilder cdx = new StringBuilder(" CDX N b a m s k r M S V g\n");
    for (int i = 0; i < count; i++) {
      byte[] digest = new byte[20];
      random.nextBytes(digest);
      String base32 = new WarcDigest("sha1", digest).base32();
      cdx.append("dk,kb)/img/")
          .append(i)
          .append(".jpg 20250131120000 https://kb.dk/img/")
          .append(i)
          .append(".jpg image/jpeg 200 ")
          .append(base32)
          .append(" - - 1000 ")
          .append(1000L * i)
          .append(' ')
          .append(job)
          .append("-1-20250131120000-00000-host.warc\n");
    }
    return cdx.toString();
  }

  private static Capture imageCapture(String cdx) {
    return cdx.lines()
        .map(Capture::parseCdx11)
        .filter(c -> c != null && c.mimeType().equals("image/png"))
        .findFirst()
        .orElseThrow(() -> new AssertionError("No image in the CDX:\n" + cdx));
  }

  /** A job's metadata WARC as the agent writes it: its crawl.log and the CDX of its WARC. */
  private Path metadataWarc(long job, String cdx) throws Exception {
    Path file =
        Files.createDirectories(dir.resolve("metadata-" + job)).resolve(job + "-metadata-1.warc");
    String log =
        cdx.lines()
            .map(Capture::parseCdx11)
            .filter(c -> c != null)
            .map(
                c ->
                    "2025-01-31T12:00:00.000Z 200 "
                        + c.length()
                        + " "
                        + c.url()
                        + " - - "
                        + c.mimeType()
                        + " #1 20250131120000+5 sha1:"
                        + c.digest()
                        + " - -")
            .collect(Collectors.joining("\n", "", "\n"));
    try (WarcWriter writer =
        new WarcWriter(
            java.nio.channels.FileChannel.open(
                file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            WarcCompression.NONE)) {
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
                  + "&filename="
                  + job
                  + "-1-20250131120000-00000-host.warc",
              cdx));
    }
    return file;
  }

  private static WarcResource resource(String uri, String text) {
    return new WarcResource.Builder(URI.create(uri))
        .date(Instant.parse("2025-01-31T13:00:00Z"))
        .body(MediaType.PLAIN_TEXT, text.getBytes(StandardCharsets.UTF_8))
        .build();
  }
}
