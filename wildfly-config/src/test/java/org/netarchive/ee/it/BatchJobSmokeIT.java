package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.netarchive.ee.it.ServerUnderTest.ADMIN;
import static org.netarchive.ee.it.ServerUnderTest.HTTP;
import static org.netarchive.ee.it.ServerUnderTest.adminPassword;
import static org.netarchive.ee.it.ServerUnderTest.asUser;
import static org.netarchive.ee.it.ServerUnderTest.request;
import static org.netarchive.ee.it.ServerUnderTest.send;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A JBeret job of the EAR, started through the REST API, runs to completion. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class BatchJobSmokeIT {

  @Test
  void givenAdmin_whenStartingVerifySchema_thenTheJobCompletesWithSchemaUpToDate()
      throws Exception {
    HttpResponse<String> started =
        send(
            asUser(request(HTTP + "/api/system/batch/verify-schema"), ADMIN, adminPassword())
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());

    assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
    String location = started.headers().firstValue("Location").orElseThrow();

    JsonObject execution = awaitEnd(location, Duration.ofSeconds(60));
    assertThat(execution.getString("jobName")).isEqualTo("verify-schema");
    assertThat(execution.getString("status")).isEqualTo("COMPLETED");
    assertThat(execution.getString("exitStatus"))
        .startsWith("UP_TO_DATE version " + ServerUnderTest.latestSchemaVersion() + ",");
  }

  @Test
  void givenUnknownJob_whenStarting_thenBadRequestNamesIt() throws Exception {
    HttpResponse<String> response =
        send(
            asUser(request(HTTP + "/api/system/batch/no-such-job"), ADMIN, adminPassword())
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("no-such-job", "verify-schema");
  }

  private static JsonObject awaitEnd(String location, Duration within) throws Exception {
    java.util.concurrent.atomic.AtomicReference<JsonObject> last =
        new java.util.concurrent.atomic.AtomicReference<>();
    await()
        .atMost(within)
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(
            () -> {
              HttpResponse<String> response =
                  send(asUser(request(location), ADMIN, adminPassword()).GET().build());
              assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
              JsonObject execution =
                  Json.createReader(new StringReader(response.body())).readObject();
              last.set(execution);
              assertThat(execution.getString("status"))
                  .as("batch job still running: %s", execution)
                  .isNotIn("STARTING", "STARTED");
            });
    return last.get();
  }
}
