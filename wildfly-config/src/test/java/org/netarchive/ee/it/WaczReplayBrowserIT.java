package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcTargetRecord;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;

/**
 * WACZ export and replay after real harvests: the agent crawls the synthetic site twice, the second
 * time with only its pages changed ({@link DedupHarvests}), so that the second job stores its
 * images as revisit records of the first job's. The second job's WACZ (GET /api/jobs/{id}/wacz,
 * built in the background while its progress is followed) is a valid WACZ 1.1.1: its ZIP layout,
 * every file's SHA-256 in datapackage.json and that file's own in datapackage-digest.json, a sorted
 * CDXJ index whose every capture jwarc reads at its offset in the stored WARC, the seed as its
 * page, the originals of the revisits carried along, and a Range request answered with exactly
 * those bytes.
 *
 * <p>Then, with the synthetic site stopped (after the pair) so that nothing can come from the live
 * site, headless Chromium opens the job page, follows "Browse this harvest", then finds the front
 * page's child page under Archive, Find an archived URL (the capture index), and opens its capture
 * of the second harvest from its date: ReplayWeb.page (served by the WAR) shows the archived page's
 * text, and its image, a revisit whose original lies in the first job, is drawn (naturalWidth above
 * 0, read inside ReplayWeb.page's nested frames and shadow roots). Screenshot (build output):
 * target/screenshots/replay-archived-page.png.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only. Its database work (jobs, history, the
 * archive's admin data) is what DeduplicationIT and the archive tests cover on PostgreSQL.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class WaczReplayBrowserIT {

  private static final Duration PACKING = Duration.ofSeconds(120);
  private static final Api ADMIN = Api.admin();
  private static final ScheduledHarvests HARVESTS = new ScheduledHarvests(ADMIN);

  @TempDir Path dir;

  @Test
  void givenTwoHarvestsWithRevisits_whenExportedAndReplayed_thenValidWaczAndThePageWithItsImage()
      throws Exception {
    DedupHarvests.Pair pair = DedupHarvests.pair();
    long first = pair.first();
    long second = pair.second();
    String seed = pair.seed();

    // A job that does not exist is named.
    HttpResponse<String> unknown = ADMIN.get("/api/jobs/987654321/wacz/progress");
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(unknown.body()).contains("987654321");

    JsonObject ready = awaitWacz("/api/jobs/" + second + "/wacz");
    assertThat(ready.getInt("revisitOriginals")).as(ready.toString()).isPositive();
    assertThat(ready.getJsonArray("missingOriginals")).as(ready.toString()).isEmpty();
    HttpResponse<byte[]> download = ADMIN.getBytes("/api/jobs/" + second + "/wacz");
    assertThat(download.statusCode()).isEqualTo(200);
    assertThat(download.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("application/wacz"));
    assertThat(download.headers().firstValue("Accept-Ranges")).contains("bytes");
    Path wacz = dir.resolve("job-" + second + ".wacz");
    Files.write(wacz, download.body());
    assertThat((long) download.body().length).isEqualTo(ready.getJsonNumber("size").longValue());

    // Range: the bytes at an offset, as a replay engine reads the ZIP's directory and records.
    HttpResponse<byte[]> range =
        ServerUnderTest.http()
            .send(
                ADMIN
                    .requestFor("/api/jobs/" + second + "/wacz/job-" + second + ".wacz")
                    .header("Range", "bytes=100-1099")
                    .GET()
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    assertThat(range.statusCode()).isEqualTo(206);
    assertThat(range.headers().firstValue("Content-Range"))
        .contains("bytes 100-1099/" + download.body().length);
    assertThat(range.body()).isEqualTo(java.util.Arrays.copyOfRange(download.body(), 100, 1100));

    HttpResponse<String> beyond =
        ServerUnderTest.send(
            ADMIN
                .requestFor("/api/jobs/" + second + "/wacz")
                .header("Range", "bytes=" + download.body().length + "-")
                .GET()
                .build());
    assertThat(beyond.statusCode()).isEqualTo(416);
    assertThat(beyond.headers().firstValue("Content-Range"))
        .contains("bytes */" + download.body().length);

    // The harvest run of the second job: its one job, in a package of its own name.
    JsonObject secondJob = HARVESTS.job(second).getJsonObject("job");
    String runPath =
        "/api/jobs/runs/"
            + Api.segment(secondJob.getString("harvestName"))
            + "/"
            + secondJob.getInt("harvestRun")
            + "/wacz";
    JsonObject run = awaitWacz(runPath);
    assertThat(run.getString("name")).startsWith("harvest-").endsWith(".wacz");
    assertThat(run.getJsonNumber("captures").longValue())
        .isEqualTo(ready.getJsonNumber("captures").longValue());
    assertThat(ADMIN.getBytes(runPath).statusCode()).isEqualTo(200);

    String pageUrl = seed + "page/1.html";
    String pageTime = validate(wacz, second, first, seed, pageUrl);

    // Replay, with the site stopped: whatever shows comes from the WACZ.
    try (Browser browser = new Browser()) {
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      browser.driver().get(ServerUnderTest.HTTP + "/status/job.xhtml?id=" + second);
      browser.await(By.id("browse-harvest")).click();
      browser.await(By.id("replay-web-page"));
      assertThat(browser.driver().getCurrentUrl())
          .contains("/archive/replay.xhtml")
          .contains("job=" + second);

      // Archive -> Find an archived URL: the page's capture of the second harvest, once the
      // capture index holds it, opened from its date (the capture index names its job)
      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofSeconds(1))
          .untilAsserted(
              () ->
                  assertThat(
                          ADMIN
                              .get(
                                  "/api/cdx?url="
                                      + URLEncoder.encode(pageUrl, StandardCharsets.UTF_8))
                              .body())
                      .as("the capture index's captures of %s", pageUrl)
                      .contains(" " + pageTime + " "));
      browser
          .driver()
          .get(
              ServerUnderTest.HTTP
                  + "/archive/find-url.xhtml?matchType=exact&url="
                  + URLEncoder.encode(pageUrl, StandardCharsets.UTF_8));
      By capture = By.cssSelector("a.nas-replay[href*='timestamp=" + pageTime + "']");
      assertThat(browser.await(capture).getAttribute("href")).contains("job=" + second);
      browser.driver().findElement(capture).click();
      browser.await(By.id("replay-web-page"));
      JsonObject shown = awaitReplayed(browser, "Edition 1");
      browser.screenshot("replay-archived-page");
      assertThat(shown.getString("text")).contains("Edition 1").contains("page 2");
      List<JsonObject> images = shown.getJsonArray("images").getValuesAs(JsonObject.class);
      assertThat(images).as(shown.toString()).isNotEmpty();
      for (JsonObject image : images) {
        assertThat(image.getString("src")).containsPattern("/img/1-[0-9]+\\.png");
        assertThat(image.getInt("naturalWidth")).as("image drawn: %s", image).isEqualTo(32);
      }
    }
  }

  /**
   * Checks the WACZ: layout, digests, sorted CDXJ, every capture readable at its offset, the seed
   * as its page, revisit originals from the first job. Returns the page's capture time.
   */
  private static String validate(Path wacz, long job, long first, String seed, String pageUrl)
      throws Exception {
    try (ZipFile zip = new ZipFile(wacz.toFile())) {
      Map<String, ZipEntry> entries = new LinkedHashMap<>();
      for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
        ZipEntry entry = e.nextElement();
        entries.put(entry.getName(), entry);
      }
      assertThat(entries.keySet())
          .contains(
              "indexes/index.cdxj",
              "pages/pages.jsonl",
              "datapackage.json",
              "datapackage-digest.json",
              "archive/revisit-originals.warc.gz")
          .anyMatch(n -> n.startsWith("archive/" + job + "-") && n.endsWith(".warc.gz"))
          .noneMatch(n -> n.contains("metadata"))
          .allMatch(
              n ->
                  n.startsWith("archive/")
                      || n.startsWith("indexes/")
                      || n.startsWith("pages/")
                      || n.startsWith("datapackage"));
      entries.forEach(
          (name, entry) ->
              assertThat(entry.getMethod()).as("%s stored", name).isEqualTo(ZipEntry.STORED));

      byte[] datapackage = zip.getInputStream(entries.get("datapackage.json")).readAllBytes();
      JsonObject manifest = parse(new String(datapackage, StandardCharsets.UTF_8));
      assertThat(manifest.getString("wacz_version")).isEqualTo("1.1.1");
      List<String> paths = new ArrayList<>();
      for (JsonObject resource : manifest.getJsonArray("resources").getValuesAs(JsonObject.class)) {
        String path = resource.getString("path");
        paths.add(path);
        byte[] bytes = zip.getInputStream(entries.get(path)).readAllBytes();
        assertThat(resource.getString("hash")).as(path).isEqualTo("sha256:" + sha256(bytes));
        assertThat(resource.getJsonNumber("bytes").longValue()).as(path).isEqualTo(bytes.length);
      }
      assertThat(paths)
          .containsExactlyInAnyOrderElementsOf(
              entries.keySet().stream().filter(n -> !n.startsWith("datapackage")).toList());
      JsonObject digest =
          parse(
              new String(
                  zip.getInputStream(entries.get("datapackage-digest.json")).readAllBytes(),
                  StandardCharsets.UTF_8));
      assertThat(digest.getString("path")).isEqualTo("datapackage.json");
      assertThat(digest.getString("hash")).isEqualTo("sha256:" + sha256(datapackage));

      List<String> lines =
          new String(
                  zip.getInputStream(entries.get("indexes/index.cdxj")).readAllBytes(),
                  StandardCharsets.UTF_8)
              .lines()
              .toList();
      assertThat(lines).as("CDXJ sorted").isNotEmpty().isSorted();
      Path unpacked = Files.createDirectories(wacz.resolveSibling("unpacked"));
      String pageTime = null;
      int revisits = 0;
      int originals = 0;
      for (String line : lines) {
        String[] parts = line.split(" ", 3);
        JsonObject fields = parse(parts[2]);
        String file = fields.getString("filename");
        Path copy = unpacked.resolve(file);
        if (!Files.exists(copy)) {
          try (InputStream in = zip.getInputStream(entries.get("archive/" + file))) {
            Files.copy(in, copy);
          }
        }
        try (FileChannel channel = FileChannel.open(copy, StandardOpenOption.READ);
            WarcReader reader =
                new WarcReader(channel.position(Long.parseLong(fields.getString("offset"))))) {
          WarcRecord record = reader.next().orElseThrow();
          assertThat(((WarcTargetRecord) record).target())
              .as(line)
              .isEqualTo(fields.getString("url"));
          if (record instanceof WarcRevisit) {
            revisits++;
          }
          if (file.equals("revisit-originals.warc.gz")) {
            assertThat(record).as(line).isInstanceOf(WarcResponse.class);
            originals++;
          }
        }
        if (fields.getString("url").equals(pageUrl)
            && fields.getString("status", "").equals("200")) {
          pageTime = parts[1];
        }
      }
      assertThat(revisits).as("the images of the second harvest are revisits").isPositive();
      assertThat(originals).as("their originals, from job %s", first).isEqualTo(revisits);
      assertThat(pageTime).as("a capture of %s", pageUrl).isNotNull();

      List<String> pages =
          new String(
                  zip.getInputStream(entries.get("pages/pages.jsonl")).readAllBytes(),
                  StandardCharsets.UTF_8)
              .lines()
              .toList();
      assertThat(parse(pages.get(0)).getString("format")).isEqualTo("json-pages-1.0");
      assertThat(pages).hasSize(2);
      JsonObject page = parse(pages.get(1));
      assertThat(page.getString("url")).isEqualTo(seed);
      assertThat(Instant.parse(page.getString("ts"))).isBefore(Instant.now());
      return pageTime;
    }
  }

  /** A WACZ's progress until READY, checking it moves only forward. */
  private static JsonObject awaitWacz(String wacz) throws Exception {
    java.util.concurrent.atomic.AtomicInteger percent =
        new java.util.concurrent.atomic.AtomicInteger();
    return await(wacz + " ready")
        .atMost(PACKING)
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> {
              HttpResponse<String> response = ADMIN.get(wacz + "/progress");
              assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
              JsonObject progress = json(response);
              assertThat(progress.getString("state"))
                  .as(progress.toString())
                  .isNotEqualTo("FAILED");
              assertThat(progress.getInt("percentDone")).isGreaterThanOrEqualTo(percent.get());
              percent.set(progress.getInt("percentDone"));
              if (!progress.getString("state").equals("READY")) {
                HttpResponse<String> early = ADMIN.get(wacz);
                assertThat(early.statusCode()).as("not ready: 202 with progress").isIn(200, 202);
              }
              return progress;
            },
            progress -> progress.getString("state").equals("READY"));
  }

  /**
   * What ReplayWeb.page shows, once a document inside it (frames within shadow roots within frames)
   * has {@code text} and all its images have loaded: that document's text and images.
   */
  private static JsonObject awaitReplayed(Browser browser, String text) {
    String script =
        """
        const wanted = arguments[0];
        function documents(root, found) {
          found.push(root);
          for (const element of root.querySelectorAll('*')) {
            if (element.shadowRoot) { documents(element.shadowRoot, found); }
            if (element.tagName === 'IFRAME') {
              try { if (element.contentDocument) { documents(element.contentDocument, found); } }
              catch (e) { /* another origin: not ours */ }
            }
          }
          return found;
        }
        for (const d of documents(document, [])) {
          if (d.body && d.body.innerText && d.body.innerText.includes(wanted)) {
            const images = Array.from(d.images).map(i => ({
              src: i.currentSrc || i.src, complete: i.complete, naturalWidth: i.naturalWidth}));
            if (images.length === 0 || images.some(i => !i.complete)) { return null; }
            return JSON.stringify({text: d.body.innerText, images: images});
          }
        }
        return null;
        """;
    String found =
        Browser.waitUpTo(browser.driver(), Duration.ofSeconds(60))
            .until(d -> (String) ((JavascriptExecutor) d).executeScript(script, text));
    return parse(found);
  }

  private static JsonObject parse(String json) {
    return Json.createReader(new StringReader(json)).readObject();
  }

  private static String sha256(byte[] bytes) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }
}
