package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.HarvestedJobs.archived;
import static org.netarchive.ee.it.HarvestedJobs.archivedFilesOfJob;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.cdx.CdxReader;
import org.netpreserve.jwarc.cdx.CdxRecord;

/**
 * The CDX server API after real harvests: the real agent crawls the synthetic site twice, the
 * second time deduplicating its unchanged images and PDFs ({@link DedupHarvests}); once the capture
 * index holds both jobs' files, the API finds every URL the crawls fetched (exact, prefix, host),
 * orders a URL's captures by nearness to a time (closest), resolves each revisit to the first job's
 * response it refers to, answers jwarc's CDX-server client (the request its dedupe command sends,
 * read with its CdxReader), and the WARC file served with Range gives exactly the bytes of the
 * record jwarc reads at the capture's offset.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only. Its database work (the capture index's record,
 * the archive's admin data) is what CaptureIndexIT and the archive tests run on PostgreSQL; the
 * rest is agent, Lucene and HTTP.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class CdxApiIT {

  private static final Duration INDEXING = Duration.ofSeconds(120);
  private static final Api ADMIN = Api.admin();

  @Test
  void givenABadOrExponentialFilter_whenAsked_thenRefusedNamingIt() throws Exception {
    HttpResponse<String> unknown = ADMIN.get("/api/cdx?url=kb.dk&filter=" + enc("colour:red"));
    assertThat(unknown.statusCode()).as(unknown.body()).isEqualTo(400);
    assertThat(unknown.body()).contains("colour");
    // (a+)+b backtracks exponentially on a long run of a's: refused before it runs.
    HttpResponse<String> exponential =
        ADMIN.get("/api/cdx?url=kb.dk&matchType=domain&filter=" + enc("url:(a+)+b"));
    assertThat(exponential.statusCode()).as(exponential.body()).isEqualTo(400);
    assertThat(exponential.body()).contains("url:(a+)+b", "exponential time");
  }

  @Test
  void givenTwoHarvestsOfASite_whenIndexed_thenTheCdxApiFindsEveryCaptureAndItsBytes()
      throws Exception {
    DedupHarvests.Pair pair = DedupHarvests.pair();
    long first = pair.first();
    long second = pair.second();
    List<String> firstFiles = archivedFilesOfJob(first);
    List<String> secondFiles = archivedFilesOfJob(second);
    for (String name : concat(firstFiles, secondFiles)) {
      ADMIN.await(
          "/api/capture-index/files/" + Api.segment(name), f -> f.getBoolean("indexed"), INDEXING);
    }

    // Every URL the first crawl fetched, from its WARCs: exact, prefix and host find it.
    Map<String, Long> firstResponses = responses(firstFiles);
    assertThat(firstResponses).hasSizeGreaterThan(20);
    String seed = pair.seed();
    Set<String> byHost = urls(json("url=" + enc(seed) + "&matchType=host"));
    Set<String> byPrefix = urls(json("url=" + enc(seed) + "&matchType=prefix"));
    Set<String> byWildcard = urls(json("url=" + enc(seed + "*")));
    assertThat(byHost).containsAll(firstResponses.keySet());
    assertThat(byPrefix).isEqualTo(byHost);
    assertThat(byWildcard).isEqualTo(byHost);
    for (Map.Entry<String, Long> fetched : firstResponses.entrySet()) {
      List<JsonObject> exact = json("url=" + enc(fetched.getKey()));
      assertThat(exact)
          .as("captures of %s", fetched.getKey())
          .anySatisfy(
              c -> {
                assertThat(c.getString("url")).isEqualTo(fetched.getKey());
                assertThat(firstFiles).contains(c.getString("file"));
                assertThat(c.getJsonNumber("jobId").longValue()).isEqualTo(first);
              });
      assertThat(exact).extracting(c -> c.getString("timestamp")).as("time order").isSorted();
    }

    // Results in SURT key, then time order.
    List<String> keys = cdx("url=" + enc(seed) + "&matchType=host&fl=urlkey,timestamp");
    assertThat(keys).isSorted().hasSizeGreaterThan(firstResponses.size());

    // Closest: the seed's captures nearest a time first.
    List<JsonObject> seedCaptures = json("url=" + enc(seed));
    assertThat(seedCaptures).hasSizeGreaterThanOrEqualTo(2);
    String early = seedCaptures.get(0).getString("timestamp");
    String late = seedCaptures.get(seedCaptures.size() - 1).getString("timestamp");
    assertThat(json("url=" + enc(seed) + "&sort=closest&closest=" + early + "&limit=1"))
        .singleElement()
        .satisfies(c -> assertThat(c.getJsonNumber("jobId").longValue()).isEqualTo(first));
    assertThat(
            json("url=" + enc(seed) + "&closest=" + late).get(0).getJsonNumber("jobId").longValue())
        .isEqualTo(second);

    // Revisits of the second job resolve to the first job's responses.
    List<JsonObject> revisits =
        json("url=" + enc(seed) + "&matchType=host&filter=mime:warc/revisit").stream()
            .filter(c -> c.getJsonNumber("jobId").longValue() == second)
            .toList();
    assertThat(revisits).as("the second harvest deduplicated").hasSizeGreaterThan(10);
    for (JsonObject revisit : revisits) {
      JsonObject original = revisit.getJsonObject("original");
      assertThat(original).as("original of %s", revisit).isNotNull();
      assertThat(firstFiles).contains(original.getString("file"));
      assertThat(original.getString("url")).isEqualTo(revisit.getString("url"));
      try (FileChannel copy =
              FileChannel.open(
                  archived("ONE", original.getString("file")), StandardOpenOption.READ);
          WarcReader reader =
              new WarcReader(copy.position(original.getJsonNumber("offset").longValue()))) {
        WarcRecord record = reader.next().orElseThrow();
        assertThat(record).isInstanceOf(WarcResponse.class);
        assertThat(((WarcResponse) record).target()).isEqualTo(revisit.getString("url"));
      }
    }
    Set<String> revisited = new TreeSet<>();
    for (String name : secondFiles) {
      if (!name.contains("metadata")) {
        try (WarcReader reader = new WarcReader(archived("ONE", name))) {
          for (WarcRecord record : reader) {
            if (record instanceof WarcRevisit r) {
              revisited.add(r.target());
            }
          }
        }
      }
    }
    assertThat(revisits.stream().map(r -> r.getString("url")).toList())
        .containsExactlyInAnyOrderElementsOf(revisited);

    // jwarc's CDX-server client: the request of its dedupe command, read with its CdxReader.
    String image = revisits.get(0).getString("url");
    HttpResponse<byte[]> asked =
        ADMIN.getBytes("/api/cdx?sort=reverse&rows=10&matchType=exact&url=" + enc(image));
    assertThat(asked.statusCode()).isEqualTo(200);
    List<CdxRecord> records = new ArrayList<>();
    try (CdxReader reader = new CdxReader(new ByteArrayInputStream(asked.body()))) {
      reader.forEach(records::add);
    }
    assertThat(records).hasSize(2);
    assertThat(records.get(0).target()).isEqualTo(image);
    assertThat(records.get(0).date()).isAfter(records.get(1).date()); // reverse
    CdxRecord response = records.get(1);
    assertThat(response.contentType().toString()).matches("image/.*|application/pdf.*");
    assertThat(response.digest()).isEqualToIgnoringCase(revisits.get(0).getString("digest"));

    // The WARC file by name with Range: exactly the bytes of the record jwarc reads there.
    String file = response.filename();
    long offset = response.position();
    long length = response.size();
    HttpResponse<byte[]> range =
        ServerUnderTest.http()
            .send(
                ADMIN
                    .requestFor("/api/archive/warcs/" + Api.segment(file))
                    .header("Range", "bytes=" + offset + "-" + (offset + length - 1))
                    .GET()
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    assertThat(range.statusCode()).isEqualTo(206);
    long size = Files.size(archived("ONE", file));
    assertThat(range.headers().firstValue("Content-Range"))
        .contains("bytes " + offset + "-" + (offset + length - 1) + "/" + size);
    byte[] expected = new byte[(int) length];
    try (FileChannel copy = FileChannel.open(archived("TWO", file), StandardOpenOption.READ)) {
      copy.read(ByteBuffer.wrap(expected), offset);
    }
    assertThat(range.body()).isEqualTo(expected);
    try (WarcReader reader =
        new WarcReader(Channels.newChannel(new ByteArrayInputStream(range.body())))) {
      WarcRecord record = reader.next().orElseThrow();
      assertThat(((WarcResponse) record).target()).isEqualTo(image);
      assertThat(((WarcResponse) record).payloadDigest().orElseThrow().base32())
          .isEqualToIgnoringCase(response.digest());
    }
    HttpResponse<byte[]> beyond =
        ServerUnderTest.http()
            .send(
                ADMIN
                    .requestFor("/api/archive/files/" + Api.segment(file) + "/content")
                    .header("Range", "bytes=" + size + "-")
                    .GET()
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    assertThat(beyond.statusCode()).isEqualTo(416);
    assertThat(beyond.headers().firstValue("Content-Range")).contains("bytes */" + size);
  }

  /** The URLs of the HTTP 200 responses in the crawled WARC files, with their record offsets. */
  private static Map<String, Long> responses(List<String> files) throws Exception {
    Map<String, Long> found = new TreeMap<>();
    for (String name : files) {
      if (name.contains("metadata")) {
        continue;
      }
      try (WarcReader reader = new WarcReader(archived("ONE", name))) {
        for (WarcRecord record : reader) {
          if (record instanceof WarcResponse response && response.target().startsWith("http")) {
            found.putIfAbsent(response.target(), reader.position());
          }
        }
      }
    }
    return found;
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static Set<String> urls(List<JsonObject> captures) {
    Set<String> urls = new TreeSet<>();
    captures.forEach(c -> urls.add(c.getString("url")));
    return urls;
  }

  private static List<JsonObject> json(String query) throws Exception {
    return cdx(query + "&output=json").stream()
        .map(l -> Json.createReader(new StringReader(l)).readObject())
        .toList();
  }

  private static List<String> cdx(String query) throws Exception {
    HttpResponse<String> answer = ADMIN.get("/api/cdx?" + query);
    assertThat(answer.statusCode()).as("%s: %s", query, answer.body()).isEqualTo(200);
    return Arrays.stream(answer.body().split("\n")).filter(l -> !l.isBlank()).toList();
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
