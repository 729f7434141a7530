package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.JsonObject;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcCompression;

/**
 * The archive-wide capture index's indexer on the provisioned server, with both bitarchives: a file
 * stored while indexing is paused waits (it counts in the lag and the CDX API does not find it) and
 * is indexed when indexing resumes; a file indexed again has its captures once; bad CDX parameters
 * are refused naming the parameter and value.
 *
 * <p>Not tagged database-neutral: the indexer's record of indexed files is a table of its own (V17)
 * with its own queries, run on PostgreSQL too.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class CaptureIndexIT {

  private static final Duration INDEXING = Duration.ofSeconds(60);

  @TempDir Path dir;

  private final Api admin = Api.admin();

  @AfterEach
  void resume() throws Exception {
    admin.post("/api/capture-index/resume");
  }

  @Test
  void givenIndexingPaused_whenAFileIsStored_thenIndexedOnResumeAndOnceWhenIndexedAgain()
      throws Exception {
    String marker = ScheduledHarvests.unique("captureit-");
    String name = marker + ".warc";
    String prefix = "http://kb.dk/" + marker + "/";

    HttpResponse<String> paused = admin.post("/api/capture-index/pause");
    assertThat(paused.statusCode()).as(paused.body()).isEqualTo(200);
    assertThat(json(paused).getBoolean("paused")).isTrue();
    try (ArchiveFixtures archive = new ArchiveFixtures()) {
      archive
          .client(1)
          .store(ArchiveFixtures.warc(dir.resolve(name), WarcCompression.NONE, 3, marker));
    }
    JsonObject whilePaused = json(admin.get("/api/capture-index"));
    assertThat(whilePaused.getJsonNumber("lag").longValue())
        .as(whilePaused.toString())
        .isPositive();
    assertThat(json(admin.get("/api/capture-index/files/" + name)).getBoolean("indexed")).isFalse();
    assertThat(cdx("url=" + enc(prefix) + "&matchType=prefix")).isEmpty();

    HttpResponse<String> resumed = admin.post("/api/capture-index/resume");
    assertThat(resumed.statusCode()).as(resumed.body()).isEqualTo(200);
    JsonObject indexed =
        admin.await("/api/capture-index/files/" + name, f -> f.getBoolean("indexed"), INDEXING);
    assertThat(indexed.getJsonNumber("captures").longValue()).isEqualTo(3);
    List<String> lines = cdx("url=" + enc(prefix) + "&matchType=prefix");
    assertThat(lines).hasSize(3).allMatch(l -> l.endsWith(" " + name));
    assertThat(lines.get(0).split(" ")[2]).isEqualTo(prefix + "0");

    // Indexed again (as after a crash between the index's commit and the record): once.
    HttpResponse<String> again = admin.post("/api/capture-index/files/" + name + "/reindex");
    assertThat(again.statusCode()).as(again.body()).isEqualTo(202);
    admin.await("/api/capture-index/files/" + name, f -> f.getBoolean("indexed"), INDEXING);
    assertThat(
            json(admin.get("/api/capture-index/files/" + name))
                .getJsonNumber("captures")
                .longValue())
        .isEqualTo(3);
    assertThat(cdx("url=" + enc(prefix) + "*")).isEqualTo(lines);

    // The gauges: the lag and the captures.
    Metrics.await(Duration.ofSeconds(30), "netarchive_capture_index_captures", v -> v >= 3);
    assertThat(Metrics.scrape().value("netarchive_capture_index_lag")).isPresent();
  }

  @Test
  void givenBadCdxParameters_whenAsked_thenRefusedNamingParameterAndValue() throws Exception {
    String[][] cases = {
      {"url=kb.dk&matchType=fuzzy", "matchType", "fuzzy"},
      {"matchType=exact", "url", "url"},
      {"url=kb.dk&from=2025013", "from", "2025013"},
      {"url=kb.dk&to=20251340", "to", "20251340"},
      {"url=kb.dk&limit=0", "limit", "0"},
      {"url=kb.dk&sort=up", "sort", "up"},
      {"url=kb.dk&sort=closest", "closest", "closest"},
      {"url=kb.dk&filter=colour:red", "filter", "colour"},
      {"url=kb.dk&output=xml", "output", "xml"},
      {"url=kb.dk&fl=url,size", "fl", "size"},
    };
    for (String[] c : cases) {
      HttpResponse<String> answer = admin.get("/api/cdx?" + c[0]);
      assertThat(answer.statusCode()).as("%s: %s", c[0], answer.body()).isEqualTo(400);
      assertThat(answer.body()).as(c[0]).contains(c[1]).contains(c[2]);
    }
    Api viewer = Api.newAccount("viewer");
    assertThat(viewer.get("/api/cdx?url=kb.dk").statusCode()).isEqualTo(200);
    assertThat(viewer.post("/api/capture-index/rebuild").statusCode()).isEqualTo(403);
  }

  private List<String> cdx(String query) throws Exception {
    HttpResponse<String> answer = admin.get("/api/cdx?" + query);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return Arrays.stream(answer.body().split("\n")).filter(l -> !l.isBlank()).toList();
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
