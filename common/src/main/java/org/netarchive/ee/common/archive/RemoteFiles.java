package org.netarchive.ee.common.archive;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.netarchive.ee.common.message.RemoteFileRef;

/**
 * Fetches a {@link RemoteFileRef}: the receiving side. A file offered on this same machine is read
 * from its path directly; any other is fetched over HTTP with its bearer token. Either way the
 * caller gets a stream and verifies length and checksum as it consumes it (a bitarchive does so
 * while writing).
 */
public final class RemoteFiles {

  private final HttpClient http;

  public RemoteFiles() {
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(20))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /**
   * Opens a remote file for reading.
   *
   * @param ref the file
   * @return a stream of its bytes; the caller closes it
   * @throws IOException if it cannot be fetched; the message names the URI and the reason
   */
  public InputStream open(RemoteFileRef ref) throws IOException {
    Path local = localCopy(ref);
    if (local != null) {
      return Files.newInputStream(local);
    }
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(ref.uri())).GET();
    if (ref.token() != null) {
      request.header("Authorization", "Bearer " + ref.token());
    }
    HttpResponse<InputStream> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted while fetching " + ref.uri(), e);
    } catch (IOException e) {
      throw new IOException(
          "Cannot fetch " + ref.uri() + ": " + (e.getMessage() == null ? e : e.getMessage()), e);
    }
    if (response.statusCode() != 200) {
      response.body().close();
      throw new IOException(
          "Cannot fetch "
              + ref.uri()
              + ": HTTP status "
              + response.statusCode()
              + (response.statusCode() == 404 ? " (no longer offered, or not authorised)" : ""));
    }
    return response.body();
  }

  /** The offered file's own path if it is on this machine and still as offered, else null. */
  private static Path localCopy(RemoteFileRef ref) {
    if (ref.localPath() == null || ref.host() == null) {
      return null;
    }
    if (!ref.host().equals(FileServer.localHostName())) {
      return null;
    }
    try {
      Path path = Path.of(ref.localPath());
      return path.isAbsolute() && Files.isRegularFile(path) && Files.size(path) == ref.size()
          ? path
          : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
