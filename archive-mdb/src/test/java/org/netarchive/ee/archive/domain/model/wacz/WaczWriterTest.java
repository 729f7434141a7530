package org.netarchive.ee.archive.domain.model.wacz;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcTargetRecord;
import org.netpreserve.jwarc.WarcWriter;

/**
 * A WACZ of two jobs' WARC files, the second with a revisit of an image the first job holds: the
 * ZIP's layout, the manifest's digests, the sorted CDXJ whose every line is a record at its offset
 * inside the stored entry, the seed as a page, and the original carried along.
 */
class WaczWriterTest {

  private static final Instant FIRST = Instant.parse("2026-11-20T10:00:00Z");
  private static final Instant SECOND = Instant.parse("2026-11-25T10:00:00Z");

  private static final URI IDENTICAL_PAYLOAD =
      URI.create("http://netpreserve.org/warc/1.1/revisit/identical-payload-digest");

  @TempDir Path tmp;

  @Test
  void givenARevisitOfAnotherJobsImage_whenPacked_thenValidWaczWithTheOriginal() throws Exception {
    byte[] png = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 1, 2, 3};
    Path archive = Files.createDirectories(tmp.resolve("archive"));
    Path first = archive.resolve("1-1-20261120100000-00000-host.warc.gz");
    long imageOffset;
    try (WarcWriter writer = writer(first)) {
      writer.write(response("http://kb.dk/", FIRST, "text/html", "<p>first</p>".getBytes()));
      imageOffset = writer.position();
      writer.write(response("http://kb.dk/logo.png", FIRST, "image/png", png));
    }
    Path second = archive.resolve("2-1-20261125100000-00000-host.warc.gz");
    try (WarcWriter writer = writer(second)) {
      writer.write(
          response(
              "http://kb.dk/", SECOND, "text/html", "<p>second</p><img src=logo.png>".getBytes()));
      writer.write(response("http://kb.dk/about", SECOND, "text/html", "<p>about</p>".getBytes()));
      writer.write(
          new WarcRevisit.Builder(URI.create("http://kb.dk/logo.png"), IDENTICAL_PAYLOAD)
              .date(SECOND)
              .refersTo((java.util.UUID) null, URI.create("http://kb.dk/logo.png"), FIRST)
              .addHeader(WaczWriter.REFERS_TO_FILENAME, first.getFileName().toString())
              .addHeader(WaczWriter.REFERS_TO_OFFSET, Long.toString(imageOffset))
              .body(
                  MediaType.HTTP_RESPONSE,
                  "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n".getBytes())
              .build());
    }

    Path wacz = tmp.resolve("job-2.wacz");
    List<String> phases = new ArrayList<>();
    WaczWriter.Summary summary =
        new WaczWriter(tmp.resolve("work"), "Job 2", "test", Clock.fixed(SECOND, ZoneOffset.UTC))
            .write(
                List.of(second),
                List.of("http://kb.dk/", "http://never-crawled.dk/"),
                name -> archive.resolve(name),
                wacz,
                (phase, done, total) -> phases.add(phase + " " + done + "/" + total));

    assertThat(summary.originals()).isEqualTo(1);
    assertThat(summary.missingOriginals()).isEmpty();
    assertThat(summary.pages()).isEqualTo(1);
    assertThat(summary.captures()).isEqualTo(4);
    assertThat(phases).isNotEmpty().last().asString().startsWith("PACKING");
    try (ZipFile zip = new ZipFile(wacz.toFile())) {
      Map<String, ZipEntry> entries = new LinkedHashMap<>();
      for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
        ZipEntry entry = e.nextElement();
        entries.put(entry.getName(), entry);
        assertThat(entry.getMethod()).as(entry.getName()).isEqualTo(ZipEntry.STORED);
      }
      assertThat(entries.keySet())
          .containsExactly(
              "archive/" + second.getFileName(),
              "archive/" + WaczWriter.ORIGINALS_FILE,
              "indexes/index.cdxj",
              "pages/pages.jsonl",
              "datapackage.json",
              "datapackage-digest.json");

      byte[] datapackage = zip.getInputStream(entries.get("datapackage.json")).readAllBytes();
      JsonObject manifest =
          Json.createReader(new StringReader(new String(datapackage, StandardCharsets.UTF_8)))
              .readObject();
      assertThat(manifest.getString("wacz_version")).isEqualTo("1.1.1");
      assertThat(manifest.getString("profile")).isEqualTo("data-package");
      assertThat(manifest.getString("mainPageUrl")).isEqualTo("http://kb.dk/");
      for (JsonObject resource : manifest.getJsonArray("resources").getValuesAs(JsonObject.class)) {
        byte[] bytes = zip.getInputStream(entries.get(resource.getString("path"))).readAllBytes();
        assertThat(resource.getJsonNumber("bytes").longValue()).isEqualTo(bytes.length);
        assertThat(resource.getString("hash")).isEqualTo("sha256:" + sha256(bytes));
      }
      assertThat(manifest.getJsonArray("resources")).hasSize(4);
      JsonObject digest =
          Json.createReader(zip.getInputStream(entries.get("datapackage-digest.json")))
              .readObject();
      assertThat(digest.getString("hash")).isEqualTo("sha256:" + sha256(datapackage));

