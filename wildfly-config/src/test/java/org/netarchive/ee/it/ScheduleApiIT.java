package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The schedule part of the REST API on the real server and database. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ScheduleApiIT {

  private final Api admin = Api.admin();

  /** A schedule name no other test uses. */
  private static String uniqueName() {
    return "it-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** Every day at 03:15 in Copenhagen. */
  private static JsonObjectBuilder nightly(String name) {
    return Json.createObjectBuilder()
        .add("name", name)
        .add("comments", "made by ScheduleApiIT")
        .add("kind", "REPEATING")
        .add("unit", "DAYS")
        .add("every", 1)
        .add("hour", 3)
        .add("minute", 15)
        .add("timeZone", "Europe/Copenhagen");
  }

  @Test
  void givenAFreshInstallation_whenListing_thenTheFiveDefaultSchedules() throws Exception {
    JsonObject page = json(admin.get("/api/schedules?size=1000"));
    JsonObject daily = json(admin.get("/api/schedules/Daily"));

    assertThat(page.getJsonArray("items").getValuesAs(JsonObject.class))
        .extracting(s -> s.getString("name"))
        .contains("Hourly", "Daily", "Weekly", "Monthly", "Once");
    assertThat(daily.getString("description")).isEqualTo("every day at 02:00 (UTC)");
    assertThat(daily.getJsonArray("nextEvents")).hasSize(3);
  }

  @Test
  void givenANewSchedule_whenCreating_thenDescribedWithItsNextRuns() throws Exception {
    String name = uniqueName();
    Instant before = Instant.now();

    HttpResponse<String> created = admin.post("/api/schedules", nightly(name).build());

    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    assertThat(created.headers().firstValue("Location"))
        .hasValueSatisfying(l -> assertThat(l).endsWith("/api/schedules/" + name));
    JsonObject schedule = json(created);
    assertThat(schedule.getString("description"))
        .isEqualTo("every day at 03:15 (Europe/Copenhagen)");
    assertThat(schedule.getJsonArray("nextEvents").getValuesAs(JsonString.class))
        .hasSize(3)
        .allSatisfy(e -> assertThat(Instant.parse(e.getString())).isAfter(before));
    JsonObject read = json(admin.get("/api/schedules/" + name));
    assertThat(read.getString("description")).isEqualTo(schedule.getString("description"));
    assertThat(read.getInt("version")).isEqualTo(schedule.getInt("version"));
  }

  @Test
  void givenMinute75_whenCreating_thenTheProblemNamesTheFieldAndTheValue() throws Exception {
    HttpResponse<String> refused =
        admin.post("/api/schedules", nightly(uniqueName()).add("minute", 75).build());

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(refused.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
    assertThat(json(refused).getString("field")).isEqualTo("minute");
    assertThat(json(refused).getString("detail")).endsWith("minute of hour must be 0-59, not 75");
  }

  @Test
  void givenATakenName_whenCreating_thenRefusedNamingIt() throws Exception {
    HttpResponse<String> refused = admin.post("/api/schedules", nightly("Daily").build());

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(json(refused).getString("field")).isEqualTo("name");
    assertThat(json(refused).getString("detail")).contains("'Daily' exists already");
  }

  @Test
  void givenAStaleVersion_whenUpdating_thenConflictAndTheFirstChangeStays() throws Exception {
    String name = uniqueName();
    int version = json(admin.post("/api/schedules", nightly(name).build())).getInt("version");

    HttpResponse<String> first =
        admin.put(
            "/api/schedules/" + name, nightly(name).add("hour", 4).add("version", version).build());
    HttpResponse<String> stale =
        admin.put(
            "/api/schedules/" + name, nightly(name).add("hour", 5).add("version", version).build());

    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(json(first).getInt("version")).isEqualTo(version + 1);
    assertThat(stale.statusCode()).as(stale.body()).isEqualTo(409);
    assertThat(json(stale).getString("detail")).contains("changed by someone else");
    assertThat(json(admin.get("/api/schedules/" + name)).getInt("hour")).isEqualTo(4);
  }

  @Test
  void givenSchedules_whenListingWithAGlob_thenOnlyMatchesPagedByName() throws Exception {
    String prefix = "glob-" + UUID.randomUUID().toString().substring(0, 6);
    for (String suffix : new String[] {"c", "a", "b"}) {
      admin.post("/api/schedules", nightly(prefix + suffix).build());
    }

    JsonObject page = json(admin.get("/api/schedules?name=" + prefix + "*&page=0&size=2"));

    assertThat(page.getJsonNumber("total").longValue()).isEqualTo(3);
    assertThat(page.getJsonArray("items").getValuesAs(JsonObject.class))
        .extracting(s -> s.getString("name"))
        .containsExactly(prefix + "a", prefix + "b");
    assertThat(json(admin.get("/api/schedules?size=5000")).getString("field")).isEqualTo("size");
  }

  @Test
  void givenAViewer_whenReadingAndCreating_thenReadsButMayNotCreate() throws Exception {
    Api viewer = Api.newAccount("viewer");

    assertThat(viewer.get("/api/schedules/Weekly").statusCode()).isEqualTo(200);
    HttpResponse<String> refused = viewer.post("/api/schedules", nightly(uniqueName()).build());
    assertThat(refused.statusCode()).isEqualTo(403);
  }

  @Test
  void givenAStartInYear999999999_whenCreating_thenRefusedNamingTheStart() throws Exception {
    HttpResponse<String> refused =
        admin.post(
            "/api/schedules",
            nightly(uniqueName()).add("start", "+999999999-01-01T00:00:00Z").build());

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(json(refused).getString("field")).isEqualTo("start");
    assertThat(json(refused).getString("detail"))
        .contains("+999999999-01-01T00:00:00Z", "in the years 1970 to 9999");
  }

  @Test
  void givenAChangeOfTheCommentsOnly_whenUpdating_thenTheTimingAndEndingAreKept() throws Exception {
    String name = uniqueName();
    JsonObject created =
        json(
            admin.post(
                "/api/schedules",
                nightly(name)
                    .add("weekday", "SUNDAY")
                    .add("unit", "WEEKS")
                    .add("maxRuns", 4)
                    .build()));

    HttpResponse<String> changed =
        admin.put(
            "/api/schedules/" + name,
            Json.createObjectBuilder()
                .add("version", created.getInt("version"))
                .add("comments", "only this")
                .build());
    HttpResponse<String> daily =
        admin.put(
            "/api/schedules/" + name,
            Json.createObjectBuilder()
                .add("version", json(changed).getInt("version"))
                .add("kind", "REPEATING")
                .add("unit", "DAYS")
                .add("every", 1)
                .add("hour", 4)
                .add("minute", 0)
                .build());

    assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);
    assertThat(json(changed).getString("comments")).isEqualTo("only this");
    assertThat(json(changed).getString("unit")).isEqualTo("WEEKS");
    assertThat(json(changed).getString("weekday")).isEqualTo("SUNDAY");
    assertThat(json(changed).getInt("maxRuns")).isEqualTo(4);
    assertThat(json(changed).getString("timeZone")).isEqualTo("Europe/Copenhagen");
    assertThat(daily.statusCode()).as(daily.body()).isEqualTo(200);
    assertThat(json(daily).getString("unit")).isEqualTo("DAYS");
    assertThat(json(daily).getString("weekday", null)).isNull();
    assertThat(json(daily).getInt("maxRuns")).isEqualTo(4);
  }
}
