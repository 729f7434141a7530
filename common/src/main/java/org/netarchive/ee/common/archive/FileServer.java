package org.netarchive.ee.common.archive;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Logger;
import org.netarchive.ee.common.message.DeliveryTarget;
import org.netarchive.ee.common.message.RemoteFileRef;

/**
 * Offers local files to the archive over HTTP (the sending side of a {@link RemoteFileRef}), and
 * receives what the archive delivers (the receiving side of a {@link DeliveryTarget}).
 *
 * <p>Each offered file gets an unguessable path and its own bearer token; a request without the
 * token, with a wrong one, or for a file no longer offered gets 404, so nothing reveals which files
 * exist. Files are streamed from disk, never loaded into memory. The server listens on the given
 * address only (loopback by default).
 */
public final class FileServer implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(FileServer.class.getName());
  private static final String PREFIX = "/files/";
  private static final String DELIVERIES = "/deliveries/";
  private static final int SEND_BUFFER_SIZE = 1 << 20;

  /** Header of a delivery giving the SHA-512 checksum of its body. */
  public static final String SHA512_HEADER = "X-Content-SHA512";

  /** Header of a delivery giving the length of its body. */
  public static final String LENGTH_HEADER = "X-Content-Length";

  private static final SecureRandom RANDOM = new SecureRandom();

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
    FileServer files = new FileServer(server, executor, localHostName(), offerLocalPaths);
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
  public RemoteFileRef offer(Path file, String sha512) throws IOException {
    Path absolute = regularFile(file);
    String id = randomToken();
    String token = randomToken();
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
  public void withdraw(RemoteFileRef ref) {
    offers.remove(ref.uri().substring(ref.uri().lastIndexOf('/') + 1));
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      Offer offer = offers.get(path.substring(PREFIX.length()));
      String authorization = exchange.getRequestHeaders().getFirst("Authorization");
      if (!"GET".equals(exchange.getRequestMethod())
          || offer == null
          || authorization == null
          || !MessageDigest.isEqual(
              authorization.getBytes(StandardCharsets.US_ASCII),
              ("Bearer " + offer.token()).getBytes(StandardCharsets.US_ASCII))) {
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

  /**
   * Waits for the archive to deliver bytes into a file: one PUT to the returned target, whose body
   * must have the length and SHA-512 checksum given in its headers. It is written to a temporary
   * file beside {@code file} and renamed to it only when complete and verified; a file of that name
   * is never replaced.
   *
   * @param file where the delivered bytes go; must not exist
   * @return the delivery, with the target to send to the archive
   * @throws IOException if the file exists already
   */
  public Delivery expect(Path file) throws IOException {
    Path absolute = file.toAbsolutePath().normalize();
    if (Files.exists(absolute)) {
      throw new FileAlreadyExistsException(
          absolute.toString(), null, "will not overwrite it with a delivery from the archive");
    }
    String id = randomToken();
    Delivery delivery =
        new Delivery(absolute, new DeliveryTarget(root + DELIVERIES + id, randomToken()));
    deliveries.put(id, delivery);
    return delivery;
  }

  /** What the archive delivered to one target, once it has. Thread-safe. */
  public static final class Delivery {
    private final Path file;
    private final DeliveryTarget target;
    private volatile String sha512;
    private volatile long size = -1;
    private volatile String failure;

    private Delivery(Path file, DeliveryTarget target) {
      this.file = file;
      this.target = target;
    }

    /** Where the archive is to send the bytes. */
    public DeliveryTarget target() {
      return target;
    }

    /** The file the bytes go to. */
    public Path file() {
      return file;
    }

    /** The verified checksum of the delivered file, or null if nothing complete arrived. */
    public String sha512() {
      return sha512;
    }

    /** The delivered file's length, or -1. */
    public long size() {
      return size;
    }

    /** Why the last delivery attempt was refused, or null. */
    public String failure() {
      return failure;
    }
  }

  private void receive(HttpExchange exchange) throws IOException {
    try (exchange) {
      String id = exchange.getRequestURI().getPath().substring(DELIVERIES.length());
      Delivery delivery = deliveries.get(id);
      String authorization = exchange.getRequestHeaders().getFirst("Authorization");
      if (!"PUT".equals(exchange.getRequestMethod())
          || delivery == null
          || delivery.sha512 != null
          || authorization == null
          || !MessageDigest.isEqual(
              authorization.getBytes(StandardCharsets.US_ASCII),
              ("Bearer " + delivery.target.token()).getBytes(StandardCharsets.US_ASCII))) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      String problem = store(exchange, delivery);
      delivery.failure = problem;
      byte[] body = (problem == null ? "stored" : problem).getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(problem == null ? 201 : 400, body.length);
      exchange.getResponseBody().write(body);
    }
  }

  /** Writes, verifies and renames one delivery; the problem found, or null. */
  private static String store(HttpExchange exchange, Delivery delivery) throws IOException {
    String expectedSha = exchange.getRequestHeaders().getFirst(SHA512_HEADER);
    String expectedLength = exchange.getRequestHeaders().getFirst(LENGTH_HEADER);
    if (expectedSha == null || expectedLength == null) {
      return "a delivery needs the headers " + SHA512_HEADER + " and " + LENGTH_HEADER;
    }
    Path temp =
        delivery.file.resolveSibling(
            "." + delivery.file.getFileName() + "." + randomToken() + ".part");
    try {
      MessageDigest digest = ChecksumAlgorithm.SHA512.newDigest();
      long length = 0;
      try (InputStream in = exchange.getRequestBody();
          OutputStream out =
              Files.newOutputStream(temp, java.nio.file.StandardOpenOption.CREATE_NEW)) {
        byte[] buffer = new byte[1 << 16];
        int n;
        while ((n = in.read(buffer)) >= 0) {
          digest.update(buffer, 0, n);
          out.write(buffer, 0, n);
          length += n;
        }
      }
      String actual = ChecksumAlgorithm.SHA512.hex(digest);
      if (!String.valueOf(length).equals(expectedLength.strip())) {
        return "arrived with " + length + " bytes, announced " + expectedLength;
      }
      if (!actual.equalsIgnoreCase(expectedSha.strip())) {
        return "arrived with SHA-512 " + actual + ", announced " + expectedSha;
      }
      Files.move(temp, delivery.file, StandardCopyOption.ATOMIC_MOVE);
      delivery.size = length;
      delivery.sha512 = actual;
      return null;
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  @Override
  public void close() {
    offers.clear();
    deliveries.clear();
    server.stop(0);
    executor.shutdownNow();
  }

  private static String randomToken() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** This machine's name, as {@link RemoteFiles} compares it. */
  public static String localHostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }
}
