package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;
import static org.netarchive.ee.it.Api.segment;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Long seed lists added to a selective harvest through the REST API: a list of more than a thousand
 * lines is added by a batch job, a chunk a transaction, while the server goes on answering; a
 * curator's event harvest of 10,000 new domains ran into the transaction timeout before, whose
 * rollback closed the embedded database under every other transaction.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HarvestSeedsApiIT {

  private final Api admin = Api.admin();

  private static String path(String harvest) {
    return "/api/harvests/" + segment(harvest);
  }

  private String createSelective() throws Exception {
    String name = "Event " + UUID.randomUUID().toString().substring(0, 8);
    HttpResponse<String> created =
        admin.post("/api/harvests/selective", Json.createObjectBuilder().add("name", name).build());
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    return name;
  }

  /**
   * Follows the job behind a 202 until it has ended, asking the server something else each time
   * (which must be answered: the job's transactions are short).
   */
  private JsonObject followToTheEnd(HttpResponse<String> started) throws Exception {
    assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
    String location = started.headers().firstValue("Location").orElseThrow();
    assertThat(location).isEqualTo(json(started).getString("href"));
    String statusPath = location.substring(location.indexOf("/api/"));
    return admin.await(
        statusPath,
        status -> {
          try {
            HttpResponse<String> other = admin.get("/api/system/status");
            assertThat(other.statusCode()).as(other.body()).isEqualTo(200);
          } catch (Exception e) {
            throw new AssertionError(e);
          }
          return !status.getString("status").startsWith("START");
        },
        Duration.ofMinutes(4));
  }

  @Test
  void givenTenThousandSeedsOfNewDomains_whenAdded_thenAJobAddsAllWhileTheServerAnswers()
      throws Exception {
    String harvest = createSelective();
    int versionBefore = json(admin.get(path(harvest))).getInt("version");
    String prefix = "it-many-" + UUID.randomUUID().toString().substring(0, 6);
    StringBuilder list = new StringBuilder("# an event harvest\n");
    for (int i = 0; i < 10_000; i++) {
      list.append("http://www.").append(prefix).append('-').append(i).append(".dk/\n");
      if (i == 4_999) {
        list.append("htp://not-a-seed.dk/\n");
      }
    }

    HttpResponse<String> started =
        admin.postText(path(harvest) + "/seeds?maxBytes=20000000", list.toString());
    JsonObject done = followToTheEnd(started);

    assertThat(json(started).getJsonNumber("lines").longValue()).isEqualTo(10_002);
    assertThat(done.getString("status")).as(done.toString()).isEqualTo("COMPLETED");
    JsonObject report = done.getJsonObject("report");
    assertThat(report.getString("harvest")).isEqualTo(harvest);
    assertThat(report.getJsonNumber("linesDone").longValue()).isEqualTo(10_002);
    assertThat(report.getJsonNumber("domainsCreated").longValue()).isEqualTo(10_000);
    assertThat(report.getJsonNumber("seedsAdded").longValue()).isEqualTo(10_000);
    assertThat(report.getJsonNumber("configurationsAdded").longValue()).isEqualTo(10_000);
    assertThat(report.getJsonNumber("seedsRefused").longValue()).isEqualTo(1);
    JsonObject problem = report.getJsonArray("problems").getJsonObject(0);
    assertThat(problem.getJsonNumber("line").longValue()).isEqualTo(5_002);
    assertThat(problem.getString("input")).isEqualTo("htp://not-a-seed.dk/");
    assertThat(problem.getString("reason")).contains("line 5002");

    HttpResponse<String> listed =
        admin.get("/api/harvests?kind=SELECTIVE&name=" + segment(harvest));
    assertThat(
            json(listed)
                .getJsonArray("items")
                .getJsonObject(0)
                .getJsonNumber("configurationCount")
                .longValue())
        .isEqualTo(10_000);
    HttpResponse<String> domain = admin.get("/api/domains/" + prefix + "-9999.dk");
    assertThat(domain.statusCode()).as(domain.body()).isEqualTo(200);
    assertThat(domain.body()).contains("http://www." + prefix + "-9999.dk/");
    JsonObject configuration =
        json(domain).getJsonArray("configurations").stream()
            .map(v -> v.asJsonObject())
            .filter(c -> c.getString("name").equals(harvest))
            .findFirst()
            .orElseThrow();
    assertThat(configuration.getJsonNumber("maxBytes").longValue()).isEqualTo(20_000_000);
    // The harvest's version counted the additions: a change made on the version shown before the
    // seeds were added is refused.
    HttpResponse<String> stale =
        admin.put(
            path(harvest),
            Json.createObjectBuilder().add("version", versionBefore).add("comments", "x").build());
    assertThat(stale.statusCode()).as(stale.body()).isEqualTo(409);
  }

  @Test
  void givenALongListWithADomainTheHarvestHasAnotherConfigurationOf_whenAdded_thenItIsNamed()
      throws Exception {
    String harvest = createSelective();
    String prefix = "it-mixed-" + UUID.randomUUID().toString().substring(0, 6);
    String taken = prefix + "-taken.dk";
    String known = prefix + "-known.dk";
    for (String name : new String[] {taken, known}) {
      HttpResponse<String> made =
          admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());
      assertThat(made.statusCode()).as(made.body()).isEqualTo(201);
    }
    HttpResponse<String> chosen =
        admin.post(
            path(harvest) + "/configurations",
            Json.createObjectBuilder().add("domain", taken).build());
    assertThat(chosen.statusCode()).as(chosen.body()).isEqualTo(200);
    StringBuilder list = new StringBuilder();
    list.append("http://www.").append(taken).append("/news\n");
    list.append("http://www.").append(known).append("/news\n");
    // Seeds of one domain far apart, in different chunks of the job.
    for (int i = 0; i < 1_500; i++) {
      list.append("http://").append(prefix).append("-new.dk/page/").append(i).append('\n');
    }
    list.append("http://www.").append(known).append("/sport\n");

    JsonObject done = followToTheEnd(admin.postText(path(harvest) + "/seeds", list.toString()));

    assertThat(done.getString("status")).as(done.toString()).isEqualTo("COMPLETED");
    JsonObject report = done.getJsonObject("report");
    assertThat(report.getJsonNumber("domainsRefused").longValue()).isEqualTo(1);
    assertThat(report.getJsonNumber("domainsCreated").longValue()).isEqualTo(1);
    assertThat(report.getJsonNumber("seedsAdded").longValue()).isEqualTo(1_502);
    assertThat(report.getJsonNumber("configurationsAdded").longValue()).isEqualTo(2);
    JsonObject problem = report.getJsonArray("problems").getJsonObject(0);
    assertThat(problem.getJsonNumber("line").longValue()).isEqualTo(1);
    assertThat(problem.getString("reason")).contains(taken).contains("defaultconfig");
    HttpResponse<String> knownDomain = admin.get("/api/domains/" + known);
    assertThat(knownDomain.body())
        .contains("http://www." + known + "/news")
        .contains("http://www." + known + "/sport");
  }

  @Test
  void givenAnExecutionOfAnotherHarvest_whenAskedUnderThisOne_thenNotFound() throws Exception {
    String harvest = createSelective();
    StringBuilder list = new StringBuilder();
    for (int i = 0; i < 1_001; i++) {
      list.append("http://it-other-").append(i).append(".dk/\n");
    }
    HttpResponse<String> started = admin.postText(path(harvest) + "/seeds", list.toString());
    assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
    followToTheEnd(started);
    long execution = json(started).getJsonNumber("executionId").longValue();

    HttpResponse<String> elsewhere = admin.get(path(createSelective()) + "/seeds/" + execution);

    assertThat(elsewhere.statusCode()).as(elsewhere.body()).isEqualTo(404);
  }
}
