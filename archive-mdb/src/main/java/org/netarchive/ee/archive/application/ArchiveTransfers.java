package org.netarchive.ee.archive.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.LocalBean;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.Delivery;
import org.netarchive.ee.common.archive.FileExchange;
import org.netarchive.ee.common.message.DeliveryTarget;
import org.netarchive.ee.common.message.RemoteFileRef;
import org.netarchive.ee.scheduler.infrastructure.config.ServerSettings;

/**
 * The server application's {@link FileExchange}: the files its own archive clients (the admin UI's
 * {@code ArchiveAccess}, {@code Repairs}) offer to the bitarchives, and the deliveries they wait
 * for, served and received by the application's transfer endpoint ({@code
 * /api/transfers/offers/{id}} and {@code /api/transfers/deliveries/{id}}, the web module's {@code
 * TransfersResource}) on the server's own HTTP listener, not by an HTTP server of their own.
 *
 * <p>Each offer and delivery has an unguessable id and its own bearer token, compared in constant
 * time; neither is logged. The address the bitarchives use is the setting {@value #URI_SETTING}
 * ({@code NAS_ARCHIVE_TRANSFERS_URI}), by default {@code http://<bind address or 127.0.0.1>:<HTTP
 * port with the port offset>/api/transfers}.
 */
@PermitAll
@Singleton
@LocalBean
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ArchiveTransfers implements FileExchange {

  private static final Logger LOG = Logger.getLogger(ArchiveTransfers.class.getName());

  /** The setting giving the transfer endpoint's address as the bitarchives reach it. */
  public static final String URI_SETTING = "nas.archive.transfers.uri";

  /** The endpoint's path under the server's root. */
  public static final String PATH = "/api/transfers";

  /** A file offered until withdrawn. */
  public record Offer(Path file, String token) {
    /** Whether a request's Authorization header presents this offer's token. */
    public boolean accepts(String authorization) {
      return Delivery.presents(authorization, token);
    }

    @Override
    public String toString() {
      return "Offer[file=" + file + "]";
    }
  }

  private final Map<String, Offer> offers = new ConcurrentHashMap<>();
  private final Map<String, Delivery> deliveries = new ConcurrentHashMap<>();
  private String base;

  /** The container's constructor; the address is read from the settings when it starts. */
  public ArchiveTransfers() {}

  /**
   * Transfers under a fixed address, outside a container.
   *
   * @param base the endpoint's address, e.g. {@code http://127.0.0.1:8080/api/transfers}
   */
  public ArchiveTransfers(String base) {
    this.base = base;
  }

  @PostConstruct
  void init() {
    base =
        baseUri(
            ServerSettings.current().text(URI_SETTING).orElse(null),
            System.getProperty("jboss.bind.address"),
            Integer.getInteger("jboss.http.port", 8080)
                + Integer.getInteger("jboss.socket.binding.port-offset", 0));
    LOG.info(() -> "The bitarchives deliver to and fetch from " + base + " (" + URI_SETTING + ")");
  }

  /**
   * The endpoint's address as the bitarchives reach it, e.g. {@code
   * http://127.0.0.1:8080/api/transfers}: its host is one of the server's public names.
   */
  public String address() {
    return base;
  }

  /**
   * The endpoint's address.
   *
   * @param configured the setting, or {@code null}
   * @param bindAddress the server's bind address, or {@code null}
   * @param port the HTTP listener's port
   * @throws IllegalStateException naming the setting and the value if it is no http(s) URI
   */
  static String baseUri(String configured, String bindAddress, int port) {
    if (configured != null && !configured.isBlank()) {
      String uri = configured.strip();
      if (!uri.startsWith("http://") && !uri.startsWith("https://")) {
        throw ServerSettings.refusal(
            URI_SETTING,
            "must be an http or https URI such as http://host:8080" + PATH,
            configured);
      }
      return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }
    String host =
        bindAddress == null
                || bindAddress.isBlank()
                || bindAddress.equals("0.0.0.0")
                || bindAddress.equals("::")
            ? "127.0.0.1"
            : bindAddress.strip();
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + PATH;
  }

  /**
   * Computes the file's SHA-512 and offers it. Declared here, not inherited: the container refuses
   * a call of an interface's default method on an enterprise bean.
   */
  @Override
  public RemoteFileRef offer(Path file) throws IOException {
    return offer(file, ChecksumAlgorithm.SHA512.of(file));
  }

  @Override
  public RemoteFileRef offer(Path file, String sha512) throws IOException {
    Path absolute = file.toAbsolutePath().normalize();
    if (!Files.isRegularFile(absolute)) {
      throw new IOException("Cannot offer " + absolute + ": not a regular file");
    }
    String id = Delivery.randomToken();
    Offer offer = new Offer(absolute, Delivery.randomToken());
    offers.put(id, offer);
    return new RemoteFileRef(
        base + "/offers/" + id, Files.size(absolute), sha512, offer.token(), null, null);
  }

  @Override
  public void withdraw(RemoteFileRef ref) {
    String id = idOf(ref.uri());
    if (id != null) {
      offers.remove(id);
    }
  }

  /** The id of one of this endpoint's offers from its address, or null if it is none. */
  private String idOf(String uri) {
    String prefix = base + "/offers/";
    if (uri == null || !uri.startsWith(prefix)) {
      return null;
    }
    String id = uri.substring(prefix.length());
    return id.isEmpty() || id.contains("/") ? null : id;
  }

  /**
   * Stops every offer of a file.
   *
   * @param file the offered file
   */
  public void withdraw(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    offers.values().removeIf(offer -> offer.file().equals(absolute));
  }

  /**
   * Offers a file again under the address and token of an offer made before a restart (offers live
   * in memory): the replicas re-asked for an unfinished store at start-up fetch it where its store
   * request said. An address that is not one of this endpoint's offers is left alone.
   *
   * @param uri the earlier offer's address
   * @param token the earlier offer's token
   * @param file the offered file
   * @return whether the address is one of this endpoint's offers, now offered again
   */
  public boolean reoffer(String uri, String token, Path file) {
    String id = idOf(uri);
    if (id == null || token == null) {
      return false;
    }
    offers.putIfAbsent(id, new Offer(file.toAbsolutePath().normalize(), token));
    return true;
  }

  /** The offer at an address of this endpoint, if it still is. */
  public Optional<Offer> offeredAt(String uri) {
    String id = idOf(uri);
    return id == null ? Optional.empty() : offered(id);
  }

  /** The file offered under an id, if it still is. */
  public Optional<Offer> offered(String id) {
    return Optional.ofNullable(offers.get(id));
  }

  @Override
  public Delivery expect(Path file) throws IOException {
    String id = Delivery.randomToken();
    Delivery delivery =
        new Delivery(file, new DeliveryTarget(base + "/deliveries/" + id, Delivery.randomToken()));
    deliveries.put(id, delivery);
    return delivery;
  }

  @Override
  public void forget(Delivery delivery) {
    deliveries.values().remove(delivery);
  }

  /** The delivery awaited under an id, if it still is. */
  public Optional<Delivery> awaited(String id) {
    return Optional.ofNullable(deliveries.get(id));
  }
}
