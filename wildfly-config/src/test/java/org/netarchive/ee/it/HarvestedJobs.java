package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcTargetRecord;

/**
 * Jobs crawled by a real harvester agent, as the server and its two local replicas (ONE and TWO,
 * under the server's base directory) hold them: what the tests of real harvests check about a
 * finished job, its domains and its archived files.
 */
final class HarvestedJobs {

  static final List<String> REPLICAS = List.of("ONE", "TWO");

  private HarvestedJobs() {}

  static boolean absent(JsonObject object, String key) {
    return !object.containsKey(key) || object.isNull(key);
  }

  /** The statuses of a job that has ended. */
  static final List<String> ENDED = List.of("DONE", "FAILED");

  /** Whether a job's details say it has ended, DONE or FAILED. */
  static Predicate<JsonObject> finished() {
    return j -> ENDED.contains(j.getJsonObject("job").getString("status"));
  }

  /** A job's details once they satisfy {@code condition}, polling every half second. */
  static JsonObject awaitJob(
      ScheduledHarvests harvests, long id, Predicate<JsonObject> condition, Duration within)
      throws Exception {
    return Polling.awaitValue(
        within,
        Duration.ofMillis(500),
        () -> harvests.job(id),
        condition,
        job -> "job " + id + " within " + within + ": " + job);
  }

  /**
   * Checks job {@code jobId}'s details say it ended DONE (saying the agent's log if not), crawled
   * by the agent {@code instance} on {@code channel}, without a harvest or upload error; its "job"
   * object.
   */
  static JsonObject assertDoneBy(
      long jobId, JsonObject details, String instance, String channel, AgentProcess agent)
      throws IOException {
    JsonObject job = details.getJsonObject("job");
    assertThat(job.getString("status"))
        .as(
            "job %s: %s\n%s\nagent log:\n%s",
            jobId, job, details.getString("harvestErrorDetails", ""), agent.tail())
        .isEqualTo("DONE");
    assertThat(job.getString("agent")).isEqualTo(instance);
    assertThat(job.getString("channel")).isEqualTo(channel);
    assertThat(absent(job, "harvestError")).as(job.toString()).isTrue();
    assertThat(absent(job, "uploadError")).as(job.toString()).isTrue();
    return job;
  }

  /** The domains of a job's details (its first page of domains), by domain name. */
  static Map<String, JsonObject> domains(JsonObject details) {
    return details
        .getJsonObject("domains")
        .getJsonArray("items")
        .getValuesAs(JsonObject.class)
        .stream()
        .collect(Collectors.toMap(d -> d.getString("domain"), d -> d));
  }

  /** Every domain of a job, from all pages of its details (1,000 a page). */
  static List<JsonObject> allDomains(Api api, long jobId) throws Exception {
    List<JsonObject> all = new ArrayList<>();
    for (int page = 0; ; page++) {
      JsonObject details = json(api.get("/api/jobs/" + jobId + "?size=1000&page=" + page));
      List<JsonObject> items =
          details.getJsonObject("domains").getJsonArray("items").getValuesAs(JsonObject.class);
      all.addAll(items);
      if (items.size() < 1000) {
        return all;
      }
    }
  }

  /** Where a replica keeps an archived file. */
  static Path archived(String replica, String name) {
    return Path.of(System.getProperty("it.server.base"), "data", "bitarchive", replica, "filedir")
        .resolve(name);
  }

  /**
   * Whether a file is one the harvester wrote for the job: {@code <job>-<harvest>-<timestamp>...}
   * or {@code <job>-metadata-<n>.warc}. Fixtures of other tests are named {@code 1-1-<hex>-...},
   * which a bare prefix would take for job 1's files on a fresh server.
   */
  static boolean harvesterFileOf(long jobId, String name) {
    return name.matches(jobId + "-(metadata-\\d+\\..*|\\d+-\\d{14}.*)");
  }

