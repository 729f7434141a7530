package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import java.net.CookieManager;
import java.net.InetAddress;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Wrong passwords slow down the address they come from, not the account: the server listens on
 * 127.0.0.1, and the guesses come from other loopback addresses (the client binds 127.0.0.2 or
 * 127.0.0.3 as its source), so the server sees two clients.
 *
 * <p>Tagged database-neutral: the failures are counted in memory; logging in against PostgreSQL is
 * what every other test of that pass does.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class LoginThrottlingIT {

  private static final int FREE_FAILURES = 10;

  @Test
  void givenTenWrongPasswordsFromOneAddress_whenLoggingInThroughTheApi_thenOnlyThatAddressWaits()
      throws Exception {
    Api owner = viewerWhoLoggedIn();
    HttpClient guesser = clientFrom("127.0.0.2");

    for (int i = 0; i < FREE_FAILURES; i++) {
      HttpResponse<String> wrong = status(guesser, owner.user(), "wrong-password-" + i);
      assertThat(wrong.statusCode()).as(wrong.body()).isEqualTo(401);
    }
    HttpResponse<String> refused = status(guesser, owner.user(), owner.password());

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(429);
    assertThat(json(refused).getString("detail"))
        .startsWith("Too many failed logins from this address (127.0.0.2); try again in ")
        .endsWith(" s");
    long retryAfter = Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
    assertThat(retryAfter).isBetween(1L, 30L);
    HttpResponse<String> fromOwnAddress = owner.get("/api/system/status");
    assertThat(fromOwnAddress.statusCode()).as(fromOwnAddress.body()).isEqualTo(200);
    assertThat(ServerUnderTest.serverLogText())
        .contains("Failed login number 10 from address 127.0.0.2 (account '" + owner.user() + "')")
        .doesNotContain("wrong-password-");
  }

  @Test
  void givenTenWrongPasswordsFromOneAddress_whenLoggingInWithTheForm_thenThePageSaysWhyAndWhen()
      throws Exception {
    Api viewer = viewerWhoLoggedIn();
    HttpClient browser = formClientFrom("127.0.0.3");
    browser.send(
        ServerUnderTest.request(ServerUnderTest.HTTP + "/login.xhtml").GET().build(),
        HttpResponse.BodyHandlers.ofString());

    for (int i = 0; i < FREE_FAILURES; i++) {
      HttpResponse<String> wrong = logIn(browser, viewer.user(), "wrong-password-" + i);
      assertThat(wrong.body()).contains("Wrong user name or password");
    }
    HttpResponse<String> refused = logIn(browser, viewer.user(), viewer.password());

    assertThat(refused.uri().getPath()).isEqualTo("/login.xhtml");
    assertThat(refused.body())
        .contains("Too many failed logins from this address; try again in ")
        .doesNotContain("Wrong user name or password");
    // The account itself is not locked: its owner still logs in from their own address.
    HttpResponse<String> owner = viewer.get("/api/system/status");
    assertThat(owner.statusCode()).as(owner.body()).isEqualTo(200);
  }

  /**
   * A fresh viewer account (failures on a shared one, the admin's, from other tests would count
   * too) whose owner has logged in from 127.0.0.1 before any guessing starts.
   */
  private static Api viewerWhoLoggedIn() throws Exception {
    Api viewer = Api.newAccount("viewer");
    assertThat(viewer.get("/api/system/status").statusCode()).isEqualTo(200);
    return viewer;
  }

  private static HttpClient clientFrom(String address) throws Exception {
    return HttpClient.newBuilder()
        .localAddress(InetAddress.getByName(address))
        .connectTimeout(Duration.ofSeconds(10))
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();
  }

  private static HttpClient formClientFrom(String address) throws Exception {
    return HttpClient.newBuilder()
        .localAddress(InetAddress.getByName(address))
        .cookieHandler(new CookieManager())
        .connectTimeout(Duration.ofSeconds(10))
        .followRedirects(HttpClient.Redirect.NORMAL)
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

  private static HttpResponse<String> logIn(HttpClient browser, String user, String password)
      throws Exception {
    String form =
        "j_username="
            + URLEncoder.encode(user, StandardCharsets.UTF_8)
            + "&j_password="
            + URLEncoder.encode(password, StandardCharsets.UTF_8);
    return browser.send(
        ServerUnderTest.request(ServerUnderTest.HTTP + "/j_security_check")
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
