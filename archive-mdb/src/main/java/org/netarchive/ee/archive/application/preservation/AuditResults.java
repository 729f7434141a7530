package org.netarchive.ee.archive.application.preservation;

import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.UserTransaction;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.domain.model.preservation.ChecksumVote;
import org.netarchive.ee.archive.domain.model.preservation.CopyState;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords.ArchivedCopies;
import org.netarchive.ee.scheduler.application.job.Notification;
import org.netarchive.ee.scheduler.application.job.Notifier;

/**
 * Applies a finished audit: its findings in bulk, the vote on every file whose copies now disagree
 * (or agreed again), the run's end in the ledger, a notification if it found anything, and, if the
 * settings ask for it, the automatic repair of the unambiguous cases. Applying is one transaction
 * (with a long timeout: a million files take a while), so that a crash while applying leaves the
 * run to be applied again from its findings.
 */
@PermitAll
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class AuditResults {

  private static final Logger LOG = Logger.getLogger(AuditResults.class.getName());

  /** Seconds one application of a run may take. */
  private static final int APPLY_TIMEOUT_SECONDS = 3600;

  @Resource private UserTransaction transaction;
  @Inject private PreservationRecords records;
  @Inject private ArchiveSettings settings;
  @Inject private PreservationSettings preservationSettings;
  @Inject private Notifier notifier;
  @EJB private Repairs repairs;
  @EJB private PreservationMetrics metrics;

  private final Clock clock = Clock.systemUTC();

  /**
   * Applies a run whose disk has been read.
   *
   * @return the run, COMPLETED
   */
  public AuditRun apply(long runId) {
    Instant now = clock.instant();
    String actor = "audit " + runId;
    List<String> repairable = new ArrayList<>();
    Map<CopyState, Long> counts;
    AuditRun run;
    try {
      records.refreshStatistics();
      transaction.setTransactionTimeout(APPLY_TIMEOUT_SECONDS);
      transaction.begin();
      run =
          records
              .run(runId)
              .orElseThrow(() -> new IllegalArgumentException("There is no audit run " + runId));
      long started = System.nanoTime();
      counts = records.apply(run, actor, now);
      for (String name : records.filesToVote(runId)) {
        if (vote(name, actor, now)) {
          repairable.add(name);
        }
      }
      records.status(runId, "COMPLETED", now, null);
      records.record(
          now,
          "AUDIT_COMPLETED",
          actor,
          runId,
          null,
          run.replica(),
          null,
          null,
          summary(run, counts)
              + String.format(" (applied in %.1f s)", (System.nanoTime() - started) / 1e9));
      transaction.commit();
      // The staging rows go after the commit, in a transaction of their own (removing a million
      // rows is as slow as applying them); a crash in between leaves them to the next start.
      transaction.begin();
      records.clearStaging(runId);
      transaction.commit();
    } catch (Exception e) {
      rollback();
      throw new IllegalStateException("Cannot apply audit run " + runId + ": " + e, e);
    } finally {
      try {
        transaction.setTransactionTimeout(0);
      } catch (SystemException e) {
        LOG.fine(() -> "Cannot reset the transaction timeout: " + e);
      }
    }
    long problems =
        counts.get(CopyState.MISSING)
            + counts.get(CopyState.CORRUPT)
            + counts.get(CopyState.UNKNOWN_FILE);
    String summary = summary(run, counts);
    LOG.info(() -> "Audit " + runId + ": " + summary);
    metrics.refresh();
    if (problems > 0) {
      Map<String, Long> byState = new LinkedHashMap<>();
      counts.forEach((state, n) -> byState.put(state.name(), n));
      notifier.notify(
          new Notification(
              "AUDIT_FINDINGS",
              "Audit "
                  + runId
                  + " of replica "
                  + run.replica()
                  + " found "
                  + problems
                  + " copies that are not OK",
              summary
                  + ". The Preservation section lists them; files whose copies disagree were"
                  + " voted on and are repaired by an admin (or automatically, if autoRepair is"
                  + " on).",
              Map.of(
                  "replica",
                  run.replica(),
                  "runId",
                  runId,
                  "audit",
                  run.kind().name(),
                  "counts",
                  byState),
              now));
    }
    if (!repairable.isEmpty() && preservationSettings.values().autoRepair()) {
      repairs.repairInBackground(repairable, actor, "automatic repair after audit " + runId);
    }
    return runNow(runId);
  }

  /** Marks a run FAILED, in the ledger too, and tells the operators. */
  public void failed(long runId, String why) {
    Instant now = clock.instant();
    Optional<String> replica = Optional.empty();
    try {
      transaction.begin();
      Optional<AuditRun> run = records.run(runId);
      replica = run.map(AuditRun::replica);
      records.status(runId, "FAILED", now, why);
      records.record(
          now,
          "AUDIT_FAILED",
          "audit " + runId,
          runId,
          null,
          run.map(AuditRun::replica).orElse(null),
          null,
          null,
          why);
      transaction.commit();
    } catch (Exception e) {
      rollback();
      LOG.log(Level.SEVERE, "Cannot record the failure of audit run " + runId, e);
    }
    Notification failure =
        new Notification(
            "AUDIT_FAILED", "Audit run " + runId + " failed", why, Map.of("runId", runId), now);
    notifier.notify(replica.map(r -> failure.with("replica", r)).orElse(failure));
  }

  /**
   * Votes on a file's copies and records the decision if it changed; true if the file can be
   * repaired.
   */
  private boolean vote(String name, String actor, Instant now) throws SQLException {
    Optional<ArchivedCopies> archived = records.archivedCopies(name);
    if (archived.isEmpty()) {
      return false;
    }
    Map<String, CopyCheck> checks = records.checks(name);
    Map<String, Optional<String>> copies = new LinkedHashMap<>();
    for (String replica : settings.replicaIds()) {
      CopyCheck check = checks.get(replica);
      String[] copy = archived.get().copies().get(replica);
      if (check != null) {
        switch (check.state()) {
          case OK ->
              copies.put(
                  replica,
                  Optional.of(
                      check.checksumFound() != null
                          ? check.checksumFound()
                          : archived.get().sha512()));
          case MISSING -> copies.put(replica, Optional.empty());
          case CORRUPT ->
              copies.put(
                  replica, Optional.of(check.checksumFound() == null ? "" : check.checksumFound()));
          case UNKNOWN_FILE -> {}
        }
      } else if (copy != null) {
        copies.put(
            replica,
            copy[0].equals("UPLOAD_COMPLETED")
                ? Optional.of(copy[1] != null ? copy[1] : archived.get().sha512())
                : Optional.empty());
      }
    }
    ChecksumVote vote = ChecksumVote.of(archived.get().sha512(), copies);
    Optional<Decision> earlier = records.decision(name);
    if (vote.outcome() == ChecksumVote.Outcome.AGREED) {
      if (earlier.isPresent()) {
        records.forgetDecision(name);
        recordVote(
            now,
            "AGREED",
            actor,
            name,
            archived.get(),
            vote,
            "every copy has the archived checksum again: " + vote.votes());
      }
      return false;
    }
    boolean changed =
        earlier.isEmpty()
            || !earlier.get().outcome().equals(vote.outcome().name())
            || !earlier.get().votes().equals(vote.votes());
    if (changed) {
      records.decide(new Decision(name, vote.outcome().name(), vote.decided(), vote.votes(), now));
      recordVote(
          now,
          vote.outcome() == ChecksumVote.Outcome.REPAIRABLE ? "VOTED" : "FLAGGED",
          actor,
          name,
          archived.get(),
          vote,
          vote.outcome() + ": " + vote.votes());
    }
    return vote.outcome() == ChecksumVote.Outcome.REPAIRABLE;
  }

  /**
   * Writes a vote on a file's copies to the ledger: the archived checksum as expected, the decided
   * one as found.
   */
  private void recordVote(
      Instant now,
      String event,
      String actor,
      String name,
      ArchivedCopies archived,
      ChecksumVote vote,
      String detail)
      throws SQLException {
    records.record(now, event, actor, null, name, null, archived.sha512(), vote.decided(), detail);
  }

  private AuditRun runNow(long runId) {
    try {
      return records.run(runId).orElseThrow();
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read audit run " + runId + ": " + e, e);
    }
  }

  private static String summary(AuditRun run, Map<CopyState, Long> counts) {
    return run.kind().label()
        + " audit of replica "
        + run.replica()
        + ": "
        + counts.get(CopyState.OK)
        + " OK, "
        + counts.get(CopyState.MISSING)
        + " missing, "
        + counts.get(CopyState.CORRUPT)
        + " corrupt, "
        + counts.get(CopyState.UNKNOWN_FILE)
        + " unknown";
  }

  private void rollback() {
    try {
      if (transaction.getStatus() != Status.STATUS_NO_TRANSACTION) {
        transaction.rollback();
      }
    } catch (Exception e) {
      LOG.log(Level.WARNING, "Cannot roll back", e);
    }
  }
}
