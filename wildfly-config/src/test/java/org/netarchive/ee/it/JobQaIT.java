package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcWriter;

/**
 * The QA views of a job on the provisioned server: two jobs' metadata WARCs (the later with a
 * crawl.log of 100,000 lines in Heritrix's format) stored in the archive and both jobs in the
 * harvest history of a domain; the first request is answered 202 while the crawl.log is indexed;
 * then a known line is found among the 100,000 by URL pattern, status, MIME type and domain, a
 * filter is paged through to its end, the seeds report names the failed seed and why, the figures
 * per domain match the lines, and the URLs the previous harvest had that this one lacks are listed.
 * Bad parameters are refused naming the parameter and value; a job without metadata is 404.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only. It reads the harvest history and the archive's
 * admin data through the repositories HistoryApiIT and the archive tests run on PostgreSQL; the
 * rest is files and Lucene.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JobQaIT {

  static final int LINES = 100_000;

  @TempDir Path dir;

  private final Api admin = Api.admin();

  /** Job IDs no other test uses (the archive and the index cache outlive a test). */
  private final long base = 7_000_000L + (System.currentTimeMillis() % 100_000L) * 10;

  /** A crawl.log line as Heritrix 3 writes it. */
  static String line(int status, long size, String url, String hops, String via, String mime) {
    return String.format(
        "2025-02-01T02:%02d:%02d.%03dZ %5d %10d %s %s %s %s #%03d 20250201020001001+%d"
            + " sha1:%s %s %s",
        Math.abs(url.hashCode()) % 60,
        Math.abs(url.hashCode() / 60) % 60,
        Math.abs(url.hashCode()) % 1000,
        status,
        size,
        url,
        hops,
        via,
        mime,
        Math.abs(url.hashCode()) % 50,
        Math.abs(url.hashCode()) % 900 + 10,
        status > 0 ? "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" : "-",
        "-".equals(hops) ? url : "-",
        status == 200 ? "-" : "1t");
  }

  /**
   * A later job's crawl.log over the domain and up to fifty others: two seeds (one failed), a known
   * line and two that look like it, and pages, images and documents.
   */
  static List<String> bigCrawlLog(String domain, int count) {
    List<String> lines = new ArrayList<>(count);
    String www = "https://www." + domain;
    lines.add(line(200, 5120, www + "/", "-", "-", "text/html"));
    lines.add(line(-6, -1, "https://down." + domain + "/", "-", "-", "unknown"));
    lines.add(line(1, 56, "dns:www." + domain, "P", www + "/", "text/dns"));
    lines.add(
        line(200, 987_654, www + "/reports/annual-2024.pdf", "L", www + "/", "application/pdf"));
    lines.add(line(404, 210, www + "/reports/annual-2024.pdf.html", "L", www + "/", "text/html"));
    lines.add(
        line(
            200,
            3000,
            "https://img." + domain + "/reports/annual-2024.pdf",
            "E",
            www + "/",
            "image/jpeg"));
    for (int i = 0; lines.size() < count; i++) {
      switch (i % 4) {
        case 0 ->
            lines.add(
                line(
                    200,
                    1000 + i,
                    "https://www.other" + (i / 4 % 50) + ".dk/p/" + i + ".html",
                    "L",
                    "https://www.other" + (i / 4 % 50) + ".dk/",
                    "text/html"));
        case 1 ->
            lines.add(
                line(
                    200,
                    2000 + i,
                    "https://img." + domain + "/i/" + i + ".jpg",
                    "E",
                    www + "/",
                    "image/jpeg"));
        case 2 ->
            lines.add(
                line(
                    i % 20 == 2 ? 404 : 200,
                    3000 + i,
                    www + "/page/" + i + ".html",
                    "L",
                    www + "/",
                    "text/html")); // Heritrix cuts the type at ";"
        default ->
            lines.add(
                line(200, 4000 + i, www + "/doc/" + i + ".pdf", "L", www + "/", "application/pdf"));
      }
    }
    return lines;
  }

  /** An earlier job's crawl.log of the domain, with URLs the later one lacks. */
  static List<String> previousCrawlLog(String domain) {
    String www = "https://www." + domain;
    return List.of(
        line(200, 5000, www + "/", "-", "-", "text/html"),
        line(200, 100, www + "/page/2.html", "L", www + "/", "text/html"),
        line(200, 100, www + "/page/6.html", "L", www + "/", "text/html"),
        line(200, 100, www + "/old/removed-1.html", "L", www + "/", "text/html"),
        line(301, 0, www + "/old/removed-2.html", "L", www + "/", "text/html"),
        line(404, 10, www + "/old/already-gone.html", "L", www + "/", "text/html"),
        line(200, 100, "https://www.other0.dk/x.html", "L", "-", "text/html"));
  }

  /** Makes two jobs of a new domain, the later with {@code lines} lines, as the tests use them. */
  static void twoJobs(Api admin, Path dir, String domain, long previous, long current, int lines)
      throws Exception {
    assertThat(
            admin
                .post("/api/domains", Json.createObjectBuilder().add("name", domain).build())
                .statusCode())
        .isEqualTo(201);
    HttpResponse<String> imported =
        admin.post(
            "/api/history",
            "text/csv; charset=UTF-8",
            "domain,configuration,harvest,job,started,objects,bytes,stop_reason\n"
                + domain
                + ",defaultconfig,QA,"
                + previous
                + ",2025-01-01T02:00:00Z,5,5000,DOWNLOAD_COMPLETE\n"
                + domain
                + ",defaultconfig,QA,"
                + current
                + ",2025-02-01T02:00:00Z,74996,1000000,DOWNLOAD_COMPLETE\n");
    assertThat(json(imported).getJsonNumber("imported").longValue())
        .as(imported.body())
        .isEqualTo(2);
    try (ArchiveFixtures archive = new ArchiveFixtures()) {
      archive.client(1).store(metadataWarc(dir, previous, previousCrawlLog(domain)));
      archive.client(1).store(metadataWarc(dir, current, bigCrawlLog(domain, lines)));
    }
  }

  @Test
  void givenAJobWith100000CrawlLogLines_whenViewed_thenFoundPagedReportedAndCompared()
      throws Exception {
    long previous = base + 1;
    long current = base + 2;
    String domain = "qa" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
    String www = "https://www." + domain;
    List<String> big = bigCrawlLog(domain, LINES);
    assertThat(big).hasSize(LINES);
    twoJobs(admin, dir, domain, previous, current, LINES);

    Api viewer = Api.newAccount("viewer");
    String jobPath = "/api/jobs/" + current;

    // First asked: being prepared.
    HttpResponse<String> first = viewer.get(jobPath + "/crawl-log?url=" + enc("annual-2024"));
    assertThat(first.statusCode()).as(first.body()).isEqualTo(202);
    assertThat(json(first).getString("state")).isEqualTo("PREPARING");
    Instant asked = Instant.now();
    viewer.await(
        jobPath + "/qa", s -> s.getString("state").equals("READY"), Duration.ofSeconds(120));
    System.out.println(
        "JobQaIT: 100,000 crawl.log lines taken from the archive and indexed in "
            + Duration.between(asked, Instant.now()).toMillis()
            + " ms");

    // The known line, by URL pattern, status, MIME type and domain.
    Instant searched = Instant.now();
    JsonObject known =
        ok(
            viewer.get(
                jobPath
                    + "/crawl-log?url="
                    + enc("reports/annual-2024.pdf")
                    + "&status=200&mime=application/pdf&domain="
                    + domain));
    System.out.println(
        "JobQaIT: the known line found in "
            + Duration.between(searched, Instant.now()).toMillis()
            + " ms");
    assertThat(known.getJsonNumber("total").longValue()).isEqualTo(1);
    JsonObject line = known.getJsonArray("lines").getJsonObject(0);
    assertThat(line.getString("url")).isEqualTo(www + "/reports/annual-2024.pdf");
    assertThat(line.getJsonNumber("size").longValue()).isEqualTo(987_654);
    assertThat(line.getString("mimeType")).isEqualTo("application/pdf");
    assertThat(
            ok(viewer.get(jobPath + "/crawl-log?url=" + enc("annual-2024")))
                .getJsonNumber("total")
                .longValue())
        .isEqualTo(3);
    assertThat(
            ok(viewer.get(
                    jobPath + "/crawl-log?url=" + enc("https://img.*/reports/*") + "&mime=image/*"))
                .getJsonNumber("total")
                .longValue())
        .isEqualTo(1);
    assertThat(ok(viewer.get(jobPath + "/crawl-log?limit=1")).getJsonNumber("total").longValue())
        .isEqualTo(LINES);

    // A filter paged through to its end: every line once, in URL order.
    long expected404 = big.stream().filter(l -> l.contains(" 404 ") && l.contains(domain)).count();
    List<String> urls = new ArrayList<>();
    long total = -1;
    for (int offset = 0; ; offset += 1000) {
      JsonObject page =
          ok(
              viewer.get(
                  jobPath
                      + "/crawl-log?domain=www."
                      + domain
                      + "&status=4xx&offset="
                      + offset
                      + "&limit=1000"));
      total = page.getJsonNumber("total").longValue();
      page.getJsonArray("lines")
          .getValuesAs(JsonObject.class)
          .forEach(l -> urls.add(l.getString("url")));
      if (page.getJsonArray("lines").size() < 1000) {
        break;
      }
    }
    assertThat(total).isEqualTo(expected404).isGreaterThan(1000);
    assertThat(urls).hasSize((int) expected404).isSorted().doesNotHaveDuplicates();

    // The seeds report.
    JsonObject seeds = ok(viewer.get(jobPath + "/seeds-report"));
    assertThat(seeds.getInt("failed")).isEqualTo(1);
    Map<String, JsonObject> byUrl =
        seeds.getJsonArray("seeds").getValuesAs(JsonObject.class).stream()
            .collect(Collectors.toMap(s -> s.getString("url"), s -> s));
    assertThat(byUrl).containsOnlyKeys(www + "/", "https://down." + domain + "/");
    assertThat(byUrl.get(www + "/").getBoolean("failed")).isFalse();
    JsonObject down = byUrl.get("https://down." + domain + "/");
    assertThat(down.getInt("status")).isEqualTo(-6);
    assertThat(down.getString("meaning")).contains("prerequisite");

    // Figures per domain, as counted from the lines themselves.
    JsonObject domains = ok(viewer.get(jobPath + "/domains"));
    assertThat(domains.getJsonNumber("lines").longValue()).isEqualTo(LINES);
    JsonObject figures =
        domains.getJsonArray("domains").getValuesAs(JsonObject.class).stream()
            .filter(d -> d.getString("domain").equals(domain))
            .findFirst()
            .orElseThrow();
    List<String> ofDomain = big.stream().filter(l -> l.split(" +")[3].contains(domain)).toList();
    Map<String, Long> statuses = new TreeMap<>();
    ofDomain.forEach(l -> statuses.merge(l.split(" +")[1], 1L, Long::sum));
    assertThat(figures.getJsonNumber("lines").longValue()).isEqualTo(ofDomain.size());
    statuses.forEach(
        (status, count) ->
            assertThat(figures.getJsonObject("statuses").getJsonNumber(status).longValue())
                .as("status %s", status)
                .isEqualTo(count));
    assertThat(figures.getJsonObject("mimeTypes").getJsonNumber("text/html").longValue())
        .isEqualTo(ofDomain.stream().filter(l -> l.contains(" text/html")).count());
    assertThat(domains.getJsonArray("domains").size()).isEqualTo(51);

    // What the previous harvest of the domain had that this one lacks.
    JsonObject missing =
        awaitOk(viewer, jobPath + "/domains/" + domain + "/missing-since-previous");
    assertThat(missing.getJsonNumber("previousJobId").longValue()).isEqualTo(previous);
    assertThat(missing.getJsonNumber("previousCaptured").longValue()).isEqualTo(5);
    assertThat(missing.getJsonNumber("total").longValue()).isEqualTo(3);
    List<JsonObject> lacks = missing.getJsonArray("missing").getValuesAs(JsonObject.class);
    assertThat(lacks)
        .extracting(m -> m.getString("url"))
        .containsExactly(
            www + "/old/removed-1.html", www + "/old/removed-2.html", www + "/page/2.html");
    assertThat(HarvestedJobs.absent(lacks.get(0), "currentStatus")).isTrue();
    assertThat(lacks.get(1).getInt("previousStatus")).isEqualTo(301);
    assertThat(lacks.get(2).getInt("currentStatus")).isEqualTo(404);
    assertThat(
            ok(viewer.get(
                    jobPath
                        + "/domains/"
                        + domain
                        + "/missing-since-previous?previous="
                        + previous
                        + "&offset=2&limit=5"))
                .getJsonArray("missing")
                .getJsonObject(0)
                .getString("url"))
        .isEqualTo(www + "/page/2.html");
    HttpResponse<String> firstHarvest =
        viewer.get("/api/jobs/" + previous + "/domains/" + domain + "/missing-since-previous");
    assertThat(firstHarvest.statusCode()).as(firstHarvest.body()).isEqualTo(404);
    assertThat(json(firstHarvest).getString("detail"))
        .contains("first harvest of '" + domain + "'");

    // Bad input, and a job the archive holds no metadata of.
    assertRefused(viewer, jobPath + "/crawl-log?status=2xx,abc", "status", "'abc'");
    assertRefused(viewer, jobPath + "/crawl-log?mime=" + enc("text html"), "mime", "'text html'");
    assertRefused(viewer, jobPath + "/crawl-log?limit=5000", "limit", "'5000'");
    assertRefused(viewer, jobPath + "/crawl-log?offset=-1", "offset", "'-1'");
    HttpResponse<String> none = viewer.get("/api/jobs/" + (base + 9) + "/crawl-log");
    assertThat(none.statusCode()).as(none.body()).isEqualTo(404);
    assertThat(json(none).getString("detail")).contains("holds no metadata of job " + (base + 9));
  }

  private static void assertRefused(Api api, String path, String field, String value)
      throws Exception {
    HttpResponse<String> refused = api.get(path);
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(json(refused).getString("field")).isEqualTo(field);
    assertThat(json(refused).getString("detail")).contains("'" + field + "'", value);
  }

  private static JsonObject ok(HttpResponse<String> response) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return json(response);
  }

  /** A view whose jobs may still be prepared (the previous job's is made at its first use). */
  private static JsonObject awaitOk(Api api, String path) throws Exception {
    return ok(
        await(path + " prepared")
            .atMost(Duration.ofSeconds(60))
            .pollInterval(Duration.ofMillis(250))
            .until(() -> api.get(path), response -> response.statusCode() != 202));
  }

  private static String enc(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  /** A job's metadata WARC as the agent writes it, here with its crawl.log only. */
  static Path metadataWarc(Path dir, long job, List<String> crawlLog) throws Exception {
    Path file =
        Files.createDirectories(dir.resolve("metadata-" + job))
            .resolve(job + "-metadata-1.warc.gz");
    try (WarcWriter writer =
        new WarcWriter(
            FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            WarcCompression.GZIP)) {
      writer.write(
          new WarcResource.Builder(
                  URI.create(
                      "metadata://netarkivet.dk/crawl/logs/crawl.log?heritrixVersion=3.13.0"
                          + "&harvestid=1&jobid="
                          + job))
              .date(Instant.parse("2025-02-01T13:00:00Z"))
              .body(
                  MediaType.PLAIN_TEXT,
                  (String.join("\n", crawlLog) + "\n").getBytes(StandardCharsets.UTF_8))
              .build());
    }
    return file;
  }
}
