package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

/**
 * A REST client of the tests, logged in as one account of a server (the shared one unless said).
 */
final class Api {

  private final String http;
  private final String user;
  private final String password;

  private Api(String http, String user, String password) {
    this.http = http;
    this.user = user;
    this.password = password;
  }

  static Api admin() {
    return new Api(ServerUnderTest.HTTP, ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
  }

  /** The admin of a server of a test's own, e.g. http://127.0.0.1:8380. */
  static Api admin(String http, String password) {
    return new Api(http, ServerUnderTest.ADMIN, password);
  }

  /** A fresh account with the given role, created by the admin. */
  static Api newAccount(String role) throws Exception {
    String name = role + "-" + UUID.randomUUID().toString().substring(0, 8);
    String password = "pw-" + UUID.randomUUID();
    HttpResponse<String> created =
        admin()
            .post(
                "/api/accounts",
                Json.createObjectBuilder()
                    .add("username", name)
                    .add("password", password)
                    .add("roles", Json.createArrayBuilder().add(role))
                    .build());
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    return new Api(ServerUnderTest.HTTP, name, password);
  }

  /** The account's user name. */
  String user() {
    return user;
  }

  /** The account's password. */
  String password() {
    return password;
  }

  HttpResponse<String> get(String path) throws Exception {
    return ServerUnderTest.send(request(path).GET().build());
  }

  HttpResponse<String> post(String path, JsonValue body) throws Exception {
    return post(path, "application/json", body.toString());
  }

  HttpResponse<String> postText(String path, String body) throws Exception {
    return post(path, "text/plain; charset=UTF-8", body);
  }

  /** POSTs a text of the given media type, e.g. a CSV file as text/csv. */
  HttpResponse<String> post(String path, String contentType, String body) throws Exception {
    return send("POST", path, contentType, HttpRequest.BodyPublishers.ofString(body));
  }

  /** A name as one segment of a path: spaces and other reserved characters escaped. */
  static String segment(String name) {
    try {
      return new java.net.URI(null, null, name, null).getRawPath().replace("/", "%2F");
    } catch (java.net.URISyntaxException e) {
      throw new IllegalArgumentException(name, e);
    }
  }

  HttpResponse<String> put(String path, JsonValue body) throws Exception {
    return send(
        "PUT", path, "application/json", HttpRequest.BodyPublishers.ofString(body.toString()));
  }

  /** PUTs a body of the given media type, e.g. a crawler-beans.cxml as application/xml. */
  HttpResponse<String> put(String path, String contentType, byte[] body) throws Exception {
    return send("PUT", path, contentType, HttpRequest.BodyPublishers.ofByteArray(body));
  }

  /** PUTs a text as {@code application/xml; charset=UTF-8}. */
  HttpResponse<String> putXml(String path, String xml) throws Exception {
    return put(path, "application/xml; charset=UTF-8", xml.getBytes(StandardCharsets.UTF_8));
  }

  HttpResponse<String> delete(String path) throws Exception {
    return ServerUnderTest.send(request(path).DELETE().build());
  }

  /** POSTs without a body, e.g. to activate something. */
  HttpResponse<String> post(String path) throws Exception {
    return ServerUnderTest.send(request(path).POST(HttpRequest.BodyPublishers.noBody()).build());
  }

  /** GETs the body as it is, without decoding it. */
  HttpResponse<byte[]> getBytes(String path) throws Exception {
    return ServerUnderTest.http()
        .send(request(path).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  /** A request of this account, for what the methods above do not cover (headers, raw bodies). */
  HttpRequest.Builder requestFor(String path) {
    return request(path);
  }

  /** Sends a body of a media type with a method, POST or PUT. */
  private HttpResponse<String> send(
      String method, String path, String contentType, HttpRequest.BodyPublisher body)
      throws Exception {
    return ServerUnderTest.send(
        request(path).header("Content-Type", contentType).method(method, body).build());
  }

  private HttpRequest.Builder request(String path) {
    return ServerUnderTest.asUser(ServerUnderTest.request(http + path), user, password);
  }

  static jakarta.json.JsonArray jsonArray(HttpResponse<String> response) {
    return Json.createReader(new StringReader(response.body())).readArray();
  }

  static JsonObject json(HttpResponse<String> response) {
    return Json.createReader(new StringReader(response.body())).readObject();
  }

  /**
   * Starts a batch job through the archive's API ({@code POST /api/archive/batches}) and waits at
   * most {@code within} for it to end, DONE or FAILED; the run as the API shows it.
   */
  JsonObject batch(JsonObject request, Duration within) throws Exception {
    HttpResponse<String> started = post("/api/archive/batches", request);
    assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
    return await(
        "/api/archive/batches/" + json(started).getString("id"),
        b -> b.getString("state").equals("DONE") || b.getString("state").equals("FAILED"),
        within);
  }

  /**
   * Starts an audit of a replica ({@code POST /api/preservation/audits}, kind {@code checksum} or
   * {@code list}), waits at most {@code within} for it to end and asserts that it COMPLETED; the
   * run as the API shows it.
   */
  JsonObject completedAudit(String replica, String kind, Duration within) throws Exception {
    HttpResponse<String> started =
        post(
            "/api/preservation/audits",
            Json.createObjectBuilder().add("replica", replica).add("kind", kind).build());
    assertThat(started.statusCode()).as(started.body()).isEqualTo(201);
    JsonObject run =
        await(
            "/api/preservation/audits/" + json(started).getJsonNumber("id").longValue(),
            r -> !r.getString("status").equals("RUNNING"),
            within);
    assertThat(run.getString("status")).as(run.toString()).isEqualTo("COMPLETED");
    return run;
  }

  /** The names of a replica's copies that the last audits found in a state, e.g. CORRUPT. */
  java.util.List<String> copiesIn(String replica, String state) throws Exception {
    HttpResponse<String> response =
        get("/api/preservation/replicas/" + replica + "/copies?state=" + state + "&size=1000");
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return jsonArray(response).stream().map(v -> v.asJsonObject().getString("fileName")).toList();
  }

  /** GETs {@code path} until {@code done} holds for the JSON answer, at most {@code within}. */
  JsonObject await(String path, java.util.function.Predicate<JsonObject> done, Duration within)
      throws Exception {
    return org.awaitility.Awaitility.await(path)
        .atMost(within)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () -> {
              HttpResponse<String> response = get(path);
              assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
              return json(response);
            },
            done);
  }
}
