package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The fresh server starts for the first time without NAS_ADMIN_PASSWORD, as a new installation
 * does: the random admin password is in an owner-only file and in none of the server's logs, nor
 * among the recent warnings the System page and its API show.
 */
@Tag("fresh-server")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class FirstStartIT {

  @Test
  void givenFirstStartWithoutAPassword_whenStarted_thenTheAdminPasswordIsInAnOwnerOnlyFileOnly()
      throws Exception {
    Path file = ServerUnderTest.adminPasswordFile();
    String password = ServerUnderTest.adminPassword();

    assertThat(password).hasSize(20);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    HttpResponse<String> status = Api.admin().get("/api/system/status");
    assertThat(status.statusCode()).as(status.body()).isEqualTo(200);
    assertThat(status.body())
        .contains("Created the first administrator account 'admin'; its password is in ")
        .doesNotContain(password);
    List<Path> logs;
    try (Stream<Path> files = Files.walk(ServerUnderTest.serverLog().getParent())) {
      logs = files.filter(Files::isRegularFile).toList();
    }
    assertThat(logs).contains(ServerUnderTest.serverLog());
    for (Path log : logs) {
      assertThat(Files.readString(log, StandardCharsets.ISO_8859_1))
          .as("%s", log)
          .doesNotContain(password);
    }
  }
}
