package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.ServerUnderTest.HTTP;
import static org.netarchive.ee.it.ServerUnderTest.request;
import static org.netarchive.ee.it.ServerUnderTest.send;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The OpenAPI document at /openapi describes the whole API: its title, HTTP Basic, and for every
 * operation of every path a summary, a description and typed answers, errors as problem documents.
 * The tests go over every path the server lists, so a new endpoint without them fails here.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class OpenApiIT {

  private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
  private static final String PROBLEM = "#/components/schemas/Problem";

  private static JsonObject document;

  @BeforeAll
  static void fetchDocument() throws Exception {
    HttpResponse<String> response = send(request(HTTP + "/openapi?format=JSON").GET().build());
    assertThat(response.statusCode()).isEqualTo(200);
    document = Json.createReader(new StringReader(response.body())).readObject();
  }

  @Test
  void givenTheDocument_whenReadingItsHead_thenItHasTheTitleAndHttpBasic() {
    assertThat(document.getJsonObject("info").getString("title"))
        .isEqualTo("Netarchive EE REST API");
    assertThat(document.getJsonObject("info").getString("description")).contains("HTTP Basic");
    JsonObject basic =
        document
            .getJsonObject("components")
            .getJsonObject("securitySchemes")
            .getJsonObject("basic");
    assertThat(basic.getString("type")).isEqualTo("http");
    assertThat(basic.getString("scheme")).isEqualTo("basic");
    assertThat(document.getJsonArray("security").getJsonObject(0).keySet())
        .containsExactly("basic");
  }

  @Test
  void givenEveryPath_whenReadingItsOperations_thenEachIsDescribedWithTypedAnswers() {
    JsonObject paths = document.getJsonObject("paths");
    assertThat(paths.keySet())
        .as("the resources are all scanned")
        .contains(
            "/api/health",
            "/api/domains/{name}",
            "/api/harvests/{name}/seeds",
            "/api/archive/files/{name}/records/{offset}",
            "/api/templates/{name}/crawler-beans.cxml",
            "/api/settings/scheduling",
            "/api/accounts");
    List<String> faults = new ArrayList<>();
    int operations = 0;
    for (Map.Entry<String, JsonValue> path : paths.entrySet()) {
      for (Map.Entry<String, JsonValue> entry : path.getValue().asJsonObject().entrySet()) {
        if (!METHODS.contains(entry.getKey())) {
          continue;
        }
        operations++;
        String name = entry.getKey().toUpperCase() + " " + path.getKey();
        check(name, path.getKey(), entry.getValue().asJsonObject(), faults);
      }
    }
    assertThat(faults).as("operations of the API that are not fully described").isEmpty();
    assertThat(operations).isGreaterThan(70);
  }

  @Test
  void givenTheHealth_whenReadingItsOperation_thenItNeedsNoLoginAndAnswers503WhenDown() {
    JsonObject health =
        document.getJsonObject("paths").getJsonObject("/api/health").getJsonObject("get");
    // an empty requirement: no login
    assertThat(health.getJsonArray("security"))
        .as("no security requirement")
        .allSatisfy(r -> assertThat(r.asJsonObject()).isEmpty());
    assertThat(health.getJsonObject("responses").keySet()).contains("200", "503");
  }

  @Test
  void givenTheCdxApi_whenReadingItsTwoPaths_thenBothListEveryQueryParameter() {
    for (String path : List.of("/api/cdx", "/api/cdx/{collection}")) {
      List<String> queryParameters = new ArrayList<>();
      for (JsonValue parameter :
          document
              .getJsonObject("paths")
              .getJsonObject(path)
              .getJsonObject("get")
              .getJsonArray("parameters")) {
        if (parameter.asJsonObject().getString("in").equals("query")) {
          queryParameters.add(parameter.asJsonObject().getString("name"));
        }
      }
      assertThat(queryParameters)
          .as("the query parameters of GET " + path)
          .containsExactlyInAnyOrder(
              "url",
              "matchType",
              "from",
              "to",
              "limit",
              "rows",
              "sort",
              "closest",
              "filter",
              "fl",
              "output");
    }
  }

  private static void check(String name, String path, JsonObject operation, List<String> faults) {
    if (blank(operation, "summary")) {
      faults.add(name + ": no summary");
    }
    if (blank(operation, "description")) {
      faults.add(name + ": no description");
    }
    if (operation.containsKey("requestBody")
        && !typed(operation.getJsonObject("requestBody").getJsonObject("content"))) {
      faults.add(name + ": request body without a schema");
    }
    JsonObject responses = operation.getJsonObject("responses");
    if (responses == null) {
      faults.add(name + ": no responses");
      return;
    }
    boolean success = false;
    for (Map.Entry<String, JsonValue> response : responses.entrySet()) {
      String code = response.getKey();
      JsonObject answer = resolve(response.getValue().asJsonObject());
      if (code.startsWith("2")) {
        success = true;
        if (!code.equals("204") && !typed(answer.getJsonObject("content"))) {
          faults.add(name + ": answer " + code + " without a schema");
        }
      } else if (code.startsWith("4") && !problem(answer.getJsonObject("content"))) {
        faults.add(name + ": error " + code + " is not a problem document");
      }
    }
    if (!success) {
      faults.add(name + ": no success answer");
    }
    List<String> errors = new ArrayList<>();
    if (!path.equals("/api/health")) {
      errors.addAll(List.of("401", "403"));
    }
    if (path.contains("{")) {
      errors.add("404");
    }
    if (operation.containsKey("requestBody")) {
      errors.add("400");
    }
    for (String error : errors) {
      if (!responses.containsKey(error)) {
        faults.add(name + ": no answer " + error);
      }
    }
  }

  private static JsonObject resolve(JsonObject response) {
    if (!response.containsKey("$ref")) {
      return response;
    }
    String ref = response.getString("$ref");
    return document
        .getJsonObject("components")
        .getJsonObject("responses")
        .getJsonObject(ref.substring(ref.lastIndexOf('/') + 1));
  }

  private static boolean typed(JsonObject content) {
    return content != null
        && !content.isEmpty()
        && content.values().stream().allMatch(m -> m.asJsonObject().containsKey("schema"));
  }

  private static boolean problem(JsonObject content) {
    return content != null
        && content.containsKey("application/problem+json")
        && PROBLEM.equals(
            content
                .getJsonObject("application/problem+json")
                .getJsonObject("schema")
                .getString("$ref", ""));
  }

  private static boolean blank(JsonObject object, String member) {
    return object.getString(member, "").isBlank();
  }
}
