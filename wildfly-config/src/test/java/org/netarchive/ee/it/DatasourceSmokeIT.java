package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import java.io.StringReader;
import java.net.http.HttpResponse;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The application's datasource connects, to the database the environment selects. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class DatasourceSmokeIT {

  @Test
  void givenDatasource_whenTestingAConnection_thenItSucceeds() throws Exception {
    ModelNode testConnection =
        ServerUnderTest.operation(
            "test-connection-in-pool", "subsystem", "datasources", "data-source", "NetarchiveDS");

    ModelNode result = ServerUnderTest.management(testConnection);

    assertThat(result.get("outcome").asString()).as(result.toString()).isEqualTo("success");
  }

  @Test
  void givenDatabaseKind_whenReadingSystemStatus_thenTheApplicationUsesThatDatabase()
      throws Exception {
    HttpResponse<String> response =
        ServerUnderTest.send(
            ServerUnderTest.asUser(
                    ServerUnderTest.request(ServerUnderTest.HTTP + "/api/system/status"),
                    ServerUnderTest.ADMIN,
                    ServerUnderTest.adminPassword())
                .GET()
                .build());

    String database =
        Json.createReader(new StringReader(response.body())).readObject().getString("database");
    assertThat(database)
        .startsWith(ServerUnderTest.databaseKind().equals("postgresql") ? "PostgreSQL" : "H2");
  }
}
