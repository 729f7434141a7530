package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netpreserve.jwarc.WarcCompression;

/**
 * The archive through the REST API on the provisioned server, with the real broker, repository and
 * both bitarchives: a WARC uploaded through the API reaches UPLOAD_COMPLETED in both replicas with
 * equal checksums; the list finds it by prefix, part of its name and state; a record fetched
 * through the API is exactly the bytes jwarc reads at that offset and its payload the page served;
 * the whole file comes back unchanged; batch cdx gives jwarc's CDX lines; bad input is refused
 * naming the value; viewers read but neither upload nor run batch jobs.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ArchiveApiIT {

  private static final Duration STORE_TIME = Duration.ofSeconds(90);

  @TempDir Path dir;

  private final Api admin = Api.admin();

  /** Uploads a file with PUT and waits until its store is DONE. */
  private JsonObject upload(Api api, Path file) throws Exception {
    HttpResponse<String> accepted = put(api, file, ChecksumAlgorithm.SHA512.of(file));
    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
    String location = accepted.headers().firstValue("Location").orElseThrow();
    assertThat(location).contains("/api/archive/uploads/" + json(accepted).getString("id"));
    JsonObject done =
        api.await(
            location.substring(location.indexOf("/api/")),
            u -> !u.getString("state").equals("WAITING") && !u.getString("state").equals("RUNNING"),
            STORE_TIME);
    assertThat(done.getString("state")).as(done.toString()).isEqualTo("DONE");
    return done;
  }

  /** Writes a WARC of the series with {@link WarcFixtures#inSeries} and uploads it as the admin. */
  private Path uploadedWarc(String prefix, int serial, int pages, WarcCompression compression)
      throws Exception {
    Path file = WarcFixtures.inSeries(dir, prefix, serial, pages, compression);
    upload(admin, file);
    return file;
  }

  private static HttpResponse<String> put(Api api, Path file, String sha512) throws Exception {
    HttpRequest.Builder request =
        api.requestFor("/api/archive/files/" + Api.segment(file.getFileName().toString()))
            .header("Content-Type", "application/octet-stream")
            .PUT(HttpRequest.BodyPublishers.ofFile(file));
    if (sha512 != null) {
      request.header("X-Content-SHA512", sha512);
    }
    return ServerUnderTest.send(request.build());
  }

  private static String detail(HttpResponse<String> response) {
    return json(response).getString("detail");
  }

  @Test
  void givenWarc_whenUploadedThroughTheApi_thenCompletedInBothReplicasWithEqualChecksums()
      throws Exception {
    String prefix = WarcFixtures.uniquePrefix();
    Path file = WarcFixtures.inSeries(dir, prefix, 0, 10, WarcCompression.GZIP);
    String sha512 = ChecksumAlgorithm.SHA512.of(file);
    String name = file.getFileName().toString();

    JsonObject done = upload(admin, file);

    assertThat(done.getString("sha512")).isEqualTo(sha512);
    assertThat(done.getJsonNumber("size").longValue()).isEqualTo(Files.size(file));
    JsonObject archived = json(admin.get("/api/archive/files/" + Api.segment(name)));
    assertThat(archived.getString("sha512")).isEqualTo(sha512);
    assertThat(archived.getJsonNumber("size").longValue()).isEqualTo(Files.size(file));
    List<JsonObject> copies = archived.getJsonArray("copies").getValuesAs(JsonObject.class);
    assertThat(copies).extracting(c -> c.getString("replica")).containsExactly("ONE", "TWO");
    for (JsonObject copy : copies) {
      assertThat(copy.getString("state")).isEqualTo("UPLOAD_COMPLETED");
      assertThat(copy.getString("checksum")).isEqualTo(sha512);
      assertThat(copy.getString("checksumStatus")).isEqualTo("OK");
    }
    System.out.println("Archived: " + archived);

    // Found by the start of its name, a part of it in another case, and its state on a replica.
    JsonObject byPrefix = json(admin.get("/api/archive/files?prefix=" + prefix));
    assertThat(byPrefix.getInt("total")).isEqualTo(1);
    assertThat(byPrefix.getJsonArray("items").getJsonObject(0).getString("name")).isEqualTo(name);
    String part = prefix.substring(4, 12).toUpperCase(Locale.ROOT);
    assertThat(json(admin.get("/api/archive/files?contains=" + part)).getInt("total")).isEqualTo(1);
    assertThat(
            json(admin.get(
                    "/api/archive/files?prefix=" + prefix + "&state=upload_completed&replica=TWO"))
                .getInt("total"))
        .isEqualTo(1);
    assertThat(
            json(admin.get("/api/archive/files?prefix=" + prefix + "&state=UPLOAD_FAILED"))
                .getInt("total"))
        .isZero();
    assertThat(Api.jsonArray(admin.get("/api/archive/uploads")).getValuesAs(JsonObject.class))
        .anySatisfy(
            u -> {
              assertThat(u.getString("subject")).isEqualTo(name);
              assertThat(u.getString("state")).isEqualTo("DONE");
            });
    JsonObject overview = json(admin.get("/api/archive"));
    assertThat(
            overview
                .getJsonObject("copiesByState")
                .getJsonObject("ONE")
                .getJsonNumber("UPLOAD_COMPLETED")
                .longValue())
        .isPositive();
  }

  @Test
  void givenArchivedWarc_whenGettingRecordsAndTheFile_thenTheBytesJwarcReads() throws Exception {
    String prefix = WarcFixtures.uniquePrefix();
    Path file = uploadedWarc(prefix, 1, 5, WarcCompression.GZIP);
    String name = file.getFileName().toString();
    long offset = WarcFixtures.firstResponse(file);

    HttpResponse<byte[]> record =
        admin.getBytes("/api/archive/files/" + Api.segment(name) + "/records/" + offset);

    assertThat(record.statusCode()).isEqualTo(200);
    assertThat(record.body()).isEqualTo(WarcFixtures.recordBytes(file, offset));
    assertThat(record.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("application/gzip");
    assertThat(record.headers().firstValue("X-Record-Type")).contains("response");

    HttpResponse<byte[]> payload =
        admin.getBytes(
            "/api/archive/files/"
                + Api.segment(name)
                + "/records/"
                + offset
                + "?part=payload&replica=TWO");
    assertThat(payload.statusCode()).isEqualTo(200);
    assertThat(new String(payload.body(), StandardCharsets.UTF_8))
        .isEqualTo(WarcFixtures.servedPage(file, offset))
        .contains("blåbærgrød");
    assertThat(payload.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
    assertThat(payload.headers().firstValue("Content-Security-Policy")).contains("sandbox");

    HttpResponse<byte[]> whole =
        admin.getBytes("/api/archive/files/" + Api.segment(name) + "/content?replica=TWO");
    assertThat(whole.statusCode()).isEqualTo(200);
    assertThat(whole.body()).isEqualTo(Files.readAllBytes(file));
    assertThat(whole.headers().firstValue("X-Replica")).contains("TWO");
  }

  @Test
  void givenWarcs_whenUploadedAsFormAndRunningBatchCdx_thenTheResultIsJwarcsCdx() throws Exception {
    String prefix = WarcFixtures.uniquePrefix();
    Path first = uploadedWarc(prefix, 0, 4, WarcCompression.GZIP);
    Path second = WarcFixtures.inSeries(dir, prefix, 1, 3, WarcCompression.NONE);
    // The second as a browser's form would send it.
    String boundary = "nas-" + System.nanoTime();
    byte[] head =
        ("--"
                + boundary
                + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
                + second.getFileName()
                + "\"\r\nContent-Type: application/warc\r\n\r\n")
            .getBytes(StandardCharsets.UTF_8);
    byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
    HttpResponse<String> accepted =
        ServerUnderTest.send(
            admin
                .requestFor("/api/archive/files")
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(
                    HttpRequest.BodyPublishers.ofByteArrays(
                        List.of(head, Files.readAllBytes(second), tail)))
                .build());
    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
    admin.await(
        "/api/archive/uploads/" + json(accepted).getString("id"),
        u -> u.getString("state").equals("DONE"),
        STORE_TIME);

    JsonObject run =
        admin.batch(
            Json.createObjectBuilder()
                .add("job", "cdx")
                .add("replica", "ONE")
                .add("filePattern", Pattern.quote(prefix) + ".*")
                .build(),
            STORE_TIME);
    String id = run.getString("id");
    assertThat(run.getString("state")).as(run.toString()).isEqualTo("DONE");
    assertThat(run.getInt("filesProcessed")).isEqualTo(2);
    assertThat(run.getJsonArray("fileFailures")).isEmpty();

    HttpResponse<String> result = admin.get("/api/archive/batches/" + id + "/result");
    assertThat(result.statusCode()).isEqualTo(200);
    // The bitarchive processes files in name order: 00000.warc.gz before 00001.warc.
    assertThat(result.body()).isEqualTo(WarcFixtures.cdx(first, second)).isNotEmpty();
    for (int i = 0; i < 4; i++) {
      assertThat(result.body()).contains("/" + prefix + "/" + i + ".html");
    }
    System.out.println("Batch cdx: " + run);
  }

  @Test
  void givenBadInput_whenAsking_thenRefusedNamingTheValue() throws Exception {
    String prefix = WarcFixtures.uniquePrefix();
    Path file = uploadedWarc(prefix, 0, 2, WarcCompression.NONE);
    String name = file.getFileName().toString();
    String records = "/api/archive/files/" + Api.segment(name) + "/records/";

    HttpResponse<String> unknown = admin.get("/api/archive/files/" + prefix + "none.warc");
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(detail(unknown))
        .isEqualTo("Unknown file '" + prefix + "none.warc': it is not in the archive");
    HttpResponse<String> unknownRecord =
        admin.get("/api/archive/files/" + prefix + "none.warc/records/0");
    assertThat(unknownRecord.statusCode()).isEqualTo(404);

    HttpResponse<String> notANumber = admin.get(records + "12x");
    assertThat(notANumber.statusCode()).isEqualTo(400);
    assertThat(detail(notANumber)).contains("Offset '12x'");
    assertThat(json(notANumber).getString("field")).isEqualTo("offset");

    long size = Files.size(file);
    HttpResponse<String> beyond = admin.get(records + size);
    assertThat(beyond.statusCode()).isEqualTo(400);
    assertThat(detail(beyond)).contains("Offset " + size + " is beyond the end of file '" + name);

    long inside = WarcFixtures.firstResponse(file) + 3;
    HttpResponse<String> notAStart = admin.get(records + inside);
    assertThat(notAStart.statusCode()).isEqualTo(400);
    assertThat(detail(notAStart)).contains("No WARC or ARC record starts at offset " + inside);

    HttpResponse<String> badReplica = admin.get(records + "0?replica=THREE");
    assertThat(badReplica.statusCode()).isEqualTo(400);
    assertThat(detail(badReplica))
        .isEqualTo("Unknown replica 'THREE'; the replicas are [ONE, TWO]");

    HttpResponse<String> badState = admin.get("/api/archive/files?state=LOST");
    assertThat(badState.statusCode()).isEqualTo(400);
    assertThat(detail(badState)).contains("'LOST'", "UPLOAD_COMPLETED");

    HttpResponse<String> badJob =
        admin.post(
            "/api/archive/batches",
            Json.createObjectBuilder().add("job", "RunMyCode").add("replica", "ONE").build());
    assertThat(badJob.statusCode()).isEqualTo(400);
    assertThat(detail(badJob))
        .startsWith("There is no batch job 'RunMyCode'; the batch jobs are [");

    HttpResponse<String> badBatchReplica =
        admin.post(
            "/api/archive/batches",
            Json.createObjectBuilder().add("job", "list").add("replica", "THREE").build());
    assertThat(badBatchReplica.statusCode()).isEqualTo(400);
    assertThat(detail(badBatchReplica)).contains("Unknown replica 'THREE'");

    HttpResponse<String> badPattern =
        admin.post(
            "/api/archive/batches",
            Json.createObjectBuilder()
                .add("job", "list")
                .add("replica", "ONE")
                .add("filePattern", "5-(")
                .build());
    assertThat(badPattern.statusCode()).isEqualTo(400);
    assertThat(detail(badPattern)).contains("File pattern '5-(' is not a regular expression");

    Path hidden = Files.writeString(dir.resolve(".hidden.warc"), "x");
    HttpResponse<String> badName = put(admin, hidden, null);
    assertThat(badName.statusCode()).isEqualTo(400);
    assertThat(detail(badName)).contains("'.hidden.warc'", "starts with a dot");

    Path other = dir.resolve("other");
    Files.createDirectories(other);
    Path changed =
        WarcFixtures.warc(other.resolve(name), prefix + "-changed", 2, WarcCompression.NONE);
    HttpResponse<String> wrongChecksum = put(admin, changed, ChecksumAlgorithm.SHA512.of(file));
    assertThat(wrongChecksum.statusCode()).isEqualTo(400);
    assertThat(detail(wrongChecksum)).contains("arrived with SHA-512");

    // Same name, other content: accepted for upload, refused by the archive, nothing replaced.
    HttpResponse<String> again = put(admin, changed, null);
    assertThat(again.statusCode()).as(again.body()).isEqualTo(202);
    JsonObject refused =
        admin.await(
            "/api/archive/uploads/" + json(again).getString("id"),
            u -> u.getString("state").equals("FAILED") || u.getString("state").equals("DONE"),
            STORE_TIME);
    assertThat(refused.getString("state")).isEqualTo("FAILED");
    assertThat(refused.getString("failure")).contains("is archived already with SHA-512");
    assertThat(json(admin.get("/api/archive/files/" + Api.segment(name))).getString("sha512"))
        .isEqualTo(ChecksumAlgorithm.SHA512.of(file));

    HttpResponse<String> noResult = admin.get("/api/archive/batches/no-such-run/result");
    assertThat(noResult.statusCode()).isEqualTo(404);
    assertThat(detail(noResult)).contains("There is no batch job run 'no-such-run'");
  }

  @Test
  void givenViewer_whenUploadingOrRunningBatch_thenForbiddenButReadingWorks() throws Exception {
    Api viewer = Api.newAccount("viewer");
    Path file =
        WarcFixtures.warc(
            dir.resolve(WarcFixtures.uniquePrefix() + "00000.warc"),
            "viewer",
            1,
            WarcCompression.NONE);

    assertThat(put(viewer, file, null).statusCode()).isEqualTo(403);
    assertThat(
            viewer
                .post(
                    "/api/archive/batches",
                    Json.createObjectBuilder().add("job", "list").add("replica", "ONE").build())
                .statusCode())
        .isEqualTo(403);
    assertThat(viewer.get("/api/archive/files?size=5").statusCode()).isEqualTo(200);
    assertThat(viewer.get("/api/archive/batch-jobs").body()).contains("\"cdx\"", "\"checksum\"");
    assertThat(
            json(admin.get("/api/archive/files/" + Api.segment(file.getFileName().toString())))
                .getString("detail"))
        .contains("Unknown file");
  }
}
