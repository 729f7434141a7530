package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * How the REST API reads JSON bodies, across its resources: numbers that do not fit their field,
 * members of the wrong type, members no operation takes, bodies that are not JSON, texts longer
 * than kept, and the one rule for changes (an absent member keeps its value).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RequestBodyApiIT {

  private static final BigInteger TWO_TO_THE_64_PLUS_5 =
      BigInteger.TWO.pow(64).add(BigInteger.valueOf(5));
  private static final BigInteger TWO_TO_THE_32_PLUS_20 =
      BigInteger.TWO.pow(32).add(BigInteger.valueOf(20));

  private final Api admin = Api.admin();

  /** A new domain no other test uses. */
  private String newDomain() throws Exception {
    String name = "it-body-" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
    HttpResponse<String> created =
        admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    return name;
  }

  private static void assertRefused(HttpResponse<String> response, String field, String... detail) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
    JsonObject problem = json(response);
    assertThat(problem.getString("field", null)).as(response.body()).isEqualTo(field);
    assertThat(problem.getString("detail"))
        .contains(detail)
        .doesNotContain("RESTEASY", "Exception", "jakarta.", "SQL");
  }

  @Test
  void givenNumbersTooLargeOrFractional_whenAddingAConfiguration_thenRefusedNamingFieldAndValue()
      throws Exception {
    String domain = newDomain();
    long templateId =
        json(admin.get("/api/domains/" + domain))
            .getJsonArray("configurations")
            .getJsonObject(0)
            .getJsonNumber("templateId")
            .longValue();
    String path = "/api/domains/" + domain + "/configurations";

    HttpResponse<String> bytes =
        admin.post(
            path,
            Json.createObjectBuilder()
                .add("name", "wrapped")
                .add("templateId", templateId)
                .add("maxBytes", TWO_TO_THE_64_PLUS_5)
                .build());
    HttpResponse<String> hops =
        admin.post(
            path,
            Json.createObjectBuilder()
                .add("name", "wrapped")
                .add("templateId", templateId)
                .add("maxHops", TWO_TO_THE_32_PLUS_20)
                .build());
    HttpResponse<String> fraction =
        admin.post(
            path,
            Json.createObjectBuilder()
                .add("name", "truncated")
                .add("templateId", templateId)
                .add("maxHops", new BigDecimal("1.5"))
                .build());

    assertRefused(bytes, "maxBytes", "'maxBytes'", "18446744073709551621");
    assertRefused(hops, "maxHops", "'maxHops'", "4294967316");
    assertRefused(fraction, "maxHops", "'maxHops' must be a whole number, not 1.5");
    assertThat(json(admin.get("/api/domains/" + domain)).getJsonArray("configurations")).hasSize(1);
  }

  @Test
  void givenATooLargeLimit_whenCreatingASnapshotHarvest_thenRefusedNamingTheField()
      throws Exception {
    HttpResponse<String> refused =
        admin.post(
            "/api/harvests/snapshot",
            Json.createObjectBuilder()
                .add("name", "IT body " + UUID.randomUUID().toString().substring(0, 8))
                .add("maxBytesPerDomain", TWO_TO_THE_64_PLUS_5)
                .build());

    assertRefused(refused, "maxBytesPerDomain", "18446744073709551621");
  }

  @Test
  void givenAnUnknownMember_whenChangingADomain_thenRefusedNamingItAndNothingChanged()
      throws Exception {
    String domain = newDomain();
    int version = json(admin.get("/api/domains/" + domain)).getInt("version");

    HttpResponse<String> refused =
        admin.put(
            "/api/domains/" + domain,
            Json.createObjectBuilder()
                .add("version", version)
                .add("comments", "kept?")
                .add("crawlerTrap", Json.createArrayBuilder().add(".*x.*"))
                .build());

    assertRefused(refused, "crawlerTrap", "'crawlerTrap'", "'crawlerTraps'");
    assertThat(json(admin.get("/api/domains/" + domain)).getString("comments", null)).isNull();
  }

  @Test
  void givenMalformedJsonOrAWrongType_whenCreating_thenAProblemWithoutInternals() throws Exception {
    HttpResponse<String> malformed =
        admin.post("/api/schedules", "application/json", "{\"name\": \"x\",");
    HttpResponse<String> wrongType =
        admin.post("/api/domains", Json.createObjectBuilder().add("name", 5).build());
    HttpResponse<String> notAnObject =
        admin.post("/api/crawler-traps", "application/json", "[\"(a)\"]");

    assertRefused(malformed, "body", "The request body is not valid JSON (line 1");
    assertRefused(wrongType, "name", "'name' must be a text (a JSON string), not 5");
    assertRefused(notAnObject, "body", "The request body must be a JSON object");
  }

  @Test
  void givenCommentsLongerThanKept_whenChangingADomain_thenRefusedNamingTheField()
      throws Exception {
    String domain = newDomain();
    int version = json(admin.get("/api/domains/" + domain)).getInt("version");

    HttpResponse<String> refused =
        admin.put(
            "/api/domains/" + domain,
            Json.createObjectBuilder()
                .add("version", version)
                .add("comments", "c".repeat(100_000))
                .build());

    assertRefused(refused, "comments", "100000 characters long; at most 4000 are kept");
  }

  @Test
  void givenPartialChanges_whenChangingADomainAndItsConfiguration_thenAbsentMembersAreKept()
      throws Exception {
    String domain = newDomain();
    String path = "/api/domains/" + domain;
    int version = json(admin.get(path)).getInt("version");
    HttpResponse<String> first =
        admin.put(
            path,
            Json.createObjectBuilder()
                .add("version", version)
                .add("comments", "our national library")
                .add("crawlerTraps", Json.createArrayBuilder().add(".*calendar.*"))
                .build());
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    JsonObject configuration = json(first).getJsonArray("configurations").getJsonObject(0);

    HttpResponse<String> second =
        admin.put(
            path,
            Json.createObjectBuilder()
                .add("version", json(first).getInt("version"))
                .add("defaultConfiguration", "defaultconfig")
                .build());
    HttpResponse<String> hops =
        admin.put(
            path + "/configurations/defaultconfig",
            Json.createObjectBuilder()
                .add("version", configuration.getInt("version"))
                .add("maxHops", 5)
                .build());
    HttpResponse<String> cleared =
        admin.put(
            path,
            Json.createObjectBuilder()
                .add("version", json(second).getInt("version"))
                .add("crawlerTraps", Json.createArrayBuilder())
                .build());

    assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
    assertThat(json(second).getString("comments")).isEqualTo("our national library");
    assertThat(json(second).getJsonArray("crawlerTraps").getString(0)).isEqualTo(".*calendar.*");
    assertThat(hops.statusCode()).as(hops.body()).isEqualTo(200);
    assertThat(json(hops).getInt("maxHops")).isEqualTo(5);
    assertThat(json(hops).getJsonNumber("templateId").longValue())
        .isEqualTo(configuration.getJsonNumber("templateId").longValue());
    assertThat(json(hops).getJsonNumber("maxBytes").longValue())
        .isEqualTo(configuration.getJsonNumber("maxBytes").longValue());
    assertThat(json(hops).getJsonArray("seedLists"))
        .isEqualTo(configuration.getJsonArray("seedLists"));
    assertThat(cleared.statusCode()).as(cleared.body()).isEqualTo(200);
    assertThat(json(cleared).getJsonArray("crawlerTraps")).isEmpty();
    assertThat(json(cleared).getString("comments")).isEqualTo("our national library");
  }
}
