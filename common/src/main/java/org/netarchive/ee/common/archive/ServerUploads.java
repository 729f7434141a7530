package org.netarchive.ee.common.archive;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import org.netarchive.ee.common.message.RemoteFileRef;

/**
 * The harvester agent's {@link FileExchange}: each file is uploaded to the server ({@code PUT
 * <server>/api/transfers/uploads/{fileName}}, HTTP Basic as the agents' account), which verifies
 * its length and SHA-512, stages it and answers with its own offer of it to the replicas. So the
 * agent opens every connection itself and listens on no port. The body is streamed from disk,
 * chunked (the server's request size limit for the UI does not apply to it). A file whose checksum
 * is not known yet ({@link #offer(Path)}, the archive client's stores) is hashed while it is sent,
 * and the server stages it when this client confirms that checksum ({@code POST
 * .../uploads/{fileName}/received/{id}}), so the file is read once, not twice.
 *
 * <p>An upload has a deadline proportional to the file's size ({@link #uploadTimeout}): a server
 * that stops reading mid-body, or a network that stalls, fails the upload with a message naming the
 * file and the address instead of holding the agent's store for ever.
 *
 * <p>The server deletes a staged file once every replica holds it, so {@link #withdraw} has nothing
 * to do. An agent receives no deliveries: {@link #expect} is refused.
 */
public final class ServerUploads implements FileExchange {

  /** The uploads' path under the server's root. */
  public static final String PATH = "/api/transfers/uploads/";

  /**
   * The agent's setting naming the certificates it trusts for an {@code https} server (named in the
   * message when the server's certificate is not trusted).
   */
  public static final String TRUSTED_CERTIFICATES = "archive.server.trustedCertificates";

  /** The slowest upload waited for by default, in bytes per second (1 GB in under 17 min). */
  public static final long DEFAULT_MIN_BYTES_PER_SECOND = 1_000_000;

  /** The time every upload has on top of its size's share: the answer, the server's sync. */
  public static final Duration UPLOAD_GRACE = Duration.ofSeconds(60);

  private final URI server;
  private final String authorization;
  private final HttpClient http;
  private final long minBytesPerSecond;
  private final Duration grace;

  /**
   * @param server the server's root as {@link #serverRoot} reads it, e.g. {@code
   *     http://127.0.0.1:8080} (no trailing {@code /})
   * @param user the agents' account
   * @param password its password
   * @throws IllegalArgumentException if it ends with {@code /}
   */
  public ServerUploads(URI server, String user, String password) {
    this(server, user, password, Optional.empty());
  }

  /**
   * @param server the server's root as {@link #serverRoot} reads it, e.g. {@code
   *     https://127.0.0.1:8443} (no trailing {@code /})
   * @param user the agents' account
   * @param password its password
   * @param tls for an {@code https} server: the context trusting its certificate (see {@link
   *     TlsTrust#trusting}); empty for the JVM's default authorities
   * @throws IllegalArgumentException if it ends with {@code /}
   */
  public ServerUploads(URI server, String user, String password, Optional<SSLContext> tls) {
    this(server, user, password, tls, DEFAULT_MIN_BYTES_PER_SECOND, UPLOAD_GRACE, null);
  }