  /**
   * The names of the job's files in replica ONE of the shared test server, after checking that
   * replica TWO holds the same files with the same SHA-512 checksums.
   */
  static List<String> archivedFilesOfJob(long jobId) throws IOException {
    return archivedFilesOfJob(sharedFiledirs(), jobId);
  }

  /** The shared test server's replicas: ONE's and TWO's filedir. */
  static Map<String, Path> sharedFiledirs() {
    Map<String, Path> filedirs = new TreeMap<>();
    for (String replica : REPLICAS) {
      filedirs.put(replica, archived(replica, "x").getParent());
    }
    return filedirs;
  }

  /**
   * The names of the job's files in the first replica of {@code filedirs} (by replica name), after
   * checking that every other replica holds the same files with the same SHA-512 checksums.
   */
  static List<String> archivedFilesOfJob(Map<String, Path> filedirs, long jobId)
      throws IOException {
    Map<String, Map<String, String>> byReplica = new TreeMap<>();
    for (Map.Entry<String, Path> replica : filedirs.entrySet()) {
      Map<String, String> checksums = new TreeMap<>();
      try (Stream<Path> files = Files.list(replica.getValue())) {
        for (Path file :
            files.filter(f -> harvesterFileOf(jobId, f.getFileName().toString())).toList()) {
          checksums.put(file.getFileName().toString(), ChecksumAlgorithm.SHA512.of(file));
        }
      }
      byReplica.put(replica.getKey(), checksums);
    }
    Map<String, String> first = byReplica.values().iterator().next();
    byReplica.forEach(
        (replica, checksums) ->
            assertThat(checksums)
                .as("job %s's files in %s, with one checksum in every replica", jobId, replica)
                .isEqualTo(first));
    return List.copyOf(first.keySet());
  }

  /**
   * The archive's admin data as the REST API shows it (the same on H2 and PostgreSQL): each file
   * UPLOAD_COMPLETED in both replicas, each replica's reported checksum the one the file has there.
   */
  static void assertAdminDataCompleted(Api admin, List<String> files) throws Exception {
    assertAdminDataCompleted(admin, sharedFiledirs(), files);
  }

  /**
   * {@link #assertAdminDataCompleted(Api, List)} for a server whose replicas keep their files in
   * {@code filedirs} (by replica name): UPLOAD_COMPLETED in each, with the first one's checksum.
   */
  static void assertAdminDataCompleted(Api admin, Map<String, Path> filedirs, List<String> files)
      throws Exception {
    assertAdminDataCompleted(admin, filedirs, List.of(), files);
  }

  /**
   * {@link #assertAdminDataCompleted(Api, Map, List)} for a server with checksum-only replicas
   * besides those that keep the files: UPLOAD_COMPLETED in all of them, with the first filedir's
   * checksum.
   */
  static void assertAdminDataCompleted(
      Api admin, Map<String, Path> filedirs, List<String> checksumOnly, List<String> files)
      throws Exception {
    Path first = filedirs.values().iterator().next();
    Map<String, String> completed = new TreeMap<>();
    filedirs.keySet().forEach(replica -> completed.put(replica, "UPLOAD_COMPLETED"));
    checksumOnly.forEach(replica -> completed.put(replica, "UPLOAD_COMPLETED"));
    for (String name : files) {
      HttpResponse<String> response = admin.get("/api/archive/files/" + Api.segment(name));
      assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
      JsonObject file = json(response);
      String sha512 = ChecksumAlgorithm.SHA512.of(first.resolve(name));
      assertThat(file.getString("sha512")).as("checksum of %s", name).isEqualToIgnoringCase(sha512);
      Map<String, String> states = new TreeMap<>();
      for (JsonObject copy : file.getJsonArray("copies").getValuesAs(JsonObject.class)) {
        states.put(copy.getString("replica"), copy.getString("state"));
        assertThat(copy.getString("checksum"))
            .as("%s's checksum on %s", name, copy.getString("replica"))
            .isEqualToIgnoringCase(sha512);
      }
      assertThat(states).as("admin data of %s", name).isEqualTo(completed);
    }
  }

