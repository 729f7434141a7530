package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;
import static org.netarchive.ee.it.Api.segment;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Global crawler trap lists through the REST API, on the real server and database. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class CrawlerTrapApiIT {

  private final Api admin = Api.admin();

  private static String uniqueName() {
    return "IT traps " + UUID.randomUUID().toString().substring(0, 8);
  }

  private static JsonObjectBuilder list(String name, String... expressions) {
    var array = Json.createArrayBuilder();
    for (String expression : expressions) {
      array.add(expression);
    }
    return Json.createObjectBuilder()
        .add("name", name)
        .add("description", "made by CrawlerTrapApiIT")
        .add("expressions", array);
  }

  /**
   * Creates a new list of a good expression and {@code bad}, and asserts the refusal: 400 naming
   * the field, the expression and the list, and nothing stored. Returns it for the test's own
   * checks.
   */
  private HttpResponse<String> refusedCreating(String bad) throws Exception {
    String name = uniqueName();
    HttpResponse<String> refused =
        admin.post("/api/crawler-traps", list(name, ".*ok.*", bad).build());
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(json(refused).getString("field")).isEqualTo("expressions");
    assertThat(json(refused).getString("detail"))
        .startsWith("Crawler trap '" + bad + "' of global crawler trap list '" + name + "'");
    assertThat(admin.get(path(name)).statusCode()).isEqualTo(404);
    return refused;
  }

  private static String path(String name) {
    return "/api/crawler-traps/" + segment(name);
  }

  @Test
  void givenExpressions_whenCreating_thenAnActiveListReadableByEveryone() throws Exception {
    String name = uniqueName();

    HttpResponse<String> created =
        admin.post("/api/crawler-traps", list(name, ".*/calendar/.*", ".*[?&]date=.*").build());

    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    assertThat(created.headers().firstValue("Location"))
        .hasValueSatisfying(l -> assertThat(l).endsWith(path(name)));
    JsonObject read = json(Api.newAccount("viewer").get(path(name)));
    assertThat(read.getBoolean("active")).isTrue();
    assertThat(read.getJsonArray("expressions").getValuesAs(JsonString.class))
        .extracting(JsonString::getString)
        .containsExactly(".*/calendar/.*", ".*[?&]date=.*");
    assertThat(json(admin.post(path(name) + "/deactivate")).getBoolean("active")).isFalse();
    assertThat(json(admin.post(path(name) + "/activate")).getBoolean("active")).isTrue();
  }

  @Test
  void givenAnInvalidRegularExpression_whenCreating_thenTheProblemNamesItAndNothingIsStored()
      throws Exception {
    HttpResponse<String> refused = refusedCreating("(unclosed");

    assertThat(refused.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
    assertThat(json(refused).getString("detail")).contains("not a valid regular expression");
  }

  @Test
  void givenACurator_whenCreatingOrDeactivating_thenForbidden() throws Exception {
    String name = uniqueName();
    admin.post("/api/crawler-traps", list(name, ".*calendar.*").build());
    Api curator = Api.newAccount("curator");

    assertThat(curator.post("/api/crawler-traps", list(uniqueName(), "x").build()).statusCode())
        .isEqualTo(403);
    assertThat(curator.post(path(name) + "/deactivate").statusCode()).isEqualTo(403);
    assertThat(curator.get(path(name)).statusCode()).isEqualTo(200);
    assertThat(json(admin.get(path(name))).getBoolean("active")).isTrue();
  }

  @Test
  void givenAStaleVersion_whenUpdating_thenConflictAndTheFirstChangeStays() throws Exception {
    String name = uniqueName();
    admin.post("/api/crawler-traps", list(name, ".*calendar.*").build());
    int version = json(admin.get(path(name))).getInt("version");

    HttpResponse<String> first =
        admin.put(path(name), list(name, ".*date=.*").add("version", version).build());
    HttpResponse<String> stale =
        admin.put(path(name), list(name, ".*week=.*").add("version", version).build());

    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(stale.statusCode()).as(stale.body()).isEqualTo(409);
    assertThat(json(admin.get(path(name))).getJsonArray("expressions").getString(0))
        .isEqualTo(".*date=.*");
    JsonObject page = json(admin.get("/api/crawler-traps?name=" + segment(name) + "&size=5"));
    assertThat(page.getJsonNumber("total").longValue()).isEqualTo(1);
  }

  @Test
  void givenAnExpressionThatBacktracksCatastrophically_whenCreating_thenRefusedNamingIt()
      throws Exception {
    HttpResponse<String> refused = refusedCreating("^(a|a)*$");

    assertThat(json(refused).getString("detail")).contains("exponential time", "'(a|a)*'");
  }

  @Test
  void givenAChangeOfTheDescriptionOnly_whenUpdating_thenTheExpressionsAreKept() throws Exception {
    String name = uniqueName();
    JsonObject created = json(admin.post("/api/crawler-traps", list(name, ".*calendar.*").build()));

    HttpResponse<String> changed =
        admin.put(
            path(name),
            Json.createObjectBuilder()
                .add("version", created.getInt("version"))
                .add("description", "calendars only")
                .build());

    assertThat(changed.statusCode()).as(changed.body()).isEqualTo(200);
    assertThat(json(changed).getString("description")).isEqualTo("calendars only");
    assertThat(json(changed).getJsonArray("expressions").getString(0)).isEqualTo(".*calendar.*");
  }
}
