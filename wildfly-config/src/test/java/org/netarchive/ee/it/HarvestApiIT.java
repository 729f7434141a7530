package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;
import static org.netarchive.ee.it.Api.segment;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Harvest definitions through the REST API, on the real server and database. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HarvestApiIT {

  private final Api admin = Api.admin();

  private static String unique(String prefix) {
    return prefix + UUID.randomUUID().toString().substring(0, 8);
  }

  private static JsonObjectBuilder selective(String name) {
    return Json.createObjectBuilder()
        .add("name", name)
        .add("comments", "made by HarvestApiIT")
        .add("audience", "researchers");
  }

  private static String path(String harvest) {
    return "/api/harvests/" + segment(harvest);
  }

  private void createSelective(Api api, String name) throws Exception {
    HttpResponse<String> created = api.post("/api/harvests/selective", selective(name).build());
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
  }

  @Test
  void givenSeedsOfUnknownDomainsAndABadLine_whenAdded_thenDomainsAndPerHarvestConfigurations()
      throws Exception {
    String harvest = unique("Election ");
    String first = unique("it-seed-") + ".dk";
    String second = unique("it-seed-") + ".dk";
    HttpResponse<String> created =
        admin.post("/api/harvests/selective", selective(harvest).build());

    HttpResponse<String> response =
        admin.postText(
            path(harvest) + "/seeds?maxBytes=50000000",
            "# election sites\nhttp://www."
                + first
                + "/valg\nhtp://broken.dk/\nhttps://news."
                + second
                + "/\nhttps://"
                + second
                + "/kandidater\n");

    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    assertThat(created.headers().firstValue("Location"))
        .hasValueSatisfying(l -> assertThat(l).endsWith(path(harvest)));
    assertThat(json(created).getString("channel")).isNotBlank();
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonObject report = json(response);
    assertThat(report.getString("configuration")).isEqualTo(harvest);
    assertThat(report.getJsonArray("domainsCreated").getValuesAs(jakarta.json.JsonString.class))
        .extracting(jakarta.json.JsonString::getString)
        .containsExactly(first, second);
    assertThat(report.getJsonArray("configurationsAdded")).hasSize(2);
    assertThat(report.getInt("seedsAccepted")).isEqualTo(3);
    JsonObject refused = report.getJsonArray("refusedSeeds").getJsonObject(0);
    assertThat(refused.getInt("line")).isEqualTo(3);
    assertThat(refused.getString("seed")).isEqualTo("htp://broken.dk/");
    assertThat(refused.getString("reason")).contains("not an http(s) URL");
    assertThat(report.getJsonObject("harvest").getJsonNumber("configurationCount").longValue())
        .isEqualTo(2);

    JsonObject domain = json(admin.get("/api/domains/" + second));
    assertThat(domain.getString("defaultConfiguration")).isEqualTo("defaultconfig");
    JsonObject configuration =
        domain.getJsonArray("configurations").getValuesAs(JsonObject.class).stream()
            .filter(c -> c.getString("name").equals(harvest))
            .findFirst()
            .orElseThrow();
    assertThat(configuration.getJsonNumber("maxBytes").longValue()).isEqualTo(50_000_000L);
    assertThat(configuration.getJsonArray("seedLists").getString(0)).isEqualTo(harvest);
    JsonObject seedList =
        domain.getJsonArray("seedLists").getValuesAs(JsonObject.class).stream()
            .filter(s -> s.getString("name").equals(harvest))
            .findFirst()
            .orElseThrow();
    assertThat(seedList.getJsonArray("seeds").getValuesAs(jakarta.json.JsonString.class))
        .extracting(jakarta.json.JsonString::getString)
        .containsExactly("https://news." + second + "/", "https://" + second + "/kandidater");

    JsonObject listed =
        json(admin.get("/api/harvests?kind=SELECTIVE&name=" + segment(harvest)))
            .getJsonArray("items")
            .getJsonObject(0);
    assertThat(listed.getJsonNumber("configurationCount").longValue()).isEqualTo(2);
    JsonObject read = json(admin.get(path(harvest)));
    assertThat(
            read.getJsonObject("configurations")
                .getJsonArray("items")
                .getValuesAs(JsonObject.class))
        .extracting(c -> c.getString("domain") + "/" + c.getString("configuration"))
        .containsExactlyInAnyOrder(first + "/" + harvest, second + "/" + harvest);
  }

  @Test
  void givenAnEmptyHarvest_whenActivating_thenItNeedsConfigurationsThenAScheduleThenRuns()
      throws Exception {
    String harvest = unique("it-activate-");
    String domain = unique("it-act-") + ".dk";
    createSelective(admin, harvest);
    admin.post("/api/domains", Json.createObjectBuilder().add("name", domain).build());

    HttpResponse<String> noConfigurations = admin.post(path(harvest) + "/activate");
    HttpResponse<String> added =
        admin.post(
            path(harvest) + "/configurations",
            Json.createObjectBuilder().add("domain", domain).build());
    HttpResponse<String> noSchedule = admin.post(path(harvest) + "/activate");
    int version = json(admin.get(path(harvest))).getInt("version");
    HttpResponse<String> scheduled =
        admin.put(
            path(harvest),
            Json.createObjectBuilder().add("schedule", "Daily").add("version", version).build());
    Instant before = Instant.now();
    HttpResponse<String> activated = admin.post(path(harvest) + "/activate");

    assertThat(noConfigurations.statusCode()).as(noConfigurations.body()).isEqualTo(400);
    assertThat(json(noConfigurations).getString("field")).isEqualTo("configurations");
    assertThat(json(noConfigurations).getString("detail")).contains("has no domain configurations");
    assertThat(added.statusCode()).as(added.body()).isEqualTo(200);
    assertThat(json(added).getJsonNumber("configurationCount").longValue()).isEqualTo(1);
    assertThat(noSchedule.statusCode()).as(noSchedule.body()).isEqualTo(400);
    assertThat(json(noSchedule).getString("field")).isEqualTo("schedule");
    assertThat(scheduled.statusCode()).as(scheduled.body()).isEqualTo(200);
    assertThat(activated.statusCode()).as(activated.body()).isEqualTo(200);
    JsonObject active = json(activated);
    assertThat(active.getBoolean("active")).isTrue();
    assertThat(active.getString("schedule")).isEqualTo("Daily");
    assertThat(Instant.parse(active.getString("nextDate"))).isAfter(before);

    JsonObject deactivated = json(admin.post(path(harvest) + "/deactivate"));
    assertThat(deactivated.getBoolean("active")).isFalse();
    assertThat(deactivated.containsKey("nextDate")).isFalse();
  }

  @Test
  void givenLimits_whenCreatingASnapshotHarvest_thenStoredWithThemOnASnapshotChannel()
      throws Exception {
    String name = unique("it-snapshot-");

    HttpResponse<String> created =
        admin.post(
            "/api/harvests/snapshot",
            Json.createObjectBuilder()
                .add("name", name)
                .add("maxObjectsPerDomain", 10_000)
                .add("maxBytesPerDomain", 50_000_000)
                .add("maxJobRunningSeconds", 86_400)
                .build());
    HttpResponse<String> invalid =
        admin.post(
            "/api/harvests/snapshot",
            Json.createObjectBuilder()
                .add("name", unique("it-snapshot-"))
                .add("maxBytesPerDomain", 0)
                .build());
    HttpResponse<String> withSchedule =
        admin.post(
            "/api/harvests/snapshot",
            Json.createObjectBuilder()
                .add("name", unique("it-snapshot-"))
                .add("schedule", "Daily")
                .build());

    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    JsonObject snapshot = json(admin.get(path(name)));
    assertThat(snapshot.getString("kind")).isEqualTo("SNAPSHOT");
    assertThat(snapshot.getJsonNumber("maxObjectsPerDomain").longValue()).isEqualTo(10_000);
    assertThat(snapshot.getJsonNumber("maxBytesPerDomain").longValue()).isEqualTo(50_000_000);
    assertThat(snapshot.getJsonNumber("maxJobRunningSeconds").longValue()).isEqualTo(86_400);
    assertThat(snapshot.getBoolean("active")).isFalse();
    JsonObject channel = json(admin.get("/api/channels/" + snapshot.getString("channel")));
    assertThat(channel.getString("kind")).isEqualTo("SNAPSHOT");
    assertThat(invalid.statusCode()).as(invalid.body()).isEqualTo(400);
    assertThat(json(invalid).getString("field")).isEqualTo("maxBytesPerDomain");
    assertThat(json(invalid).getString("detail")).contains("not 0");
    assertThat(withSchedule.statusCode()).isEqualTo(400);
    assertThat(json(withSchedule).getString("field")).isEqualTo("schedule");
  }

  @Test
  void givenAViewer_whenReadingAndChanging_thenReadsButMayNotChange() throws Exception {
    String harvest = unique("it-viewer-");
    createSelective(admin, harvest);
    Api viewer = Api.newAccount("viewer");
    Api curator = Api.newAccount("curator");

    assertThat(viewer.get(path(harvest)).statusCode()).isEqualTo(200);
    assertThat(viewer.get("/api/harvests?kind=SELECTIVE").statusCode()).isEqualTo(200);
    assertThat(
            viewer.post("/api/harvests/selective", selective(unique("it-v-")).build()).statusCode())
        .isEqualTo(403);
    assertThat(viewer.postText(path(harvest) + "/seeds", "http://www.kb.dk/").statusCode())
        .isEqualTo(403);
    assertThat(viewer.post(path(harvest) + "/activate").statusCode()).isEqualTo(403);
    createSelective(curator, unique("it-curated-"));
  }

  @Test
  void givenAStaleVersion_whenUpdating_thenConflictAndTheFirstChangeStays() throws Exception {
    String harvest = unique("it-stale-");
    createSelective(admin, harvest);
    int version = json(admin.get(path(harvest))).getInt("version");

    HttpResponse<String> first =
        admin.put(
            path(harvest),
            Json.createObjectBuilder().add("comments", "first").add("version", version).build());
    HttpResponse<String> stale =
        admin.put(
            path(harvest),
            Json.createObjectBuilder().add("comments", "second").add("version", version).build());

    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(json(first).getInt("version")).isEqualTo(version + 1);
    assertThat(json(first).getString("audience")).isEqualTo("researchers");
    assertThat(stale.statusCode()).as(stale.body()).isEqualTo(409);
    assertThat(json(stale).getString("detail")).contains("changed by someone else");
    assertThat(json(admin.get(path(harvest))).getString("comments")).isEqualTo("first");
  }

  @Test
  void givenHarvestsOfBothKinds_whenListingWithAGlob_thenOnlyMatchesPagedByName() throws Exception {
    String prefix = unique("glob-");
    for (String suffix : new String[] {"c", "a", "b"}) {
      createSelective(admin, prefix + suffix);
    }
    admin.post(
        "/api/harvests/snapshot", Json.createObjectBuilder().add("name", prefix + "snap").build());

    JsonObject page = json(admin.get("/api/harvests?kind=SELECTIVE&name=" + prefix + "*&size=2"));
    JsonObject both = json(admin.get("/api/harvests?name=" + prefix.toUpperCase() + "*"));

    assertThat(page.getJsonNumber("total").longValue()).isEqualTo(3);
    assertThat(page.getJsonArray("items").getValuesAs(JsonObject.class))
        .extracting(h -> h.getString("name"))
        .containsExactly(prefix + "a", prefix + "b");
    assertThat(page.getJsonArray("items").getJsonObject(0).containsKey("configurations")).isFalse();
    assertThat(both.getJsonNumber("total").longValue()).isEqualTo(4);
    assertThat(json(admin.get("/api/harvests?kind=BROAD")).getString("field")).isEqualTo("kind");
    assertThat(admin.get(path(prefix + "nothing")).statusCode()).isEqualTo(404);
  }
}
