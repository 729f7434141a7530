package org.netarchive.ee.common.archive;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Logger;
import org.netarchive.ee.common.message.DeliveryTarget;
import org.netarchive.ee.common.message.RemoteFileRef;

/**
 * Offers local files to the archive over HTTP (the sending side of a {@link RemoteFileRef}), and
 * receives what the archive delivers (the receiving side of a {@link DeliveryTarget}, see {@link
 * Delivery}): the {@link FileExchange} of the harvester agent and the command-line tools, with the
 * JDK's HTTP server. The server application uses its own transfer endpoint instead.
 *
 * <p>Each offered file gets an unguessable path and its own bearer token; a request without the
 * token, with a wrong one, or for a file no longer offered gets 404, so nothing reveals which files
 * exist. Files are streamed from disk, never loaded into memory. The server listens on the given
 * address only (loopback by default).
 */
public final class FileServer implements FileExchange, AutoCloseable {

  private static final Logger LOG = Logger.getLogger(FileServer.class.getName());
  private static final String PREFIX = "/files/";
  private static final String DELIVERIES = "/deliveries/";
  private static final int SEND_BUFFER_SIZE = 1 << 20;

  /** Header of a delivery giving the SHA-512 checksum of its body ({@link Delivery}). */
  public static final String SHA512_HEADER = Delivery.SHA512_HEADER;

  /** Header of a delivery giving the length of its body ({@link Delivery}). */
  public static final String LENGTH_HEADER = Delivery.LENGTH_HEADER;

  private record Offer(Path file, String token) {}

  private final HttpServer server;
  private final ExecutorService executor;
  private final Map<String, Offer> offers = new ConcurrentHashMap<>();
  private final Map<String, Delivery> deliveries = new ConcurrentHashMap<>();
  private final String root;
  private final String baseUri;
  private final String host;
  private final boolean offerLocalPaths;

  private FileServer(
      HttpServer server, ExecutorService executor, String host, boolean offerLocalPaths) {
    this.server = server;
    this.executor = executor;
    this.host = host;
    this.offerLocalPaths = offerLocalPaths;
    InetSocketAddress address = server.getAddress();
    this.root = "http://" + address.getAddress().getHostAddress() + ":" + address.getPort();
    this.baseUri = root + PREFIX;
  }

  /**
   * Starts a file server on a free port of the loopback interface.
   *
   * @return the running server
   * @throws IOException if it cannot listen
   */
  public static FileServer startOnLoopback() throws IOException {
    return start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), true);
  }

  /**
   * Starts a file server.
   *
   * @param address where to listen; port 0 chooses a free port
   * @param offerLocalPaths whether offers name the file's path, so that a receiver on this machine
   *     reads it directly instead of over HTTP
   * @return the running server
   * @throws IOException if it cannot listen
   */
  public static FileServer start(InetSocketAddress address, boolean offerLocalPaths)
      throws IOException {
    HttpServer server = HttpServer.create(address, 16);
    ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    server.setExecutor(executor);
    FileServer files =
        new FileServer(server, executor, RemoteFiles.localHostName(), offerLocalPaths);
    server.createContext(PREFIX, files::serve);
    server.createContext(DELIVERIES, files::receive);
    server.start();
    return files;
  }

  /**
   * Offers a file until {@link #withdraw(RemoteFileRef)} or {@link #close()}. Its SHA-512 checksum
   * is computed now, from the bytes on disk.
   *
   * @param file a regular file
   * @return what the receiver needs to fetch and verify it
   * @throws IOException if the file cannot be read
   */
  public RemoteFileRef offer(Path file) throws IOException {
    return offer(file, ChecksumAlgorithm.SHA512.of(regularFile(file)));
  }

  /**
   * Offers a file whose SHA-512 checksum is known.
   *
   * @param file a regular file
   * @param sha512 its checksum
   * @return what the receiver needs to fetch and verify it
   * @throws IOException if the file cannot be read
   */
  @Override
  public RemoteFileRef offer(Path file, String sha512) throws IOException {
    Path absolute = regularFile(file);
    String id = Delivery.randomToken();
    String token = Delivery.randomToken();
    offers.put(id, new Offer(absolute, token));
    return new RemoteFileRef(
        baseUri + id,
        Files.size(absolute),
        sha512,
        token,
        offerLocalPaths ? absolute.toString() : null,
        offerLocalPaths ? host : null);
  }

  private static Path regularFile(Path file) throws IOException {
    Path absolute = file.toAbsolutePath().normalize();
    if (!Files.isRegularFile(absolute)) {
      throw new IOException("Cannot offer " + absolute + ": not a regular file");
    }
    return absolute;
  }

  /**
   * Stops offering a file.
   *
   * @param ref what {@link #offer(Path)} returned
   */
  @Override
  public void withdraw(RemoteFileRef ref) {
    String id = idOf(ref.uri());
    if (id != null) {
      offers.remove(id);
    }
  }

  /** The id of one of this server's offers from its address, or null if it is none. */
  private String idOf(String uri) {
    if (uri == null || !uri.startsWith(baseUri)) {
      return null;
    }
    String id = uri.substring(baseUri.length());
    return id.isEmpty() || id.contains("/") ? null : id;
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      Offer offer = offers.get(path.substring(PREFIX.length()));
      String authorization = exchange.getRequestHeaders().getFirst("Authorization");
      if (!"GET".equals(exchange.getRequestMethod())
          || offer == null
          || !Delivery.presents(authorization, offer.token())) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      long size = Files.size(offer.file());
      exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
      exchange.sendResponseHeaders(200, size == 0 ? -1 : size);
      if (size > 0) {
        try (InputStream in = Files.newInputStream(offer.file());
            OutputStream out = exchange.getResponseBody()) {
          // Large blocks pass the server's buffering and go to the socket in few writes.
          byte[] buffer = new byte[SEND_BUFFER_SIZE];
          int n;
          while ((n = in.read(buffer)) >= 0) {
            out.write(buffer, 0, n);
          }
        }
      }
    } catch (IOException e) {
      LOG.fine(() -> "Serving " + exchange.getRequestURI() + " failed: " + e);
      throw e;
    }
  }

  /** The base URI of the offered files, e.g. {@code http://127.0.0.1:41234/files/}. */
  public String baseUri() {
    return baseUri;
  }

  @Override
  public Delivery expect(Path file) throws IOException {
    String id = Delivery.randomToken();
    Delivery delivery =
        new Delivery(file, new DeliveryTarget(root + DELIVERIES + id, Delivery.randomToken()));
    deliveries.put(id, delivery);
    return delivery;
  }

  @Override
  public void forget(Delivery delivery) {
    deliveries.values().remove(delivery);
  }

  private void receive(HttpExchange exchange) throws IOException {
    try (exchange) {
      String id = exchange.getRequestURI().getPath().substring(DELIVERIES.length());
      Delivery delivery = deliveries.get(id);
      if (!"PUT".equals(exchange.getRequestMethod())
          || delivery == null
          || !delivery.accepts(exchange.getRequestHeaders().getFirst("Authorization"))) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      String problem;
      try (InputStream body = exchange.getRequestBody()) {
        problem =
            delivery.receive(
                body,
                exchange.getRequestHeaders().getFirst(LENGTH_HEADER),
                exchange.getRequestHeaders().getFirst(SHA512_HEADER));
      }
      byte[] answer = (problem == null ? "stored" : problem).getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(problem == null ? 201 : 400, answer.length);
      exchange.getResponseBody().write(answer);
    }
  }

  @Override
  public void close() {
    offers.clear();
    deliveries.clear();
    server.stop(0);
    executor.shutdownNow();
  }
}
