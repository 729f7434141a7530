package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A crash of the server in the middle of a NetarchiveSuite import: a source of {@value #DOMAINS}
 * domains (NetarchiveSuite's schema as harvestdb-fixture.sql makes it, rows made by
 * generate_series) is imported, the server is killed (SIGKILL) while the domain step runs, and
 * started again with the same command. The import's batch job is resumed at start-up from the last
 * chunk it recorded, not from the start, and ends with the counts of an uninterrupted import (the
 * dry run before it reports them); a second import finds everything there.
 *
 * <p>Needs the PostgreSQL database of {@link NetarchiveSuiteSource}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag(NetarchiveSuiteSource.TAG)
class NetarchiveSuiteImportRestartIT {

  private static final int DOMAINS = 50_000;
  private static final int HISTORY = 10_000;
  private static final String PATH = "/api/imports/netarchivesuite";
  private static final Pattern RESUMED_FROM = Pattern.compile("domains after domain_id (\\d+)");

  private static String url;
  private static String user;
  private static String password;

  private final Api admin = Api.admin();

  @BeforeAll
  static void sourceDatabase() {
    NetarchiveSuiteSource source =
        NetarchiveSuiteSource.fromEnvironment("NetarchiveSuiteImportRestartIT");
    url = source.url();
    user = source.user();
    password = source.password();
  }

  @Test
  void givenAnImportInItsDomainStep_whenTheServerIsKilled_thenItIsResumedAndCountsAsIfNot()
      throws Exception {
    String run = UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    loadSource(run);

    // what an uninterrupted import does, as its dry run reports it
    JsonObject dryRun = awaitEnd(start(true));
    assertThat(dryRun.getString("state")).as(dryRun.toString()).isEqualTo("DONE");
    Map<String, List<Long>> expected = NasFixtures.importCounts(dryRun);
    assertThat(expected)
        .containsEntry("domains", List.of((long) DOMAINS, 0L, 0L))
        .containsEntry("configurations", List.of((long) DOMAINS, 0L, 0L))
        .containsEntry("aliases", List.of(2L, 0L, 0L))
        .containsEntry("snapshot harvests", List.of(1L, 0L, 0L))
        .containsEntry("history", List.of((long) HISTORY, 0L, 0L));

    long id = start(false);
    JsonObject killedAt =
        awaitStatus(
            id,
            s ->
                !"domains".equals(s.getString("phase"))
                    ? s.getJsonNumber("domainsDone").longValue() > 0
                    : s.getJsonNumber("domainsDone").longValue() >= 3000);
    long doneBeforeCrash = killedAt.getJsonNumber("domainsDone").longValue();
    assertThat(killedAt.getString("phase"))
        .as("the import when the server is to be killed: %s", killedAt)
        .isEqualTo("domains");
    assertThat(doneBeforeCrash).isLessThan(DOMAINS);

    ServerUnderTest.crashAndRestart();

    JsonObject after = awaitEnd(id);
    assertThat(after.getString("state")).as(after.toString()).isEqualTo("DONE");
    assertThat(after.getInt("resumed")).isEqualTo(1);
    assertThat(after.getString("failure", null)).isNull();
    // it went on after the chunks recorded before the crash, not from the start
    Matcher from = RESUMED_FROM.matcher(after.getString("resumedFrom"));
    assertThat(from.matches()).as(after.getString("resumedFrom")).isTrue();
    long resumedAfter = Long.parseLong(from.group(1));
    assertThat(resumedAfter).isGreaterThanOrEqualTo(doneBeforeCrash).isPositive();
    assertThat(ServerUnderTest.serverLogText())
        .contains(
            "NetarchiveSuite import "
                + id
                + ": step domains resumes after source position "
                + resumedAfter);
    assertThat(after.getJsonNumber("domainsDone").longValue()).isEqualTo(DOMAINS);
    assertThat(NasFixtures.importCounts(after)).isEqualTo(expected);

    // nothing was made twice: a second import finds all of it there
    JsonObject again = awaitEnd(start(false));
    Map<String, List<Long>> second = NasFixtures.importCounts(again);
    for (String kind :
        List.of("domains", "configurations", "seed lists", "aliases", "snapshot harvests")) {
      assertThat(second.get(kind)).as(kind).isEqualTo(List.of(0L, expected.get(kind).get(0), 0L));
    }
    assertThat(second.get("history")).isEqualTo(List.of(0L, (long) HISTORY, 0L));
    assertThat(json(admin.get("/api/domains/r" + DOMAINS + "-" + run + ".dk")).getString("name"))
        .isEqualTo("r" + DOMAINS + "-" + run + ".dk");
  }

  /** The fixture's tables, then a template, a snapshot harvest and many domains with history. */
  private void loadSource(String run) throws Exception {
    String fixture;
    try (InputStream in =
        getClass().getResourceAsStream("/netarchivesuite/harvestdb-fixture.sql")) {
      fixture = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    // the schema part only: its rows begin with the channels
    String schema = fixture.substring(0, fixture.indexOf("-- two channels"));
    HttpResponse<String> template = admin.get("/api/templates/default_orderxml/crawler-beans.cxml");
    assertThat(template.statusCode()).isEqualTo(200);
    String domain = "'r' || i || '-" + run + ".dk'";
    try (Connection connection = DriverManager.getConnection(url, user, password);
        Statement statement = connection.createStatement()) {
      statement.execute(schema);
      try (PreparedStatement insert =
          connection.prepareStatement(
              "INSERT INTO ordertemplates (template_id, name, orderxml, isactive)"
                  + " VALUES (1, ?, ?, TRUE)")) {
        insert.setString(1, "nas_restart_" + run);
        insert.setString(2, template.body());
        insert.executeUpdate();
      }
      statement.execute(
          "INSERT INTO harvestdefinitions VALUES (10, 'Restart snapshot "
              + run
              + "', NULL, 1, '2020-01-01 00:00:00', FALSE, 1, NULL, NULL);"
              + " INSERT INTO fullharvests VALUES (10, -1, NULL, -1, 0, FALSE);"
              + " INSERT INTO domains SELECT i, "
              + domain
              + ", NULL, i, NULL, 1, NULL, NULL FROM generate_series(1, "
              + DOMAINS
              + ") i;"
              + " UPDATE domains SET alias = 1, lastaliasupdate = '2020-05-04 10:00:00'"
              + " WHERE domain_id IN (2, 3);"
              + " INSERT INTO seedlists SELECT i, 'defaultseeds', NULL, i, 'http://www.' || "
              + domain
              + " || '/' FROM generate_series(1, "
              + DOMAINS
              + ") i;"
              + " INSERT INTO configurations SELECT i, 'defaultconfig', NULL, i, 1, -1, 60,"
              + " NULL, -1 FROM generate_series(1, "
              + DOMAINS
              + ") i;"
              + " INSERT INTO config_seedlists SELECT i, i FROM generate_series(1, "
              + DOMAINS
              + ") i;"
              + " INSERT INTO historyinfo SELECT i, 0, 100, 100000, i, 10, 1,"
              + " '2020-01-01 00:00:00' FROM generate_series(1, "
              + HISTORY
              + ") i;");
    }
  }

  private long start(boolean dryRun) throws Exception {
    var body =
        Json.createObjectBuilder()
            .add("url", url)
            .add("user", user == null ? "" : user)
            .add("password", password == null ? "" : password)
            .add("dryRun", dryRun)
            .build();
    HttpResponse<String> started = admin.post(PATH, body);
    assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
    return json(started).getJsonNumber("id").longValue();
  }

  /** The import's status once it has ended. */
  private JsonObject awaitEnd(long id) {
    return awaitStatus(id, s -> false);
  }

  /**
   * The import's status once it has ended or, while it runs, meets {@code condition}. Polled often:
   * the domain step of this source takes seconds; while the server restarts, requests fail.
   */
  private JsonObject awaitStatus(long id, Predicate<JsonObject> condition) {
    return await("import " + id)
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(50))
        .ignoreExceptionsInstanceOf(IOException.class)
        .until(
            () -> {
              HttpResponse<String> status = admin.get(PATH + "/" + id);
              return status.statusCode() == 200 ? json(status) : null;
            },
            s -> s != null && (!"RUNNING".equals(s.getString("state")) || condition.test(s)));
  }
}
