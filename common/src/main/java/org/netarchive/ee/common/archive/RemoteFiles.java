package org.netarchive.ee.common.archive;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.Proxy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.netarchive.ee.common.message.DeliveryTarget;
import org.netarchive.ee.common.message.RemoteFileRef;

/**
 * Fetches a {@link RemoteFileRef} (the receiving side: any offer is fetched over HTTP with its
 * bearer token, and the caller verifies length and checksum as it consumes the stream), and
 * delivers bytes to a {@link DeliveryTarget} (the sending side: a PUT with their length and
 * checksum, which the receiver verifies).
 *
 * <p>Local reads: a receiver given directories reads a file offered on this same machine from its
 * path directly, but only when the path (links resolved) is under one of them; an offer on this
 * machine of a path outside them is refused, naming the path, so that a message cannot make the
 * receiver read an arbitrary file of its machine. Without directories the offered path is ignored.
 */
public final class RemoteFiles {

  private static final int CONNECT_TIMEOUT_MILLIS = 20_000;

  /** How long a fetch waits for the next bytes before it gives up. */
  private static final int READ_TIMEOUT_MILLIS = 120_000;

  private final HttpClient http;
  private final List<Path> localReadDirectories;

  /** Fetches every offer over HTTP (no local reads). */
  public RemoteFiles() {
    this(List.of());
  }

  /**
   * Reads offers made on this machine directly when they are under one of the given directories.
   *
   * @param localReadDirectories absolute directories; may be empty (no local reads)
   * @throws IllegalArgumentException naming a directory that is not absolute
   */
  public RemoteFiles(Collection<Path> localReadDirectories) {
    List<Path> dirs = new ArrayList<>();
    for (Path dir : localReadDirectories) {
      if (!dir.isAbsolute()) {
        throw new IllegalArgumentException(
            "A directory for local reads must be absolute, got '" + dir + "'");
      }
      dirs.add(realOrNormal(dir));
    }
    this.localReadDirectories = List.copyOf(dirs);
    this.http =
        HttpClient.newBuilder()
            // Deliveries are PUT over plain HTTP/1.1: the client would otherwise ask a plain
            // http server to upgrade to HTTP/2 (h2c), which Undertow (the server application's
            // transfer endpoint) takes up and then drops such connections now and then.
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(20))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /** The directories this receiver reads offered files from directly (empty: none). */
  public List<Path> localReadDirectories() {
    return localReadDirectories;
  }

  /**
   * Opens a remote file for reading.
   *
   * @param ref the file
   * @return a stream of its bytes; the caller closes it
   * @throws IOException if it cannot be fetched, the message naming the URI and the reason; or if
   *     it is offered on this machine at a path outside the directories for local reads, the
   *     message naming the path
   */
  public InputStream open(RemoteFileRef ref) throws IOException {
    Path local = localCopy(ref);
    if (local != null) {
      return Files.newInputStream(local, LinkOption.NOFOLLOW_LINKS);
    }
    // A plain blocking connection: its stream reads the socket into the caller's buffer, where
    // the HttpClient's stream hands over 16 KiB pieces through a queue (about twice as slow for
    // a 1 GiB upload, see BENCHMARKS.md).
    HttpURLConnection connection;
    int status;
    try {
      connection = (HttpURLConnection) URI.create(ref.uri()).toURL().openConnection(Proxy.NO_PROXY);
      connection.setConnectTimeout(CONNECT_TIMEOUT_MILLIS);
      connection.setReadTimeout(READ_TIMEOUT_MILLIS);
      connection.setInstanceFollowRedirects(false);
      connection.setUseCaches(false);
      if (ref.token() != null) {
        connection.setRequestProperty("Authorization", "Bearer " + ref.token());
      }
      status = connection.getResponseCode();
    } catch (IOException | IllegalArgumentException e) {
      throw new IOException(
          "Cannot fetch " + ref.uri() + ": " + (e.getMessage() == null ? e : e.getMessage()), e);
    }
    if (status != 200) {
      InputStream error = connection.getErrorStream();
      if (error != null) {
        error.close();
      }
      connection.disconnect();
      throw new IOException(
          "Cannot fetch "
              + ref.uri()
              + ": HTTP status "
              + status
              + (status == 404 ? " (no longer offered, or not authorised)" : ""));
    }
    return connection.getInputStream();
  }

