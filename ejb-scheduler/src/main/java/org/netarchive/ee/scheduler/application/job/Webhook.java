package org.netarchive.ee.scheduler.application.job;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * The URL notifications are posted to as JSON ({@link Notification#toJson()}). Its path or query
 * may hold a token, so only {@link #redacted()} (scheme, host and port) is ever logged or shown.
 * The JDK's HTTP client, with a connect and a response timeout, and no redirects followed.
 */
public final class Webhook {

  /** How long connecting may take. */
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

  /** How long the receiver may take to answer. */
  static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(10);

  private static final HttpClient CLIENT =
      HttpClient.newBuilder()
          .connectTimeout(CONNECT_TIMEOUT)
          .followRedirects(HttpClient.Redirect.NEVER)
          .build();

  private final URI uri;

  private Webhook(URI uri) {
    this.uri = uri;
  }

  /**
   * A webhook URL, checked.
   *
   * @throws IllegalArgumentException naming the value if it is not an absolute http(s) URL with a
   *     host
   */
  public static Webhook of(String url) {
    URI uri;
    try {
      uri = new URI(url.strip());
    } catch (URISyntaxException e) {
      throw new RuleViolation(null, Text.of("webhook.notUrl", url, e.getMessage()));
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase();
    if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
      throw new RuleViolation(null, Text.of("webhook.notHttp", url));
    }
    return new Webhook(uri);
  }

  /** Scheme, host and port: what may be logged. */
  public String redacted() {
    return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
  }

  /**
   * Posts a JSON document.
   *
   * @return null if the receiver answered 2xx, otherwise what went wrong (without the URL)
   */
  public String post(String json) {
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .timeout(RESPONSE_TIMEOUT)
            .header("Content-Type", "application/json")
            .header("User-Agent", "Netarchive EE notifications")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build();
    try {
      HttpResponse<Void> response = CLIENT.send(request, HttpResponse.BodyHandlers.discarding());
      int status = response.statusCode();
      return status >= 200 && status < 300 ? null : "HTTP " + status;
    } catch (HttpTimeoutException e) {
      return "no answer within the timeout (" + e.getClass().getSimpleName() + ")";
    } catch (IOException e) {
      return e.getClass().getSimpleName() + without(e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  private String without(String message) {
    if (message == null || message.isBlank()) {
      return "";
    }
    return ": " + message.replace(uri.toString(), redacted());
  }
}
