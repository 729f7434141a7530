package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.ServerUnderTest.ADMIN;
import static org.netarchive.ee.it.ServerUnderTest.HTTP;
import static org.netarchive.ee.it.ServerUnderTest.adminPassword;
import static org.netarchive.ee.it.ServerUnderTest.asUser;
import static org.netarchive.ee.it.ServerUnderTest.request;
import static org.netarchive.ee.it.ServerUnderTest.send;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.http.HttpResponse;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The EAR is deployed and healthy, the UI asks for a login, the API answers logged-in users. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class DeploymentSmokeIT {

  @Test
  void givenProvisionedServer_whenStarted_thenEarIsDeployedAndEnabled() throws Exception {
    ModelNode op = ServerUnderTest.operation("read-attribute", "deployment", "netarchive.ear");
    op.get("name").set("status");

    ModelNode result = ServerUnderTest.management(op);

    assertThat(result.get("outcome").asString()).isEqualTo("success");
    assertThat(result.get("result").asString()).isEqualTo("OK");
  }

  @Test
  void givenNoLogin_whenOpeningTheAdminUi_thenTheLoginPageIsShown() throws Exception {
    HttpResponse<String> page = send(request(HTTP + "/").GET().build());

    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.body())
        .contains("j_security_check", "j_username", "j_password", "Netarchive EE");
  }

  @Test
  void givenNoCredentials_whenCallingTheApi_thenUnauthorizedWithJsonError() throws Exception {
    HttpResponse<String> response = send(request(HTTP + "/api/system/status").GET().build());

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.headers().firstValue("WWW-Authenticate"))
        .hasValueSatisfying(v -> assertThat(v).startsWith("Basic"));
    assertThat(response.body()).contains("\"status\":401", "HTTP Basic");
  }

  @Test
  void givenWrongPassword_whenCallingTheApi_thenUnauthorized() throws Exception {
    HttpResponse<String> response =
        send(asUser(request(HTTP + "/api/system/status"), ADMIN, "not-the-password").GET().build());

    assertThat(response.statusCode()).isEqualTo(401);
  }

  @Test
  void givenAdmin_whenReadingSystemStatus_thenEnvironmentAndUpToDateSchemaAreReported()
      throws Exception {
    HttpResponse<String> response =
        send(asUser(request(HTTP + "/api/system/status"), ADMIN, adminPassword()).GET().build());

    assertThat(response.statusCode()).isEqualTo(200);
    JsonObject status = Json.createReader(new StringReader(response.body())).readObject();
    assertThat(status.getString("environment")).isEqualTo(ServerUnderTest.ENVIRONMENT);
    assertThat(status.getBoolean("schemaUpToDate")).isTrue();
    assertThat(status.getString("schemaVersion")).isEqualTo(ServerUnderTest.latestSchemaVersion());
  }

  @Test
  void givenAgentAccount_whenCallingTheApi_thenForbidden() throws Exception {
    HttpResponse<String> response =
        send(
            asUser(
                    request(HTTP + "/api/system/status"),
                    ServerUnderTest.AGENT,
                    ServerUnderTest.agentPassword())
                .GET()
                .build());

    assertThat(response.statusCode()).isEqualTo(403);
  }

  @Test
  void givenDeployedApi_whenFetchingOpenApiDocument_thenItDescribesTheRestApi() throws Exception {
    HttpResponse<String> document = send(request(HTTP + "/openapi").GET().build());

    assertThat(document.statusCode()).isEqualTo(200);
    assertThat(document.body())
        .contains("openapi: 3.", "/api/domains", "/api/domains/bulk", "/api/templates");
  }
}
