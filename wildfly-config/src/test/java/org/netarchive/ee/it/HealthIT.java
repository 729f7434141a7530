package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.ServerUnderTest.HTTP;
import static org.netarchive.ee.it.ServerUnderTest.MANAGEMENT;
import static org.netarchive.ee.it.ServerUnderTest.request;
import static org.netarchive.ee.it.ServerUnderTest.send;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The health for load balancers: /api/health answers without login, UP with its checks. (A failing
 * check, 503 naming it, is HealthTest's: the shared server's database and broker cannot be stopped
 * under the other tests.)
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HealthIT {

  @Test
  void givenNoLogin_whenAskingForTheHealth_thenUpWithEachCheck() throws Exception {
    Instant start = Instant.now();
    HttpResponse<String> response = send(request(HTTP + "/api/health").GET().build());
    Duration took = Duration.between(start, Instant.now());

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue("Cache-Control").orElse("")).contains("no-store");
    JsonObject health = Api.json(response);
    assertThat(health.getString("status")).isEqualTo("UP");
    assertThat(health.getJsonArray("checks").stream().map(JsonValue::asJsonObject))
        .extracting(c -> c.getString("name") + " " + c.getString("status"))
        .containsExactly("database UP", "broker UP", "schema UP");
    assertThat(response.body()).doesNotContainIgnoringCase("jdbc:").doesNotContain("password");
    System.out.println("GET /api/health took " + took.toMillis() + " ms");
  }

  @Test
  void givenTheManagementPort_whenAskingWildFlysOwnHealth_thenThereIsNone() throws Exception {
    // The microprofile-health layer is not provisioned: /api/health is the one health endpoint.
    HttpResponse<String> response = send(request(MANAGEMENT + "/health").GET().build());

    assertThat(response.statusCode()).isEqualTo(404);
  }
}