  /**
   * Delivers a range of a file to a client: its SHA-512 checksum is computed first, then the bytes
   * are streamed with a PUT that announces length and checksum.
   *
   * @param target where to deliver
   * @param file the file
   * @param offset the first byte to deliver
   * @param length how many bytes
   * @return the SHA-512 checksum of the delivered bytes
   * @throws IOException if the file cannot be read, the target cannot be reached, or it refuses the
   *     delivery; the message names the target and the reason
   */
  public String deliver(DeliveryTarget target, Path file, long offset, long length)
      throws IOException {
    MessageDigest digest = ChecksumAlgorithm.SHA512.newDigest();
    try (InputStream in = range(file, offset, length)) {
      byte[] buffer = new byte[1 << 16];
      int n;
      while ((n = in.read(buffer)) >= 0) {
        digest.update(buffer, 0, n);
      }
    }
    String sha512 = ChecksumAlgorithm.SHA512.hex(digest);
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(target.uri()))
            .header("Authorization", "Bearer " + target.token())
            .header(Delivery.SHA512_HEADER, sha512)
            .header(Delivery.LENGTH_HEADER, String.valueOf(length))
            .PUT(
                length == 0
                    ? HttpRequest.BodyPublishers.noBody()
                    // Chunked, the length announced in its own header: the server
                    // application's endpoint takes deliveries above its listener's request
                    // limit, and Undertow refuses a larger Content-Length before any
                    // handler could lift the limit (TransferBodyLimit); a chunked body is
                    // measured as it is read.
                    : HttpRequest.BodyPublishers.ofInputStream(
                        () -> {
                          try {
                            return range(file, offset, length);
                          } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                          }
                        }))
            .build();
    HttpResponse<String> response = send(http, request, "deliver to " + target.uri());
    if (response.statusCode() != 201) {
      throw new IOException(
          "Delivery to "
              + target.uri()
              + " refused with HTTP status "
              + response.statusCode()
              + (response.body().isBlank() ? "" : ": " + response.body()));
    }
    return sha512;
  }

  /**
   * Sends a request whose answer is short text; an interruption or a connection that fails becomes
   * an IOException saying what was to be done.
   *
   * @param what the transfer, as in "Cannot ..." ({@code "deliver to http://..."})
   */
  static HttpResponse<String> send(HttpClient http, HttpRequest request, String what)
      throws IOException {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted: could not " + what, e);
    } catch (IOException e) {
      throw new IOException(
          "Cannot " + what + ": " + (e.getMessage() == null ? e : e.getMessage()), e);
    }
  }

  private static InputStream range(Path file, long offset, long length) throws IOException {
    FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
    channel.position(offset);
    InputStream whole = Channels.newInputStream(channel);
    return new java.io.FilterInputStream(whole) {
      private long left = length;

      @Override
      public int read() throws IOException {
        if (left <= 0) {
          return -1;
        }
        int b = super.read();
        if (b >= 0) {
          left--;
        }
        return b;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (left <= 0) {
          return -1;
        }
        int n = super.read(b, off, (int) Math.min(len, left));
        if (n > 0) {
          left -= n;
        }
        return n;
      }
    };
  }

  /**
   * The offered file's own path (links resolved) if it is on this machine, local reads are on, and
   * it is still as offered; else null (fetch over HTTP).
   *
   * @throws IOException if it is offered on this machine at a path outside the directories for
   *     local reads
   */
  private Path localCopy(RemoteFileRef ref) throws IOException {
    if (localReadDirectories.isEmpty() || ref.localPath() == null || ref.host() == null) {
      return null;
    }
    if (!ref.host().equals(localHostName())) {
      return null;
    }
    Path offered;
    try {
      offered = Path.of(ref.localPath());
    } catch (RuntimeException e) {
      throw refused(ref, "it is not a path");
    }
    if (!offered.isAbsolute()) {
      throw refused(ref, "it is not an absolute path");
    }
    Path real;
    try {
      real = offered.toRealPath();
    } catch (IOException e) {
      real = offered.normalize();
    }
    Path file = real;
    if (localReadDirectories.stream().noneMatch(dir -> file.startsWith(dir) && !file.equals(dir))) {
      throw refused(ref, "it is not under the directories for local reads " + localReadDirectories);
    }
    try {
      return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && Files.size(file) == ref.size()
          ? file
          : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** This machine's name, as offers name it and local reads compare it. */
  public static String localHostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }

  private static IOException refused(RemoteFileRef ref, String why) {
    return new IOException(
        "Refused to read the offered local path '" + ref.localPath() + "' directly: " + why);
  }

  private static Path realOrNormal(Path dir) {
    try {
      return dir.toRealPath();
    } catch (IOException e) {
      return dir.normalize();
    }
  }
}
