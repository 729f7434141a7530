package org.netarchive.ee.archive.application.preservation;

import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.application.ArchiveTransfers;
import org.netarchive.ee.archive.application.Bitarchives;
import org.netarchive.ee.archive.domain.model.bitarchive.BitarchiveStorage;
import org.netarchive.ee.archive.domain.model.preservation.CopyState;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.io.FileTrees;
import org.netarchive.ee.scheduler.application.job.Notification;
import org.netarchive.ee.scheduler.application.job.Notifier;

/**
 * Repairs the copies of a file the vote decided on (outcome REPAIRABLE: the archived checksum won),
 * through the archive's own operations, as any client would: a corrupt copy is removed with the
 * credentialed correction (the repository refuses it if later jobs' revisits would lose their last
 * good original; the bitarchive keeps the bad copy in its attic), a good copy is fetched from a
 * replica that holds one and stored again, which uploads it to every replica whose copy is gone and
 * verifies its checksum there. Then each repaired copy's SHA-512 is computed from its replica's
 * disk; only a match makes it OK again. Every step goes to the ledger. The copies of a replica held
 * on a bitarchive node are checked by its own instances, through a {@code checksum} batch job over
 * that one file ({@link ReplicaBatches}); a replica held here is read directly.
 *
 * <p>Files and copies that the vote left to a person (no majority, or a majority against the
 * archived checksum) are never repaired here.
 */
