package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Importing and reading the harvest history through the REST API. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HistoryApiIT {

  private static final String HEADER =
      "domain,configuration,harvest,job,started,objects,bytes,stop_reason";

  private final Api admin = Api.admin();

  private static String uniqueDomain() {
    return "it-history-" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
  }

  @Test
  void givenGoodBadAndUnknownDomainLines_whenImportedTwice_thenCountedReasonedAndNotRepeated()
      throws Exception {
    String domain = uniqueDomain();
    admin.post("/api/domains", Json.createObjectBuilder().add("name", domain).build());
    String csv =
        String.join(
            "\n",
            HEADER,
            domain
                + ",defaultconfig,\"Snapshot, 2019\",4711,2019-03-01T02:00:00Z,18223,1073741824,SIZE_LIMIT",
            domain + ",defaultconfig,Snapshot 2019,4712,yesterday,1,1,SIZE_LIMIT",
            uniqueDomain()
                + ",defaultconfig,Snapshot 2019,4711,2019-03-01T02:00:00Z,1,1,DOWNLOAD_COMPLETE",
            "");

    HttpResponse<String> first = admin.post("/api/history", "text/csv; charset=UTF-8", csv);
    HttpResponse<String> again = admin.post("/api/history", "text/csv; charset=UTF-8", csv);

    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    JsonObject report = json(first);
    assertThat(report.getJsonNumber("lines").longValue()).isEqualTo(3);
    assertThat(report.getJsonNumber("imported").longValue()).isEqualTo(1);
    assertThat(report.getJsonNumber("refused").longValue()).isEqualTo(2);
    List<JsonObject> problems = report.getJsonArray("problems").getValuesAs(JsonObject.class);
    assertThat(problems).extracting(p -> p.getInt("lineNumber")).containsExactly(3, 4);
    assertThat(problems.get(0).getString("reason")).startsWith("started:");
    assertThat(problems.get(1).getString("reason"))
        .contains("there is no domain", "create it first");

    assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
    assertThat(json(again).getJsonNumber("imported").longValue()).isZero();
    assertThat(json(again).getJsonNumber("refused").longValue()).isEqualTo(3);
    assertThat(json(again).getJsonArray("problems").getJsonObject(0).getString("reason"))
        .startsWith("was imported before");

    JsonObject history = json(Api.newAccount("viewer").get("/api/history/domains/" + domain));
    assertThat(history.getJsonNumber("total").longValue()).isEqualTo(1);
    JsonObject entry = history.getJsonArray("items").getJsonObject(0);
    assertThat(entry.getString("configuration")).isEqualTo("defaultconfig");
    assertThat(entry.getString("harvest")).isEqualTo("Snapshot, 2019");
    assertThat(entry.getJsonNumber("job").longValue()).isEqualTo(4711);
    assertThat(entry.getBoolean("imported")).isTrue();
    assertThat(entry.getString("startedAt")).isEqualTo("2019-03-01T02:00:00Z");
    assertThat(entry.getJsonNumber("bytes").longValue()).isEqualTo(1_073_741_824L);
    assertThat(entry.getString("stopReason")).isEqualTo("SIZE_LIMIT");
  }

  @Test
  void givenAFileWithoutTheHeader_whenImporting_thenRefusedNamingTheFile() throws Exception {
    HttpResponse<String> refused =
        admin.post(
            "/api/history", "text/csv", "kb.dk,defaultconfig,x,1,2019-03-01T02:00:00Z,1,1,x");

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(json(refused).getString("field")).isEqualTo("file");
    assertThat(json(refused).getString("detail")).contains(HEADER);
  }

  @Test
  void givenAViewer_whenImporting_thenForbidden() throws Exception {
    HttpResponse<String> refused =
        Api.newAccount("viewer").post("/api/history", "text/csv", HEADER + "\n");

    assertThat(refused.statusCode()).isEqualTo(403);
    assertThat(admin.get("/api/history/domains/nowhere-" + UUID.randomUUID() + ".dk").statusCode())
        .isEqualTo(404);
  }

  @Test
  void givenALineDatedInTheFuture_whenImporting_thenRefusedAndNotImported() throws Exception {
    String domain = uniqueDomain();
    admin.post("/api/domains", Json.createObjectBuilder().add("name", domain).build());
    String csv =
        HEADER
            + "\n"
            + domain
            + ",defaultconfig,Snapshot 2999,1,2999-03-01T02:00:00Z,1000000,1000000000,SIZE_LIMIT\n";

    HttpResponse<String> imported = admin.post("/api/history", "text/csv; charset=UTF-8", csv);

    assertThat(imported.statusCode()).as(imported.body()).isEqualTo(200);
    assertThat(json(imported).getJsonNumber("imported").longValue()).isZero();
    assertThat(json(imported).getJsonArray("problems").getJsonObject(0).getString("reason"))
        .isEqualTo(
            "started: 2999-03-01T02:00:00Z is in the future; a harvest history records harvests"
                + " that have been made");
    assertThat(json(admin.get("/api/history/domains/" + domain)).getJsonNumber("total").longValue())
        .isZero();
  }
}
