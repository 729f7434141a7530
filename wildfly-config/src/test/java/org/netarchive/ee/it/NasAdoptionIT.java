package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netpreserve.jwarc.WarcCompression;

/**
 * Switching from NetarchiveSuite, its archive: the admin data of an installation is imported and
 * its bitarchive directories adopted where they lie, on the provisioned server. Each copy is
 * verified in the background against the recorded MD5: good copies join the archive (readable
 * through the archive's REST API, with a SHA-512 from the same read), a copy whose content does not
 * match is reported as CORRUPT and not adopted, and nothing on the adopted disks changes, also
 * across a crash of the server.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class NasAdoptionIT {

  private final Api admin = Api.admin();

  @TempDir Path work;

  @Test
  void givenANetarchiveSuiteArchive_whenAdopted_thenVerifiedInPlaceAndTheBadCopyRefused()
      throws Exception {
    String prefix = WarcFixtures.uniquePrefix();
    Path nas = NasFixtures.root(prefix);
    Path one = NasFixtures.bitarchiveDirectory(nas.resolve("bitarchive-one"));
    Path two = NasFixtures.bitarchiveDirectory(nas.resolve("bitarchive-two"));
    Path good =
        WarcFixtures.warc(work.resolve(prefix + "good.warc.gz"), "good", 3, WarcCompression.GZIP);
    Path single =
        WarcFixtures.warc(work.resolve(prefix + "single.warc"), "single", 2, WarcCompression.NONE);
    Path damaged =
        WarcFixtures.warc(
            work.resolve(prefix + "damaged.warc"), "damaged", 2, WarcCompression.NONE);
    String damagedMd5 = NasFixtures.md5(damaged);
    NasFixtures.archive(one, good);
    NasFixtures.archive(two, good);
    NasFixtures.archive(one, single);
    // The copy on disk lost a byte after NetarchiveSuite recorded its checksum.
    Path onDisk = NasFixtures.archiveDamaged(one, damaged);
    // What NetarchiveSuite leaves besides: an unfinished upload and a removed copy.
    Files.writeString(one.resolve("tempdir").resolve(prefix + "unfinished.arc"), "partial");
    Files.writeString(two.resolve("atticdir").resolve(prefix + "old.arc.1"), "removed");

    Map<String, String> both = new LinkedHashMap<>();
    both.put("ONE", "UPLOAD_COMPLETED");
    both.put("TWO", "UPLOAD_COMPLETED");
    Map<String, String> oneOnly = new LinkedHashMap<>();
    oneOnly.put("ONE", "UPLOAD_COMPLETED");
    oneOnly.put("TWO", "UPLOAD_FAILED");
    long when = 1_700_000_000_000L;
    Path adminData =
        NasFixtures.adminData(
            nas.resolve("admin.data"),
            List.of(
                NasFixtures.line(
                    name(single), NasFixtures.md5(single), when, Map.of("ONE", "UPLOAD_STARTED")),
                NasFixtures.line(name(good), NasFixtures.md5(good), when, both),
                NasFixtures.line(name(single), NasFixtures.md5(single), when + 1, oneOnly),
                NasFixtures.line(
                    name(damaged), damagedMd5, when, Map.of("ONE", "UPLOAD_COMPLETED"))));
    String before = NasFixtures.fingerprint(nas);

    // A malformed admin data file is refused whole, naming the line.
    Path malformed =
        NasFixtures.adminData(
            work.resolve("malformed.admin.data"),
            List.of(
                NasFixtures.line(name(good), NasFixtures.md5(good), when, both),
                name(single) + " " + NasFixtures.md5(single) + " UPLOAD_COMPLETED yesterday"));
    HttpResponse<String> refused = importAdminData(malformed);
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(refused.body()).contains("line 3").contains("time 'yesterday'");
    assertThat(admin.get("/api/archive/adoption/files/" + Api.segment(name(good))).statusCode())
        .isEqualTo(404);
    HttpResponse<String> curator =
        Api.newAccount("curator")
            .post(
                "/api/archive/adoption/admin-data",
                Json.createObjectBuilder().add("path", adminData.toString()).build());
    assertThat(curator.statusCode()).isEqualTo(403);

    HttpResponse<String> imported = importAdminData(adminData);
    assertThat(imported.statusCode()).as(imported.body()).isEqualTo(200);
    JsonObject report = Api.json(imported);
    assertThat(report.getJsonNumber("lines").longValue()).isEqualTo(4);
    assertThat(report.getJsonNumber("copiesAdded").longValue()).isEqualTo(5);
    assertThat(report.getJsonNumber("copiesUpdated").longValue()).isEqualTo(1);
    assertThat(report.getJsonArray("refused")).isEmpty();
    // Known with their replica states, not verified: no directory holding them is adopted yet
    // (other tests on this server may have adopted directories of ONE and TWO, where these
    // copies are MISSING until their own directories are adopted).
    assertThat(copies(name(single)))
        .hasEntrySatisfying(
            "ONE",
            s -> assertThat(s).isIn("UPLOAD_COMPLETED UNVERIFIED", "UPLOAD_COMPLETED MISSING"))
        .hasEntrySatisfying(
            "TWO", s -> assertThat(s).isIn("UPLOAD_FAILED UNVERIFIED", "UPLOAD_FAILED MISSING"));
    assertThat(admin.get("/api/archive/files/" + Api.segment(name(good))).statusCode())
        .isEqualTo(404);

    assertThat(adoptDirectory("ONE", one).statusCode()).isEqualTo(201);
    // The command line does the same through the REST API.
    CommandLine adopted = netarchive("adopt", "directory", "TWO", two.toString());
    assertThat(adopted.exitCode()).as(adopted.toString()).isZero();
    assertThat(adopted.out()).contains(two.toString());
    CommandLine wrongReplica = netarchive("adopt", "directory", "NINE", two.toString());
    assertThat(wrongReplica.exitCode()).isNotZero();
    assertThat(wrongReplica.out()).contains("Unknown replica 'NINE'");
    assertThat(adoptDirectory("ONE", one).statusCode()).as("adopted already").isEqualTo(200);
    HttpResponse<String> notNas = adoptDirectory("ONE", work);
    assertThat(notNas.statusCode()).isEqualTo(400);
    assertThat(notNas.body()).contains(work.toString()).contains("no filedir");

    await()
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(300))
        .until(
            () ->
                List.of(name(good), name(single), name(damaged)).stream()
                    .allMatch(
                        n -> {
                          try {
                            return copies(n).values().stream()
                                .noneMatch(s -> s.endsWith("UNVERIFIED"));
                          } catch (Exception e) {
                            throw new IllegalStateException(e);
                          }
                        }));

    String goodSha = ChecksumAlgorithm.SHA512.of(good);
    assertThat(copies(name(good)))
        .containsEntry("ONE", "UPLOAD_COMPLETED VERIFIED")
        .containsEntry("TWO", "UPLOAD_COMPLETED VERIFIED");
    assertThat(copies(name(single)))
        .containsEntry("ONE", "UPLOAD_COMPLETED VERIFIED")
        .containsEntry("TWO", "UPLOAD_FAILED MISSING");
    assertThat(copies(name(damaged))).containsEntry("ONE", "UPLOAD_COMPLETED CORRUPT");
    JsonObject corrupt = adopted(name(damaged)).get(0);
    assertThat(corrupt.getString("recordedMd5")).isEqualTo(damagedMd5);
    assertThat(corrupt.getString("foundMd5")).isEqualTo(ChecksumAlgorithm.MD5.of(onDisk));
    assertThat(corrupt.getString("detail")).contains("not adopted").contains(onDisk.toString());
    assertThat(
            Api.jsonArray(admin.get("/api/archive/adoption/copies?verification=CORRUPT&size=1000"))
                .stream()
                .map(v -> v.asJsonObject().getString("fileName")))
        .contains(name(damaged))
        .doesNotContain(name(good), name(single));
    JsonObject verified = adopted(name(good)).get(0);
    assertThat(verified.getString("sha512")).isEqualTo(goodSha);
    assertThat(verified.getString("path"))
        .isEqualTo(one.resolve("filedir").resolve(name(good)).toString());

    // In the archive's admin data: complete and checked, with the SHA-512 of the same read.
    JsonObject file = Api.json(admin.get("/api/archive/files/" + Api.segment(name(good))));
    assertThat(file.getString("sha512")).isEqualTo(goodSha);
    assertThat(file.getJsonNumber("size").longValue()).isEqualTo(Files.size(good));
    assertThat(file.toString()).contains("UPLOAD_COMPLETED").doesNotContain("UPLOAD_FAILED");
    HttpResponse<String> singleFile = admin.get("/api/archive/files/" + Api.segment(name(single)));
    assertThat(singleFile.statusCode()).isEqualTo(200);
    HttpResponse<String> damagedFile =
        admin.get("/api/archive/files/" + Api.segment(name(damaged)));
    assertThat(damagedFile.statusCode()).as("not adopted as good").isEqualTo(404);

    // Readable through the archive, from either replica, where the files lie.
    for (String replica : List.of("ONE", "TWO")) {
      HttpResponse<byte[]> content =
          admin.getBytes(
              "/api/archive/files/" + Api.segment(name(good)) + "/content?replica=" + replica);
      assertThat(content.statusCode()).as(replica).isEqualTo(200);
      assertThat(content.body()).as(replica).isEqualTo(Files.readAllBytes(good));
    }

    // The fixity ledger has the adoption.
    List<String> goodEvents = events(name(good));
    assertThat(goodEvents).contains("ADOPTED ONE", "ADOPTED TWO");
    assertThat(events(name(damaged)))
        .contains("ADOPTION_CORRUPT ONE")
        .doesNotContain("ADOPTED ONE");

    // Importing again changes nothing.
    JsonObject again = Api.json(importAdminData(adminData));
    assertThat(again.getJsonNumber("copiesAdded").longValue()).isZero();
    assertThat(again.getJsonNumber("copiesUpdated").longValue()).isZero();
    assertThat(copies(name(good))).containsEntry("ONE", "UPLOAD_COMPLETED VERIFIED");

    CommandLine status = netarchive("adopt", "status");
    assertThat(status.exitCode()).as(status.toString()).isZero();
    assertThat(status.out()).contains("\"VERIFIED\"");
    CommandLine corruptList = netarchive("adopt", "copies", "CORRUPT");
    assertThat(corruptList.exitCode()).as(corruptList.toString()).isZero();
    assertThat(corruptList.out()).contains(name(damaged)).doesNotContain(name(good));
    JsonObject overview = Api.json(admin.get("/api/archive/adoption"));
    assertThat(
            overview.getJsonArray("directories").stream()
                .map(d -> d.asJsonObject().getString("directory")))
        .contains(one.toString(), two.toString());

    assertThat(NasFixtures.fingerprint(nas))
        .as("nothing copied, moved, changed or removed in the adopted directories")
        .isEqualTo(before);
    assertThat(Files.readString(one.resolve("tempdir").resolve(prefix + "unfinished.arc")))
        .isEqualTo("partial");

    // After a crash the bitarchives reopen their adopted directories, still without touching them.
    ServerUnderTest.crashAndRestart();
    HttpResponse<byte[]> afterRestart =
        admin.getBytes("/api/archive/files/" + Api.segment(name(single)) + "/content?replica=ONE");
    assertThat(afterRestart.statusCode()).isEqualTo(200);
    assertThat(afterRestart.body()).isEqualTo(Files.readAllBytes(single));
    assertThat(copies(name(damaged))).containsEntry("ONE", "UPLOAD_COMPLETED CORRUPT");
    assertThat(NasFixtures.fingerprint(nas)).isEqualTo(before);
  }

  /** What a run of the command line printed. */
  record CommandLine(int exitCode, String out, String err) {}

  /** Runs wildfly-config/bin/netarchive against the server under test, as admin. */
  private CommandLine netarchive(String... args) throws Exception {
    Path script = Path.of("bin", "netarchive").toAbsolutePath();
    List<String> command = new java.util.ArrayList<>(List.of("bash", script.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("NAS_API_URL", ServerUnderTest.HTTP + "/api");
    builder.environment().put("NAS_API_USER", ServerUnderTest.ADMIN);
    builder.environment().put("NAS_API_PASSWORD", ServerUnderTest.adminPassword());
    Path out = Files.createTempFile(work, "cli", ".out");
    Path err = Files.createTempFile(work, "cli", ".err");
    builder.redirectOutput(out.toFile());
    builder.redirectError(err.toFile());
    Process process = builder.start();
    assertThat(process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS))
        .as("the command finishes")
        .isTrue();
    return new CommandLine(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  private static String name(Path file) {
    return file.getFileName().toString();
  }

  private HttpResponse<String> importAdminData(Path file) throws Exception {
    return admin.post(
        "/api/archive/adoption/admin-data",
        Json.createObjectBuilder().add("path", file.toString()).build());
  }

  private HttpResponse<String> adoptDirectory(String replica, Path dir) throws Exception {
    return admin.post(
        "/api/archive/adoption/directories",
        Json.createObjectBuilder()
            .add("replica", replica)
            .add("directory", dir.toString())
            .build());
  }

  private List<JsonObject> adopted(String name) throws Exception {
    HttpResponse<String> response = admin.get("/api/archive/adoption/files/" + Api.segment(name));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return Api.jsonArray(response).stream().map(JsonValue::asJsonObject).toList();
  }

  /** A file's adopted copies: replica to {@code NAS_STATE VERIFICATION}. */
  private Map<String, String> copies(String name) throws Exception {
    Map<String, String> copies = new TreeMap<>();
    for (JsonObject copy : adopted(name)) {
      copies.put(
          copy.getString("replica"),
          copy.getString("nasState") + " " + copy.getString("verification"));
    }
    return copies;
  }

  private List<String> events(String name) throws Exception {
    HttpResponse<String> response = admin.get("/api/preservation/ledger?file=" + Api.segment(name));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return PreservationIT.events(Api.jsonArray(response));
  }
}
