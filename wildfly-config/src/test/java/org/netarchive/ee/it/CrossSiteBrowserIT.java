package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;
import static org.netarchive.ee.it.Api.segment;

import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

/**
 * The admin UI's defences in a real browser: the security headers and the session cookie's SameSite
 * on its pages, and a foreign page (another origin on loopback) that posts to the API and to a page
 * of the UI with the logged-in user's session, refused without changing anything.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only; it checks headers and refusals before any
 * service runs; CrossSiteApiIT runs on PostgreSQL.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag("database-neutral")
class CrossSiteBrowserIT {

  private final Api admin = Api.admin();

  @Test
  void givenLoggedIn_whenOpeningAPage_thenSecurityHeadersAndALaxSessionCookie() throws Exception {
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      driver.get(ServerUnderTest.HTTP + "/definitions/domains.xhtml");
      browser.await(By.id("list"));

      @SuppressWarnings("unchecked")
      Map<String, Object> page =
          (Map<String, Object>) headersOf(driver, "/definitions/domains.xhtml");
      @SuppressWarnings("unchecked")
      Map<String, Object> api = (Map<String, Object>) headersOf(driver, "/api/system/status");

      String policy = (String) page.get("content-security-policy");
      assertThat(policy).contains("frame-ancestors 'none'").contains("object-src 'none'");
      String scripts = policy.substring(policy.indexOf("script-src"));
      assertThat(scripts).startsWith("script-src 'self' 'nonce-").doesNotContain("unsafe");
      assertThat(page)
          .containsEntry("x-frame-options", "DENY")
          .containsEntry("x-content-type-options", "nosniff")
          .containsEntry("referrer-policy", "same-origin");
      assertThat((String) api.get("content-security-policy")).startsWith("default-src 'none'");
      assertThat(api)
          .containsEntry("x-frame-options", "DENY")
          .containsEntry("x-content-type-options", "nosniff")
          .containsEntry("referrer-policy", "same-origin");
      assertThat(driver.manage().getCookieNamed("JSESSIONID").getSameSite()).isEqualTo("Lax");
      assertThat(((JavascriptExecutor) driver).executeScript("return !!window.PrimeFaces"))
          .as("PrimeFaces' scripts ran under the policy")
          .isEqualTo(true);
      assertThat(browser.contentSecurityViolations()).isEmpty();
    }
  }

  @Test
  void givenLoggedIn_whenAForeignPagePostsToTheApiAndTheUi_thenRefusedAndNothingChanged()
      throws Exception {
    String harvest = "CSRF target " + UUID.randomUUID().toString().substring(0, 8);
    HttpResponse<String> created =
        admin.post(
            "/api/harvests/selective", Json.createObjectBuilder().add("name", harvest).build());
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    String byFetch = "it-csrf-" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
    String byForm = "it-csrf-" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
    String seeds = ServerUnderTest.HTTP + "/api/harvests/" + segment(harvest) + "/seeds";
    // A text/plain form sends "name=value": the name is a seed up to '?', the rest its query.
    String apiPage =
        "<html><body><form id='f' method='post' enctype='text/plain' action='"
            + seeds
            + "'><input type='hidden' name='http://www."
            + byForm
            + "/?a' value='b'></form><script>"
            + "fetch('"
            + seeds
            + "', {method: 'POST', mode: 'no-cors', credentials: 'include',"
            + " headers: {'Content-Type': 'text/plain'}, body: 'http://www."
            + byFetch
            + "/'}).finally(() => document.getElementById('f').submit());"
            + "</script></body></html>";
    String uiPage =
        "<html><body><form id='f' method='post' action='"
            + ServerUnderTest.HTTP
            + "/definitions/create-domains.xhtml'><input type='hidden' name='domains'"
            + " value='x.dk'></form><script>document.getElementById('f').submit();</script>"
            + "</body></html>";
    HttpServer foreign = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    foreign.createContext("/api.html", e -> serve(e, apiPage));
    foreign.createContext("/ui.html", e -> serve(e, uiPage));
    foreign.start();
    String foreignOrigin = "http://127.0.0.1:" + foreign.getAddress().getPort();
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());

      driver.get(foreignOrigin + "/api.html");
      String apiAnswer = refusalShown(driver);
      driver.get(foreignOrigin + "/ui.html");
      String uiAnswer = refusalShown(driver);

      assertThat(apiAnswer).contains("another origin (" + foreignOrigin + ")");
      assertThat(uiAnswer).contains("another origin (" + foreignOrigin + ")");
      assertThat(
              json(admin.get("/api/harvests/" + segment(harvest)))
                  .getJsonNumber("configurationCount")
                  .longValue())
          .isZero();
      assertThat(admin.get("/api/domains/" + byFetch).statusCode()).isEqualTo(404);
      assertThat(admin.get("/api/domains/" + byForm).statusCode()).isEqualTo(404);
    } finally {
      foreign.stop(0);
    }
  }

  /** Waits for the browser to show the server's answer to the foreign form, and returns it. */
  private static String refusalShown(WebDriver driver) {
    return Browser.waitUpTo(driver, Duration.ofSeconds(30))
        .until(
            d ->
                d.getCurrentUrl().startsWith(ServerUnderTest.HTTP)
                    ? d.findElement(By.tagName("body")).getText()
                    : null);
  }

  private static void serve(com.sun.net.httpserver.HttpExchange exchange, String page)
      throws java.io.IOException {
    byte[] body = page.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/html; charset=UTF-8");
    exchange.sendResponseHeaders(200, body.length);
    try (var out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  /** The response headers of a GET of {@code path} by the browser, names in lower case. */
  private static Object headersOf(WebDriver driver, String path) {
    return ((JavascriptExecutor) driver)
        .executeAsyncScript(
            "const done = arguments[arguments.length - 1];"
                + "fetch(arguments[0], {credentials: 'same-origin'})"
                + ".then(r => { const h = {}; r.headers.forEach((v, k) => h[k] = v); done(h); })"
                + ".catch(e => done({failed: String(e)}));",
            path);
  }
}
