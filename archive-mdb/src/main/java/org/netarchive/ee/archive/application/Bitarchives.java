package org.netarchive.ee.archive.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.netarchive.ee.archive.domain.model.bitarchive.BitarchiveStorage;
import org.netarchive.ee.common.archive.RemoteFiles;

/**
 * The bitarchives this server runs, one per local replica ({@link
 * ArchiveSettings#localReplicaIds()}; by default every replica), each over its directories; the
 * other replicas' run on bitarchive nodes. At start-up each removes what interrupted stores left
 * behind, before it takes its first upload.
 */
@PermitAll
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class Bitarchives {

  private static final Logger LOG = Logger.getLogger(Bitarchives.class.getName());

  @Inject private ArchiveSettings settings;

  private final Map<String, BitarchiveStorage> storages = new LinkedHashMap<>();
  private String instanceName;
  private RemoteFiles remoteFiles;

  @PostConstruct
  void open() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      host = "localhost";
    }
    // Named when one of several nodes of its replicas: the monitors tell the instances apart by it.
    String node = settings.nodeName().map(name -> "-" + name).orElse("");
    instanceName = "bitarchive" + node + "@" + host;
    // The agents' uploads staged on this server are read from the staging directory directly; a
    // bitarchive node has none, and fetches the central's over HTTP.
    List<Path> localReads = new ArrayList<>(settings.localReadDirectories());
    if (!settings.bitarchiveNode()) {
      try {
        localReads.add(Files.createDirectories(settings.stagingDirectory()));
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Cannot make the staging directory "
                + settings.stagingDirectory()
                + " (NAS_ARCHIVE_STAGING_DIR): "
                + e.getMessage(),
            e);
      }
    }
    remoteFiles = new RemoteFiles(localReads);
    removeBatchResults(settings.batchResultDirectory());
    LOG.info(
        () ->
            "Bitarchives read files offered on this machine directly from under "
                + remoteFiles.localReadDirectories()
                + " (the staging directory and NAS_ARCHIVE_LOCAL_READ_DIRS)");
    for (String replica : settings.replicaIds()) {
      if (!settings.isLocal(replica)) {
        LOG.info(
            () ->
                "The bitarchive of replica "
                    + replica
                    + (settings.bitarchiveNode()
                        ? " runs on another server, not on this node (nas.replicas.local is "
                        : " runs on a bitarchive node, not here (nas.replicas.local is ")
                    + settings.localReplicaIds()
                    + ")");
        continue;
      }
      try {
        BitarchiveStorage storage =
            new BitarchiveStorage(
                settings.bitarchiveDirectories(replica),
                settings.reserveBytes(),
                settings.checksumOnly(replica));
        int removed = storage.recover();
        storages.put(replica, storage);
        LOG.info(
            () ->
                (storage.checksumOnly() ? "Checksum-only bitarchive" : "Bitarchive")
                    + " of replica "
                    + replica
                    + " in "
                    + storage.directories()
                    + (removed > 0 ? " (removed " + removed + " unfinished uploads)" : ""));
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Cannot open the bitarchive of replica "
                + replica
                + " in "
                + settings.bitarchiveDirectories(replica)
                + ": "
                + e.getMessage(),
            e);
      }
    }
  }

  /**
   * The bitarchive of a replica held in this server.
   *
   * @throws IllegalArgumentException if this server holds no bitarchive of the replica, saying
   *     whether it is another server's (a bitarchive node's) or no replica at all
   */
  public BitarchiveStorage of(String replicaId) {
    BitarchiveStorage storage = storages.get(replicaId);
    if (storage == null) {
      if (settings.replicaIds().contains(replicaId)) {
        throw new IllegalArgumentException(
            "The bitarchive of replica '"
                + replicaId
                + "' runs on a bitarchive node, not in this server, whose replicas are "
                + storages.keySet()
                + " (nas.replicas.local)");
      }
      throw new IllegalArgumentException(
          "Unknown replica '" + replicaId + "'; this server's replicas are " + storages.keySet());
    }
    return storage;
  }

  /** The replicas whose bitarchives this server holds. */
  public List<String> localReplicaIds() {
    return List.copyOf(storages.keySet());
  }

  /** The bitarchive of a replica if this server holds it, else empty (a node holds it). */
  public Optional<BitarchiveStorage> local(String replicaId) {
    return Optional.ofNullable(storages.get(replicaId));
  }

  /** Removes what batch jobs left for a monitor that a stop kept from combining them. */
  private static void removeBatchResults(Path dir) {
    try {
      Files.createDirectories(dir);
      try (Stream<Path> left = Files.list(dir)) {
        for (Path file : left.toList()) {
          Files.deleteIfExists(file);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot prepare the batch result directory " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Fetches offered files (directly only from the configured local read directories). */
  public RemoteFiles remoteFiles() {
    return remoteFiles;
  }

  /** How this bitarchive instance names itself in its answers. */
  public String instanceName() {
    return instanceName;
  }
}
