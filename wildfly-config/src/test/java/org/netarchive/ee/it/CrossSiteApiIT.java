package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;

import jakarta.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The REST API's rules against cross-site request forgery and forged Host headers: a change made
 * with the admin UI's session cookie needs a same-origin Origin (or Referer) and the header
 * X-Requested-With; HTTP Basic clients need neither; a Host that is not the server's is refused.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class CrossSiteApiIT {

  private final Api admin = Api.admin();

  private static String uniqueDomain() {
    return "it-csrf-" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
  }

  /** A client holding the admin UI's session cookie, logged in through the login form. */
  private static HttpClient loggedInSession() throws Exception {
    HttpClient session =
        HttpClient.newBuilder()
            .cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    HttpResponse<String> loginPage =
        session.send(
            ServerUnderTest.request(ServerUnderTest.HTTP + "/").GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(loginPage.body()).contains("login-form");
    String form =
        "j_username="
            + URLEncoder.encode(ServerUnderTest.ADMIN, StandardCharsets.UTF_8)
            + "&j_password="
            + URLEncoder.encode(ServerUnderTest.adminPassword(), StandardCharsets.UTF_8);
    HttpResponse<String> loggedIn =
        session.send(
            ServerUnderTest.request(ServerUnderTest.HTTP + "/j_security_check")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(loggedIn.statusCode()).as(loggedIn.body()).isEqualTo(302);
    HttpResponse<String> status =
        session.send(
            ServerUnderTest.request(ServerUnderTest.HTTP + "/api/system/status").GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(status.statusCode()).as("the session reads the API").isEqualTo(200);
    return session;
  }

  private static HttpRequest.Builder newDomain(String name) {
    return ServerUnderTest.request(ServerUnderTest.HTTP + "/api/domains")
        .header("Content-Type", "application/json")
        .POST(
            HttpRequest.BodyPublishers.ofString(
                Json.createObjectBuilder().add("name", name).build().toString()));
  }

  private static HttpResponse<String> send(HttpClient client, HttpRequest.Builder request)
      throws Exception {
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void givenSessionCookie_whenChangingWithoutSameOriginProof_thenRefusedAndNothingChanged()
      throws Exception {
    HttpClient session = loggedInSession();
    String bare = uniqueDomain();
    String onlyHeader = uniqueDomain();
    String foreign = uniqueDomain();

    HttpResponse<String> withoutProof = send(session, newDomain(bare));
    HttpResponse<String> withoutOrigin =
        send(session, newDomain(onlyHeader).header("X-Requested-With", "XMLHttpRequest"));
    HttpResponse<String> fromForeignOrigin =
        send(
            session,
            newDomain(foreign)
                .header("Origin", "http://127.0.0.1:9")
                .header("X-Requested-With", "XMLHttpRequest"));
    HttpResponse<String> seedsAsText =
        send(
            session,
            ServerUnderTest.request(ServerUnderTest.HTTP + "/api/domains/bulk?source=form")
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString(uniqueDomain() + "\n")));

    assertThat(withoutProof.statusCode()).as(withoutProof.body()).isEqualTo(403);
    assertThat(withoutProof.headers().firstValue("Content-Type"))
        .hasValue("application/problem+json;charset=UTF-8");
    assertThat(json(withoutProof).getString("detail"))
        .contains("Origin or Referer header of this origin")
        .contains("X-Requested-With")
        .contains("HTTP Basic");
    assertThat(json(withoutProof).getString("field")).isEqualTo("Origin");
    assertThat(withoutOrigin.statusCode()).as(withoutOrigin.body()).isEqualTo(403);
    assertThat(json(withoutOrigin).getString("detail"))
        .contains("Origin or Referer")
        .doesNotContain("X-Requested-With");
    assertThat(fromForeignOrigin.statusCode()).as(fromForeignOrigin.body()).isEqualTo(403);
    assertThat(json(fromForeignOrigin).getString("detail"))
        .contains("another origin (http://127.0.0.1:9)");
    assertThat(seedsAsText.statusCode()).as(seedsAsText.body()).isEqualTo(403);
    for (String name : new String[] {bare, onlyHeader, foreign}) {
      assertThat(admin.get("/api/domains/" + name).statusCode()).as(name).isEqualTo(404);
    }
  }

  @Test
  void givenSessionCookie_whenChangingWithOriginOrRefererAndHeader_thenAccepted() throws Exception {
    HttpClient session = loggedInSession();
    String byOrigin = uniqueDomain();
    String byReferer = uniqueDomain();

    HttpResponse<String> withOrigin =
        send(
            session,
            newDomain(byOrigin)
                .header("Origin", ServerUnderTest.HTTP)
                .header("X-Requested-With", "XMLHttpRequest"));
    HttpResponse<String> withReferer =
        send(
            session,
            newDomain(byReferer)
                .header("Referer", ServerUnderTest.HTTP + "/definitions/domains.xhtml")
                .header("X-Requested-With", "fetch"));
    HttpResponse<String> withoutHeader =
        send(session, newDomain(uniqueDomain()).header("Origin", ServerUnderTest.HTTP));

    assertThat(withOrigin.statusCode()).as(withOrigin.body()).isEqualTo(201);
    assertThat(withReferer.statusCode()).as(withReferer.body()).isEqualTo(201);
    assertThat(admin.get("/api/domains/" + byOrigin).statusCode()).isEqualTo(200);
    assertThat(admin.get("/api/domains/" + byReferer).statusCode()).isEqualTo(200);
    assertThat(withoutHeader.statusCode()).as(withoutHeader.body()).isEqualTo(403);
    assertThat(json(withoutHeader).getString("field")).isEqualTo("X-Requested-With");
  }

  @Test
  void givenBasicCredentials_whenChangingWithoutOriginOrHeader_thenAccepted() throws Exception {
    String name = uniqueDomain();

    HttpResponse<String> created =
        admin.post("/api/domains", Json.createObjectBuilder().add("name", name).build());

    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    assertThat(created.headers().firstValue("Location"))
        .hasValue(ServerUnderTest.HTTP + "/api/domains/" + name);
  }

  @Test
  void givenForgedHost_whenCreating_thenRefusedWithoutLocationAndNothingCreated() throws Exception {
    String name = uniqueDomain();
    String body = Json.createObjectBuilder().add("name", name).build().toString();

    String forged = rawPost("attacker.example", "/api/domains", body);
    String forgedWithPort = rawPost("attacker.example:8180", "/api/domains", body);
    String byLocalhost = rawPost("localhost:" + port(), "/api/domains", body);

    assertThat(forged).startsWith("HTTP/1.1 400").doesNotContainIgnoringCase("Location:");
    assertThat(forged)
        .contains("Host 'attacker.example' is not a name of this server")
        .contains("NAS_PUBLIC_HOSTS")
        .contains("\"field\":\"Host\"");
    assertThat(forgedWithPort).startsWith("HTTP/1.1 400");
    assertThat(byLocalhost)
        .startsWith("HTTP/1.1 201")
        .contains("Location: http://localhost:" + port() + "/api/domains/" + name);
  }

  private static int port() {
    return URI.create(ServerUnderTest.HTTP).getPort();
  }

  /**
   * POSTs JSON as the admin with the given Host header, over a plain socket: Java's HTTP client
   * always sends the address's own host. Answers the whole response as text.
   */
  private static String rawPost(String host, String path, String json) throws Exception {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    String token =
        Base64.getEncoder()
            .encodeToString(
                (ServerUnderTest.ADMIN + ":" + ServerUnderTest.adminPassword())
                    .getBytes(StandardCharsets.UTF_8));
    try (Socket socket = new Socket("127.0.0.1", port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST "
                  + path
                  + " HTTP/1.1\r\nHost: "
                  + host
                  + "\r\nAuthorization: Basic "
                  + token
                  + "\r\nContent-Type: application/json\r\nContent-Length: "
                  + body.length
                  + "\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      in.transferTo(answer);
      return answer.toString(StandardCharsets.UTF_8);
    }
  }
}
