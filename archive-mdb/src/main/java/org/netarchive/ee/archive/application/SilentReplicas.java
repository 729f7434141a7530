package org.netarchive.ee.archive.application;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Logger;

/**
 * Every 30 seconds, asks again the replicas of unfinished stores that have been silent for {@code
 * NAS_ARCHIVE_ASK_AGAIN_AFTER_SECONDS} ({@link ArcRepository#askSilentReplicasAgain}), so that a
 * lost request or answer (a bitarchive node killed while it ran an upload can leave the request
 * dead-lettered by the broker) does not leave a store waiting for the next start or for its client
 * to store again. Only replicas with a bitarchive instance present (sending heartbeats) are asked;
 * the requests of the others wait for them in the broker. Each batch of files is its own
 * transaction; a pass takes at most {@value #MAX_BATCHES} of them and leaves the rest to the next
 * pass.
 */
@PermitAll
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class SilentReplicas {

  private static final Logger LOG = Logger.getLogger(SilentReplicas.class.getName());

  /** The most files asked again in one transaction. */
  static final int FILES_PER_BATCH = 100;

  /** The most batches in one pass. */
  static final int MAX_BATCHES = 10;

  @EJB private ArcRepository repository;
  @EJB private BitarchiveMonitor monitor;
  @Inject private ArchiveSettings settings;

  /** One pass at a time: the timer skips a pass while another runs; a caller waits for it. */
  private final ReentrantLock pass = new ReentrantLock();

  @Schedule(hour = "*", minute = "*", second = "*/30", persistent = false)
  void timer() {
    if (!pass.tryLock()) {
      return;
    }
    try {
      passOver(askAgainAfter());
    } catch (RuntimeException e) {
      LOG.warning(() -> "Could not ask the silent replicas of unfinished stores again: " + e);
    } finally {
      pass.unlock();
    }
  }

  /** How long a replica must have been silent before the timer asks it again. */
  public Duration askAgainAfter() {
    return settings.storePolicy().askAgainAfter();
  }

  /**
   * Asks again the replicas silent for at least {@code silentFor}, in batches, up to {@value
   * #MAX_BATCHES} of {@value #FILES_PER_BATCH} files, after a pass that runs already.
   *
   * @param silentFor how long a replica's state must have stood still; at least a second (so that
   *     the requests sent in a pass are not sent again by its next batch)
   * @return how many files had replicas asked again
   */
  public int askAgain(Duration silentFor) {
    if (silentFor == null || silentFor.compareTo(Duration.ofSeconds(1)) < 0) {
      throw new IllegalArgumentException(
          "How long a replica must have been silent must be at least 1 second, was " + silentFor);
    }
    pass.lock();
    try {
      return passOver(silentFor);
    } finally {
      pass.unlock();
    }
  }

  private int passOver(Duration silentFor) {
    // A replica without a bitarchive instance sending heartbeats would only collect the requests;
    // its first heartbeat makes it one to ask again.
    List<String> answering =
        settings.replicaIds().stream()
            .filter(replica -> !monitor.presentInstances(replica).isEmpty())
            .toList();
    int asked = 0;
    for (int batch = 0; batch < MAX_BATCHES && !answering.isEmpty(); batch++) {
      List<String> files = repository.askSilentReplicasAgain(answering, silentFor, FILES_PER_BATCH);
      asked += files.size();
      if (files.size() < FILES_PER_BATCH) {
        break;
      }
    }
    if (asked > 0) {
      int count = asked;
      LOG.info(() -> "Asked the silent replicas of " + count + " unfinished stores again");
    }
    return asked;
  }
}