  /**
   * @param server the server's root as {@link #serverRoot} reads it (no trailing {@code /})
   * @param user the agents' account
   * @param password its password
   * @param tls for an {@code https} server: the context trusting its certificate; empty for the
   *     JVM's default authorities
   * @param minBytesPerSecond the slowest upload waited for (see {@link #uploadTimeout})
   * @param grace the time every upload has on top of its size's share
   * @param sourceAddress the local address the uploads' connections come from, e.g. one of several
   *     on the agent's host; {@code null} for the one the system chooses
   * @throws IllegalArgumentException if the root ends with {@code /}, or the rate or grace is not
   *     positive
   */
  public ServerUploads(
      URI server,
      String user,
      String password,
      Optional<SSLContext> tls,
      long minBytesPerSecond,
      Duration grace,
      InetAddress sourceAddress) {
    if (minBytesPerSecond < 1 || grace.isNegative() || grace.isZero()) {
      throw new IllegalArgumentException(
          "An upload needs a positive rate and grace, got "
              + minBytesPerSecond
              + " bytes/s and "
              + grace);
    }
    this.minBytesPerSecond = minBytesPerSecond;
    this.grace = grace;
    if (Objects.requireNonNull(server, "server").toString().endsWith("/")) {
      throw new IllegalArgumentException(
          "The server's root must not end with '/' (read it with serverRoot), got " + server);
    }
    this.server = server;
    this.authorization =
        "Basic "
            + Base64.getEncoder()
                .encodeToString(
                    (Objects.requireNonNull(user, "user") + ":" + Objects.requireNonNull(password))
                        .getBytes(StandardCharsets.UTF_8));
    HttpClient.Builder builder =
        HttpClient.newBuilder()
            // Plain HTTP/1.1: the client would otherwise ask to upgrade to HTTP/2 (h2c), which
            // Undertow takes up and then drops the connection of a large body (RemoteFiles).
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(30))
            .followRedirects(HttpClient.Redirect.NEVER);
    tls.ifPresent(builder::sslContext);
    if (sourceAddress != null) {
      builder.localAddress(sourceAddress);
    }
    this.http = builder.build();
  }

  /**
   * Reads a server root from a setting.
   *
   * @param setting the setting's name, for the message
   * @param value its value
   * @return the root, without a trailing slash
   * @throws IllegalArgumentException naming the setting and the value if it is missing or not an
   *     http(s) URL with a host
   */
  public static URI serverRoot(String setting, String value) {
    String expected = "give the server's address such as http://netarchive.example.org:8080";
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(setting + " is not set: " + expected);
    }
    String text = value.strip();
    while (text.endsWith("/")) {
      text = text.substring(0, text.length() - 1);
    }
    try {
      URI uri = new URI(text);
      if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
          && uri.getHost() != null
          && uri.getRawQuery() == null
          && uri.getRawFragment() == null
          && uri.getRawUserInfo() == null) {
        return uri;
      }
    } catch (URISyntaxException e) {
      // told below
    }
    throw new IllegalArgumentException(setting + " = '" + value + "' is not valid: " + expected);
  }

  /**
   * How long the upload of a file may take, to the server's answer: the grace plus the file's size
   * at the slowest rate waited for.
   *
   * @param size the file's length
   * @param minBytesPerSecond the slowest rate waited for
   * @param grace the time on top
   * @return the deadline
   */
  public static Duration uploadTimeout(long size, long minBytesPerSecond, Duration grace) {
    return grace.plusSeconds((size + minBytesPerSecond - 1) / minBytesPerSecond);
  }

  @Override
  public RemoteFileRef offer(Path file, String sha512) throws IOException {
    Upload upload = upload(file);
    HttpResponse<String> response =
        send(
            upload,
            upload
                .put(
                    timeout(upload),
                    HttpRequest.BodyPublishers.fromPublisher(
                        HttpRequest.BodyPublishers.ofFile(upload.file())))
                .header(Delivery.SHA512_HEADER, sha512)
                .build());
    return offered(upload, response, sha512);
  }

  /**
   * Uploads a file while computing its SHA-512 (one read of the file): the server answers with the
   * length that arrived and stages the file under the checksum this client then names, the one of
   * the bytes it sent; the replicas verify their copies against it.
   */
  @Override
  public RemoteFileRef offer(Path file) throws IOException {
    Upload upload = upload(file);
    AtomicReference<MessageDigest> sent = new AtomicReference<>();
    HttpResponse<String> response =
        send(
            upload,
            upload
                .put(
                    timeout(upload),
                    HttpRequest.BodyPublishers.ofInputStream(
                        () -> {
                          // Opened again if the client sends the body again: a digest per opening.
                          MessageDigest digest = ChecksumAlgorithm.SHA512.newDigest();
                          sent.set(digest);
                          try {
                            return new DigestInputStream(
                                Files.newInputStream(upload.file()), digest);
                          } catch (IOException e) {
                            throw new UncheckedIOException(
                                "Cannot read '" + upload.name() + "' for its upload", e);
                          }
                        }))
                .build());
    if (response.statusCode() != 202) {
      throw refused(upload, response);
    }
    String received;
    try {
      received = Json.createReader(new StringReader(response.body())).readObject().getString("id");
    } catch (JsonException | ClassCastException | NullPointerException e) {
      throw new IOException(
          "The server's answer to the upload of '"
              + upload.name()
              + "' names no received upload: "
              + excerpt(response.body()),
          e);
    }
    String sha512 = ChecksumAlgorithm.SHA512.hex(sent.get());
    URI confirmation =
        URI.create(
            upload.target()
                + "/received/"
                + URLEncoder.encode(received, StandardCharsets.UTF_8).replace("+", "%20"));
    HttpResponse<String> confirmed =
        send(
            upload,
            HttpRequest.newBuilder(confirmation)
                .timeout(grace)
                .header("Authorization", authorization)
                .header(Delivery.SHA512_HEADER, sha512)
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
    return offered(upload, confirmed, sha512);
  }

  /** A file to upload: its path, its valid archive name, its length and where it goes. */
  private record Upload(Path file, String name, long size, URI target, String authorization) {
    /** The PUT of its bytes, with everything but the checksum. */
    HttpRequest.Builder put(Duration timeout, HttpRequest.BodyPublisher body) {
      return HttpRequest.newBuilder(target)
          .timeout(timeout)
          .header("Authorization", authorization)
          .header("Content-Type", "application/octet-stream")
          .header(Delivery.LENGTH_HEADER, Long.toString(size))
          // No length given: sent chunked, streamed from the file.
          .PUT(body);
    }
  }

  private Upload upload(Path file) throws IOException {
    Path absolute = file.toAbsolutePath().normalize();
    if (!Files.isRegularFile(absolute)) {
      throw new IOException("Cannot upload " + absolute + ": not a regular file");
    }
    String name = ArchiveFileNames.requireValid(absolute.getFileName().toString());
    URI target =
        URI.create(
            server + PATH + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20"));
    return new Upload(absolute, name, Files.size(absolute), target, authorization);
  }

  private Duration timeout(Upload upload) {
    return uploadTimeout(upload.size(), minBytesPerSecond, grace);
  }

  /** Sends a request of an upload; an untrusted server or a timeout is said in the message. */
  private HttpResponse<String> send(Upload upload, HttpRequest request) throws IOException {
    try {
      return RemoteFiles.send(http, request, "upload '" + upload.name() + "' to " + request.uri());
    } catch (IOException e) {
      Optional<String> untrusted = TlsTrust.untrusted(server, TRUSTED_CERTIFICATES, e);
      if (untrusted.isPresent()) {
        throw new IOException("Cannot upload '" + upload.name() + "': " + untrusted.get(), e);
      }
      if (e.getCause() instanceof HttpTimeoutException) {
        Duration timeout = request.timeout().orElse(grace);
        throw new IOException(
            "The upload of '"
                + upload.name()
                + "' ("
                + upload.size()
                + " bytes) to "
                + request.uri()
                + " did not finish within "
                + timeout.toSeconds()
                + " s ("
                + grace.toSeconds()
                + " s + the file at "
                + minBytesPerSecond
                + " bytes/s, the slowest upload waited for): the server stopped reading or"
                + " answering, or the network is slower; abandoned",
            e);
      }
      throw e;
    }
  }

  private static IOException refused(Upload upload, HttpResponse<String> response) {
    return new IOException(
        "The server refused the upload of '"
            + upload.name()
            + "' to "
            + response.uri()
            + " ("
            + response.statusCode()
            + "): "
            + excerpt(response.body()));
  }

  /** The offer in the server's answer, checked against the file's length and checksum. */
  private static RemoteFileRef offered(Upload upload, HttpResponse<String> response, String sha512)
      throws IOException {
    if (response.statusCode() != 200 && response.statusCode() != 201) {
      throw refused(upload, response);
    }
    String name = upload.name();
    try {
      JsonObject offer = Json.createReader(new StringReader(response.body())).readObject();
      RemoteFileRef ref =
          new RemoteFileRef(
              offer.getString("uri"),
              offer.getJsonNumber("size").longValueExact(),
              offer.getString("sha512"),
              offer.getString("token"),
              null,
              null);
      if (ref.size() != upload.size() || !ref.sha512().equalsIgnoreCase(sha512)) {
        throw new IOException(
            "The server staged '"
                + name
                + "' with "
                + ref.size()
                + " bytes and SHA-512 "
                + ref.sha512()
                + ", sent "
                + upload.size()
                + " bytes with SHA-512 "
                + sha512);
      }
      return ref;
    } catch (JsonException | ClassCastException | NullPointerException | ArithmeticException e) {
      throw new IOException(
          "The server's answer to the upload of '"
              + name
              + "' is not an offer: "
              + excerpt(response.body()),
          e);
    } catch (IllegalArgumentException e) {
      throw new IOException(
          "The server's offer of '" + name + "' is not valid: " + e.getMessage(), e);
    }
  }

  private static String excerpt(String text) {
    String oneLine = text == null ? "" : text.replaceAll("\\s+", " ").strip();
    return oneLine.length() > 500 ? oneLine.substring(0, 500) + "..." : oneLine;
  }

  @Override
  public void withdraw(RemoteFileRef ref) {
    // The server deletes the staged file when every replica holds it.
  }

  @Override
  public Delivery expect(Path file) throws IOException {
    throw new IOException(
        "An agent's archive client receives no deliveries (it listens on no port); use the"
            + " command-line archive tools to fetch files");
  }

  @Override
  public void forget(Delivery delivery) {
    // Nothing is ever expected.
  }
}