      List<String> lines =
          new String(
                  zip.getInputStream(entries.get("indexes/index.cdxj")).readAllBytes(),
                  StandardCharsets.UTF_8)
              .lines()
              .toList();
      assertThat(lines).as(String.join("\n", lines)).hasSize(4).isSorted();
      Path unpacked = Files.createDirectories(tmp.resolve("unpacked"));
      for (String line : lines) {
        JsonObject fields =
            Json.createReader(new StringReader(line.substring(line.indexOf('{')))).readObject();
        String file = fields.getString("filename");
        Path copy = unpacked.resolve(file);
        if (!Files.exists(copy)) {
          try (InputStream in = zip.getInputStream(entries.get("archive/" + file))) {
            Files.copy(in, copy);
          }
        }
        try (FileChannel channel = FileChannel.open(copy, StandardOpenOption.READ);
            WarcReader reader = new WarcReader(channel.position(number(fields, "offset")))) {
          WarcRecord record = reader.next().orElseThrow();
          assertThat(((WarcTargetRecord) record).target()).isEqualTo(fields.getString("url"));
        }
      }
      assertThat(lines)
          .anyMatch(
              l ->
                  l.startsWith("dk,kb)/logo.png 20261120100000 ")
                      && l.contains(WaczWriter.ORIGINALS_FILE))
          .anyMatch(
              l -> l.startsWith("dk,kb)/logo.png 20261125100000 ") && l.contains("warc/revisit"));

      List<String> pages =
          new String(
                  zip.getInputStream(entries.get("pages/pages.jsonl")).readAllBytes(),
                  StandardCharsets.UTF_8)
              .lines()
              .toList();
      assertThat(pages).hasSize(2);
      assertThat(pages.get(0)).contains("\"format\":\"json-pages-1.0\"");
      JsonObject page = Json.createReader(new StringReader(pages.get(1))).readObject();
      assertThat(page.getString("url")).isEqualTo("http://kb.dk/");
      assertThat(page.getString("ts")).isEqualTo("2026-11-25T10:00:00Z");
    }
  }

  @Test
  void givenAnOriginalTheArchiveCannotDeliver_whenPacked_thenNamedAsMissing() throws Exception {
    Path warc = tmp.resolve("3-1-20261125100000-00000-host.warc.gz");
    try (WarcWriter writer = writer(warc)) {
      writer.write(
          new WarcRevisit.Builder(URI.create("http://kb.dk/logo.png"), IDENTICAL_PAYLOAD)
              .date(SECOND)
              .addHeader(WaczWriter.REFERS_TO_FILENAME, "9-gone.warc.gz")
              .addHeader(WaczWriter.REFERS_TO_OFFSET, "0")
              .build());
    }
    WaczWriter.Summary summary =
        new WaczWriter(tmp.resolve("work"), "Job 3", "test", Clock.systemUTC())
            .write(
                List.of(warc),
                List.of(),
                name -> {
                  throw new IOException("unknown file '" + name + "'");
                },
                tmp.resolve("job-3.wacz"),
                (phase, done, total) -> {});
    assertThat(summary.originals()).isZero();
    assertThat(summary.missingOriginals())
        .containsExactly("9-gone.warc.gz: unknown file '9-gone.warc.gz'");
    assertThat(summary.warcFiles()).containsExactly(warc.getFileName().toString());
  }

  private static WarcWriter writer(Path file) throws IOException {
    return new WarcWriter(
        FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
        WarcCompression.GZIP);
  }

  private static WarcResponse response(String url, Instant date, String type, byte[] body)
      throws Exception {
    HttpResponse http =
        new HttpResponse.Builder(200, "OK").body(MediaType.parse(type), body).build();
    return new WarcResponse.Builder(URI.create(url))
        .date(date)
        .body(http)
        .payloadDigest(new WarcDigest(sha1(body)))
        .build();
  }

  /** A CDXJ field that pywb writes as a text and others as a number. */
  private static long number(JsonObject fields, String name) {
    return fields.get(name) instanceof jakarta.json.JsonNumber n
        ? n.longValue()
        : Long.parseLong(fields.getString(name));
  }

  private static MessageDigest sha1(byte[] body) throws Exception {
    MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
    sha1.update(body);
    return sha1;
  }

  private static String sha256(byte[] bytes) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }
}
