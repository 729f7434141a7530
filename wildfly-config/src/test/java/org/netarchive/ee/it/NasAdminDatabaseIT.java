package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcCompression;

/**
 * Switching from NetarchiveSuite, its archive when its admin data lives in a database (the
 * database-based ArcRepository admin, as large installations run it): the admin database is read
 * over JDBC, its files' copies adopted in the bitarchive directories where they lie and verified
 * against the checksum it records; a copy whose content does not match is CORRUPT, a file whose
 * replicas disagree on its checksum is refused with the reason, and importing again changes
 * nothing. Needs the PostgreSQL database of {@link NetarchiveSuiteSource}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag(NetarchiveSuiteSource.TAG)
class NasAdminDatabaseIT {

  private static final int OK = 2;
  private static final int UNKNOWN = 0;
  private static final int UPLOAD_COMPLETED = 2;

  private static NetarchiveSuiteSource source;

  private final Api admin = Api.admin();

  @TempDir Path work;

  @BeforeAll
  static void sourceDatabase() {
    source = NetarchiveSuiteSource.fromEnvironment("NasAdminDatabaseIT");
  }

  @Test
  void givenANetarchiveSuiteAdminDatabase_whenImported_thenCopiesVerifiedAndDisputesRefused()
      throws Exception {
    String prefix = WarcFixtures.uniquePrefix();
    String schema = "nas_admin_" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    Path nas = NasFixtures.root(prefix);
    Path one = NasFixtures.bitarchiveDirectory(nas.resolve("bitarchive-one"));
    Path two = NasFixtures.bitarchiveDirectory(nas.resolve("bitarchive-two"));
    Path good =
        WarcFixtures.warc(work.resolve(prefix + "good.warc.gz"), "good", 3, WarcCompression.GZIP);
    Path damaged =
        WarcFixtures.warc(
            work.resolve(prefix + "damaged.warc"), "damaged", 2, WarcCompression.NONE);
    Path disputed =
        WarcFixtures.warc(
            work.resolve(prefix + "disputed.warc"), "disputed", 2, WarcCompression.NONE);
    NasFixtures.archive(one, good);
    NasFixtures.archive(two, good);
    NasFixtures.archive(one, disputed);
    NasFixtures.archive(two, disputed);
    NasFixtures.archiveDamaged(one, damaged);

    String goodMd5 = NasFixtures.md5(good);
    String disputedMd5 = NasFixtures.md5(disputed);
    String otherMd5 = "0cc175b9c0f1b6a831c399e269772661";
    try (Connection c =
            DriverManager.getConnection(source.url(), source.user(), source.password());
        Statement statement = c.createStatement()) {
      statement.execute("CREATE SCHEMA " + schema);
      statement.execute("SET search_path TO " + schema);
      try (InputStream in =
          NasAdminDatabaseIT.class.getResourceAsStream("/netarchivesuite/admindb-fixture.sql")) {
        statement.execute(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
      statement.execute(
          "INSERT INTO replica (replica_guid, replica_id, replica_name, replica_type) VALUES"
              + " (1, 'ONE', 'ReplicaOne', 'BITARCHIVE'), (2, 'TWO', 'ReplicaTwo', 'BITARCHIVE'),"
              + " (3, 'CS', 'ChecksumReplica', 'CHECKSUM')");
      try (PreparedStatement file = c.prepareStatement("INSERT INTO file VALUES (?, ?)");
          PreparedStatement info =
              c.prepareStatement(
                  "INSERT INTO replicafileinfo (replicafileinfo_guid, replica_id, file_id,"
                      + " checksum, upload_status, checksum_status) VALUES (?, ?, ?, ?, ?, ?)")) {
        Object[][] files = {
          {10L, name(good)}, {11L, name(damaged)}, {12L, name(disputed)},
        };
        for (Object[] f : files) {
          file.setLong(1, (Long) f[0]);
          file.setString(2, (String) f[1]);
          file.addBatch();
        }
        file.executeBatch();
        Object[][] infos = {
          {1L, "ONE", 10L, goodMd5, UPLOAD_COMPLETED, OK},
          {2L, "TWO", 10L, goodMd5.toUpperCase(), UPLOAD_COMPLETED, OK},
          {3L, "CS", 10L, goodMd5, null, OK},
          // recorded before the copy on disk lost a byte
          {4L, "ONE", 11L, NasFixtures.md5(damaged), UPLOAD_COMPLETED, UNKNOWN},
          {5L, "ONE", 12L, disputedMd5, UPLOAD_COMPLETED, UNKNOWN},
          {6L, "TWO", 12L, otherMd5, UPLOAD_COMPLETED, UNKNOWN},
        };
        for (Object[] i : infos) {
          info.setLong(1, (Long) i[0]);
          info.setString(2, (String) i[1]);
          info.setLong(3, (Long) i[2]);
          info.setString(4, (String) i[3]);
          info.setObject(5, i[4], java.sql.Types.INTEGER);
          info.setObject(6, i[5], java.sql.Types.INTEGER);
          info.addBatch();
        }
        info.executeBatch();
      }
    }
    String url = source.inSchema(schema);

    // Refusals name the URL and why, never the password.
    HttpResponse<String> notPostgres = importDatabase("jdbc:h2:mem:nas", source.password());
    assertThat(notPostgres.statusCode()).isEqualTo(400);
    assertThat(notPostgres.body()).contains("jdbc:h2:mem:nas").contains("PostgreSQL JDBC URL");
    HttpResponse<String> wrongPassword = importDatabase(url, "not-the-password-42");
    assertThat(wrongPassword.statusCode()).isEqualTo(400);
    assertThat(wrongPassword.body())
        .contains("Cannot open the NetarchiveSuite admin database")
        .doesNotContain("not-the-password-42");
    HttpResponse<String> noSuchSchema =
        importDatabase(source.inSchema("no_such_schema_here"), source.password());
    assertThat(noSuchSchema.statusCode()).as(noSuchSchema.body()).isEqualTo(400);
    assertThat(noSuchSchema.body()).contains("NetarchiveSuite admin database");

    HttpResponse<String> imported = importDatabase(url, source.password());
    assertThat(imported.statusCode()).as(imported.body()).isEqualTo(200);
    JsonObject report = Api.json(imported);
    assertThat(report.getString("version")).contains("replicafileinfo v1");
    assertThat(report.getJsonNumber("lines").longValue()).as("good and damaged").isEqualTo(2);
    assertThat(report.getJsonNumber("copiesAdded").longValue()).isEqualTo(3);
    assertThat(
            report.getJsonArray("refused").getValuesAs(JsonString.class).stream()
                .map(JsonString::getString))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains(name(disputed))
        .contains("file_id 12")
        .contains("disagree");
    assertThat(admin.get("/api/archive/adoption/files/" + Api.segment(name(disputed))).statusCode())
        .as("a disputed file is not taken")
        .isEqualTo(404);

    for (Map.Entry<String, Path> dir : Map.of("ONE", one, "TWO", two).entrySet()) {
      HttpResponse<String> adopted =
          admin.post(
              "/api/archive/adoption/directories",
              Json.createObjectBuilder()
                  .add("replica", dir.getKey())
                  .add("directory", dir.getValue().toString())
                  .build());
      assertThat(adopted.statusCode()).as(adopted.body()).isIn(200, 201);
    }
    await()
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(300))
        .until(
            () ->
                copies(name(good)).values().stream().noneMatch(s -> s.endsWith("UNVERIFIED"))
                    && copies(name(damaged)).values().stream()
                        .noneMatch(s -> s.endsWith("UNVERIFIED")));
    assertThat(copies(name(good)))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("ONE", "UPLOAD_COMPLETED VERIFIED", "TWO", "UPLOAD_COMPLETED VERIFIED"));
    assertThat(copies(name(damaged))).containsEntry("ONE", "UPLOAD_COMPLETED CORRUPT");
    assertThat(admin.get("/api/archive/files/" + Api.segment(name(good))).statusCode())
        .isEqualTo(200);
    assertThat(admin.get("/api/archive/files/" + Api.segment(name(damaged))).statusCode())
        .as("not adopted as good")
        .isEqualTo(404);

    JsonObject again = Api.json(importDatabase(url, source.password()));
    assertThat(again.getJsonNumber("copiesAdded").longValue()).isZero();
    assertThat(again.getJsonNumber("copiesUpdated").longValue()).isZero();
    assertThat(again.getJsonNumber("copiesUnchanged").longValue()).isEqualTo(3);
  }

  private HttpResponse<String> importDatabase(String url, String password) throws Exception {
    var body = Json.createObjectBuilder().add("url", url).add("user", source.user());
    if (password != null) {
      body.add("password", password);
    }
    return admin.post("/api/archive/adoption/admin-database", body.build());
  }

  private static String name(Path file) {
    return file.getFileName().toString();
  }

  /** A file's adopted copies: replica to {@code NAS_STATE VERIFICATION}. */
  private Map<String, String> copies(String name) throws Exception {
    HttpResponse<String> response = admin.get("/api/archive/adoption/files/" + Api.segment(name));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    Map<String, String> copies = new TreeMap<>();
    for (JsonValue value : Api.jsonArray(response)) {
      JsonObject copy = value.asJsonObject();
      copies.put(
          copy.getString("replica"),
          copy.getString("nasState") + " " + copy.getString("verification"));
    }
    return copies;
  }
}