@PermitAll
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Repairs {

  private static final Logger LOG = Logger.getLogger(Repairs.class.getName());

  /** How long one request of a repair may take (a whole file is fetched and stored). */
  private static final Duration PATIENCE = Duration.ofHours(6);

  /** What a repair did. */
  public record Repaired(String fileName, String sha512, String source, List<String> replicas) {}

  @Resource(lookup = "java:/ConnectionFactory")
  private ConnectionFactory factory;

  @Inject private ArchiveSettings settings;
  @Inject private Bitarchives bitarchives;
  @EJB private ArchiveTransfers transfers;
  @EJB private ReplicaBatches batches;
  @Inject private PreservationRecords records;
  @Inject private Notifier notifier;

  private final Clock clock = Clock.systemUTC();
  private final Set<String> repairing = ConcurrentHashMap.newKeySet();
  private ArchiveClient client;

  private synchronized ArchiveClient client() {
    if (client == null) {
      // Offered and delivered over the application's transfer endpoint, not by path: the
      // server's temporary directory is not a local read one.
      client = new ArchiveClient(factory, null, null, settings.channels(), transfers, PATIENCE, 0);
    }
    return client;
  }

  /** Repairs files one after the other in the background, e.g. after an audit. */
  @Asynchronous
  public void repairInBackground(List<String> fileNames, String actor, String reason) {
    for (String name : fileNames) {
      try {
        repair(name, actor, reason);
      } catch (RuntimeException e) {
        LOG.warning(() -> "Automatic repair of '" + name + "' did not succeed: " + e.getMessage());
        notifier.notify(
            Notification.of(
                    "REPAIR_FAILED", "Automatic repair of '" + name + "' failed", e.getMessage())
                .with("file", name));
      }
    }
  }

  /**
   * Repairs the missing and corrupt copies of a file.
   *
   * @param fileName the file
   * @param actor the account (or job) repairing
   * @param reason why, recorded in the ledger
   * @return what was repaired
   * @throws IllegalArgumentException if the reason is blank or the file has no vote
   * @throws IllegalStateException if the vote leaves the file to a person, no good copy is
   *     available, a step is refused, or a repaired copy does not verify
   */
  public Repaired repair(String fileName, String actor, String reason) {
    if (reason == null || reason.isBlank()) {
      throw new IllegalArgumentException(
          "A repair of '" + fileName + "' needs a reason, for the fixity ledger");
    }
    Decision decision;
    try {
      decision =
          records
              .decision(fileName)
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "File '"
                              + fileName
                              + "' has no copies that disagree: no audit found one missing or"
                              + " corrupt since its last repair"));
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the vote on '" + fileName + "': " + e, e);
    }
    if (!decision.outcome().equals("REPAIRABLE")) {
      throw new PreservationConflict(
          "File '"
              + fileName
              + "' is "
              + decision.outcome()
              + " ("
              + decision.votes()
              + "): "
              + (decision.needsPerson()
                  ? "a person must decide which copy is right; it is never repaired automatically"
                  : "nothing left to repair"));
    }
    if (!repairing.add(fileName)) {
      throw new PreservationConflict("File '" + fileName + "' is being repaired already");
    }
    Path work = null;
    try {
      work =
          Files.createDirectories(
              Path.of(
                  System.getProperty("jboss.server.temp.dir", System.getProperty("java.io.tmpdir")),
                  "netarchive-repairs",
                  UUID.randomUUID().toString()));
      return repair(fileName, decision.decidedSha512(), actor, reason, work);
    } catch (IOException | SQLException e) {
      String why = e.getMessage() == null ? e.toString() : e.getMessage();
      record("REPAIR_FAILED", actor, fileName, null, decision.decidedSha512(), null, why);
      notifier.notify(
          Notification.of("REPAIR_FAILED", "Repair of '" + fileName + "' failed", why)
              .with("file", fileName));
      throw new PreservationConflict("Repair of '" + fileName + "' failed: " + why, e);
    } finally {
      repairing.remove(fileName);
      deleteTree(work);
    }
  }

  private Repaired repair(String name, String good, String actor, String reason, Path work)
      throws IOException, SQLException {
    Map<String, CopyCheck> checks = records.checks(name);
    List<String> bad = new ArrayList<>();
    List<String> onNodes = new ArrayList<>();
    String source = null;
    for (String replica : settings.replicaIds()) {
      CopyCheck check = checks.get(replica);
      if (check != null
          && (check.state() == CopyState.MISSING || check.state() == CopyState.CORRUPT)) {
        bad.add(replica);
      } else if (settings.checksumOnly(replica)) {
        continue;
      } else if (bitarchives.local(replica).isEmpty()) {
        onNodes.add(replica);
      } else if (source == null
          && bitarchives.of(replica).sha512(name).map(good::equals).orElse(false)) {
        // Verified from the disk now, not from what an audit found earlier.
        source = replica;
      }
    }
    // A node's copy is verified by its instances, a batch job each: only if none here is good.
    for (int i = 0; source == null && i < onNodes.size(); i++) {
      if (copySha512(onNodes.get(i), name, work).map(good::equals).orElse(false)) {
        source = onNodes.get(i);
      }
    }
    if (source == null) {
      throw new IOException(
          "no replica holds a copy of '" + name + "' with SHA-512 " + good + " to repair from");
    }
    record(
        "REPAIR_STARTED",
        actor,
        name,
        null,
        good,
        null,
        reason + " (good copy in replica " + source + "; to repair: " + bad + ")");
    for (String replica : bad) {
      Optional<String> onDisk = copySha512(replica, name, work);
      if (onDisk.isPresent() && !onDisk.get().equals(good)) {
        String credentials = settings.correctCredentials();
        if (credentials == null) {
          throw new IOException(
              "the corrupt copy in replica "
                  + replica
                  + " can only be removed by a correction, and corrections are disabled:"
                  + " set NAS_ARCHIVE_CORRECT_CREDENTIALS on the server");
        }
        Path removed = work.resolve("removed-" + replica);
        client().removeAndGetFile(name, replica, onDisk.get(), credentials, removed);
        Files.deleteIfExists(removed); // the bitarchive's attic keeps it
        record(
            "MOVED_TO_ATTIC",
            actor,
            name,
            replica,
            good,
            onDisk.get(),
            "the corrupt copy was removed by the credentialed correction and kept in the attic");
      }
    }
    Path copy = Files.createDirectories(work.resolve("good")).resolve(name);
    var fetched = client().getFile(name, source, copy);
    if (!good.equalsIgnoreCase(fetched.sha512())) {
      throw new IOException(
          "the copy fetched from replica "
              + source
              + " has SHA-512 "
              + fetched.sha512()
              + ", not "
              + good);
    }
    String stored = client().store(copy);
    for (String replica : bad) {
      record(
          "STORED_AGAIN",
          actor,
          name,
          replica,
          good,
          stored,
          "a good copy from replica " + source + " was stored again");
    }
    List<String> repaired = new ArrayList<>();
    for (String replica : bad) {
      Optional<String> now = copySha512(replica, name, work);
      if (now.isEmpty() || !now.get().equals(good)) {
        record(
            "REPAIR_FAILED",
            actor,
            name,
            replica,
            good,
            now.orElse(null),
            "the repaired copy does not verify");
        throw new IOException(
            "the repaired copy in replica "
                + replica
                + " has SHA-512 "
                + now.orElse("(none: no file)")
                + ", not "
                + good);
      }
      records.verified(name, replica, now.get(), clock.instant(), checks.get(replica).runId());
      record(
          "VERIFIED",
          actor,
          name,
          replica,
          good,
          now.get(),
          bitarchives.local(replica).isPresent()
              ? "SHA-512 computed from the replica's disk after the repair"
              : "SHA-512 computed by the replica's bitarchive node after the repair");
      repaired.add(replica);
    }
    Decision decided = records.decision(name).orElseThrow();
    records.decide(new Decision(name, "REPAIRED", good, decided.votes(), clock.instant()));
    record("REPAIRED", actor, name, null, good, good, "copies repaired: " + repaired);
    String from = source;
    LOG.info(() -> "Repaired '" + name + "' in replicas " + repaired + " from replica " + from);
    return new Repaired(name, good, from, repaired);
  }

  /**
   * The SHA-512 of a replica's copy, computed from its disk now: read here for a replica held here,
   * by the replica's instances for one held on a bitarchive node.
   */
  private Optional<String> copySha512(String replica, String name, Path work) throws IOException {
    Optional<BitarchiveStorage> local = bitarchives.local(replica);
    return local.isPresent() ? local.get().sha512(name) : batches.sha512(replica, name, work);
  }

  private void record(
      String event,
      String actor,
      String name,
      String replica,
      String expected,
      String found,
      String detail) {
    try {
      records.record(clock.instant(), event, actor, null, name, replica, expected, found, detail);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot write the fixity ledger: " + e, e);
    }
  }

  private static void deleteTree(Path dir) {
    if (dir == null) {
      return;
    }
    try {
      FileTrees.delete(dir);
    } catch (IOException e) {
      LOG.warning(() -> "Cannot remove " + dir + ": " + e);
    }
  }
}
