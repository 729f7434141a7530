package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import java.net.InetAddress;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Wrong passwords slow down the address they come from, not the account: the server listens on
 * 127.0.0.1, and the guesses come from other loopback addresses (the client binds 127.0.0.2 or
 * 127.0.0.3 as its source), so the server sees two clients.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LoginThrottlingIT {

  private static final int FREE_FAILURES = 10;

  @Test
  void givenTenWrongPasswordsFromOneAddress_whenLoggingInThroughTheApi_thenOnlyThatAddressWaits()
      throws Exception {
    Api admin = Api.admin();
    // The admin has logged in from 127.0.0.1 before the guessing starts.
    assertThat(admin.get("/api/system/status").statusCode()).isEqualTo(200);
    HttpClient guesser = clientFrom("127.0.0.2");

    for (int i = 0; i < FREE_FAILURES; i++) {
      HttpResponse<String> wrong = status(guesser, ServerUnderTest.ADMIN, "wrong-password-" + i);
      assertThat(wrong.statusCode()).as(wrong.body()).isEqualTo(401);
    }
    HttpResponse<String> refused =
        status(guesser, ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(429);
    assertThat(json(refused).getString("detail"))
        .startsWith("Too many failed logins from this address (127.0.0.2); try again in ")
        .endsWith(" s");
    long retryAfter = Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
    assertThat(retryAfter).isBetween(1L, 30L);
    HttpResponse<String> owner = admin.get("/api/system/status");
    assertThat(owner.statusCode()).as(owner.body()).isEqualTo(200);
    assertThat(ServerUnderTest.serverLogText())
        .contains("Failed login number 10 from address 127.0.0.2 (account 'admin')")
        .doesNotContain("wrong-password-");
  }

  private static HttpClient clientFrom(String address) throws Exception {
    return HttpClient.newBuilder()
        .localAddress(InetAddress.getByName(address))
        .connectTimeout(Duration.ofSeconds(10))
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();
  }

  private static HttpResponse<String> status(HttpClient client, String user, String password)
      throws Exception {
    return client.send(
        ServerUnderTest.asUser(
                ServerUnderTest.request(ServerUnderTest.HTTP + "/api/system/status"),
                user,
                password)
            .GET()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