  /** The URIs of the responses in the crawled WARC files among {@code files}, in a replica. */
  static List<String> crawledUris(String replica, List<String> files) throws IOException {
    return crawledUris(archived(replica, "x").getParent(), files);
  }

  /** The URIs of the responses in the crawled WARC files among {@code files}, in a filedir. */
  static List<String> crawledUris(Path filedir, List<String> files) throws IOException {
    List<String> crawled = new ArrayList<>();
    for (String name : files) {
      if (!name.contains("metadata")) {
        crawled.addAll(targetUris(filedir.resolve(name)));
      }
    }
    return crawled;
  }

  /** The target URIs of a WARC file's response and resource records. */
  static List<String> targetUris(Path warc) throws IOException {
    List<String> uris = new ArrayList<>();
    try (WarcReader reader = new WarcReader(warc)) {
      for (WarcRecord record : reader) {
        if (record instanceof WarcResponse || record instanceof WarcResource) {
          uris.add(((WarcTargetRecord) record).target());
        }
      }
    }
    return uris;
  }

  /** Waits until the agent has removed its job directories (every file confirmed, reported). */
  static void awaitEmpty(Path jobs) throws Exception {
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(250))
        .untilAsserted(
            () -> {
              try (Stream<Path> left = Files.walk(jobs)) {
                assertThat(left.filter(p -> !p.equals(jobs)).toList())
                    .as("job directories left")
                    .isEmpty();
              }
            });
  }

  /**
   * Checks a finished job's details (the "job" object of GET /api/jobs/{id}) say it went NEW ->
   * SUBMITTED -> STARTED -> finished in that order, from its creation to its end within {@code
   * limit}.
   */
  static void assertLivedInOrderWithin(JsonObject job, Duration limit) {
    Instant created = Instant.parse(job.getString("createdAt"));
    Instant submitted = Instant.parse(job.getString("submittedAt"));
    Instant started = Instant.parse(job.getString("startedAt"));
    Instant finished = Instant.parse(job.getString("finishedAt"));
    assertThat(created).as("created before submitted: %s", job).isBeforeOrEqualTo(submitted);
    assertThat(submitted).as("submitted before started: %s", job).isBeforeOrEqualTo(started);
    assertThat(started).as("started before finished: %s", job).isBefore(finished);
    assertThat(Duration.between(created, finished)).as("created to finished").isLessThan(limit);
  }

  /** Where a response record is: an archived file and the offset of the record in it. */
  record ArchivedRecord(String file, long offset) {}

  /**
   * The response record for {@code uri} among the crawled WARC files of {@code files}, found by
   * reading replica ONE's copies.
   */
  static ArchivedRecord responseRecord(List<String> files, String uri) throws IOException {
    for (String name : files) {
      if (name.contains("metadata")) {
        continue;
      }
      try (WarcReader reader = new WarcReader(archived("ONE", name))) {
        for (WarcRecord record : reader) {
          if (record instanceof WarcResponse response && response.target().equals(uri)) {
            return new ArchivedRecord(name, reader.position());
          }
        }
      }
    }
    throw new AssertionError("No response record for " + uri + " in " + files);
  }

  /**
   * The body the synthetic site serves for a URI now (plain HTTP/1.0 on loopback; the site is
   * deterministic, so this is also what it served the crawl).
   */
  static String served(SyntheticSite site, String uri) throws IOException {
    URI page = URI.create(uri);
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), site.port())) {
      socket
          .getOutputStream()
          .write(
              ("GET " + page.getRawPath() + " HTTP/1.0\r\nHost: " + page.getHost() + "\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(answer).as("GET %s", uri).startsWith("HTTP/1.1 200");
      return answer.substring(answer.indexOf("\r\n\r\n") + 4);
    }
  }
}
