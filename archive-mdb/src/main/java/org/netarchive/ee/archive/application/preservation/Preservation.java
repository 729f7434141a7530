package org.netarchive.ee.archive.application.preservation;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.domain.model.preservation.AuditKind;
import org.netarchive.ee.archive.domain.model.preservation.CopyState;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords.Holding;

/**
 * Reads bit preservation's state for the Preservation section (UI and REST) and the metrics: per
 * replica what it holds, what the audits found and when they ran; the copies in a state; a file's
 * checks, vote and history; the fixity ledger.
 */
@PermitAll
@Stateless
public class Preservation {

  /**
   * A replica at a glance.
   *
   * @param replica the replica
   * @param checksumOnly whether it keeps only checksums
   * @param files the files it holds by the admin data
   * @param bytes their bytes
   * @param notVerified of those, the copies whose checksum was not verified within the settings'
   *     days
   * @param copies the copies in each state (by its name), as the last audits found them
   * @param lastList the latest file-list audit, or null
   * @param lastChecksum the latest checksum audit, or null
   * @param unfinished the audits running or paused
   */
  public record ReplicaState(
      String replica,
      boolean checksumOnly,
      long files,
      long bytes,
      long notVerified,
      Map<String, Long> copies,
      AuditRun lastList,
      AuditRun lastChecksum,
      List<AuditRun> unfinished)
      implements java.io.Serializable {}

  /**
   * A file's preservation record.
   *
   * @param fileName the file
   * @param checks what the last audits found, by replica
   * @param decision the vote, if its copies disagreed
   * @param history its ledger entries, oldest first
   */
  public record FileRecord(
      String fileName, Map<String, CopyCheck> checks, Decision decision, List<LedgerEntry> history)
      implements java.io.Serializable {}

  @Inject private PreservationRecords records;
  @Inject private ArchiveSettings settings;
  @Inject private PreservationSettings preservationSettings;

  private final Clock clock = Clock.systemUTC();

  /** The replicas. */
  public List<String> replicaIds() {
    return settings.replicaIds();
  }

  /** Every replica's state. */
  public List<ReplicaState> replicas() {
    try {
      int days = preservationSettings.values().notVerifiedDays();
      Instant since = clock.instant().minus(Duration.ofDays(days));
      Map<String, Holding> holdings = records.holdings(settings.replicaIds(), since);
      Map<String, Map<CopyState, Long>> counts = records.countsByState(settings.replicaIds());
      List<ReplicaState> states = new ArrayList<>();
      for (String replica : settings.replicaIds()) {
        List<AuditRun> runs = records.latestRuns(replica, 50);
        Holding holding = holdings.get(replica);
        states.add(
            new ReplicaState(
                replica,
                settings.checksumOnly(replica),
                holding.files(),
                holding.bytes(),
                holding.notVerified(),
                byName(counts.get(replica)),
                latest(runs, AuditKind.LIST),
                latest(runs, AuditKind.CHECKSUM),
                runs.stream().filter(AuditRun::unfinished).toList()));
      }
      return states;
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the replicas' preservation state: " + e, e);
    }
  }

  private static Map<String, Long> byName(Map<CopyState, Long> counts) {
    Map<String, Long> named = new java.util.LinkedHashMap<>();
    counts.forEach((state, count) -> named.put(state.name(), count));
    return named;
  }

  private static AuditRun latest(List<AuditRun> runs, AuditKind kind) {
    return runs.stream().filter(r -> r.kind() == kind).findFirst().orElse(null);
  }

  /**
   * A page of a replica's copies in a state.
   *
   * @throws IllegalArgumentException naming the replica if it is unknown
   */
  public List<CopyCheck> copies(String replica, CopyState state, int first, int max) {
    if (!settings.replicaIds().contains(replica)) {
      throw new IllegalArgumentException(
          "Unknown replica '" + replica + "'; the replicas are " + settings.replicaIds());
    }
    try {
      return records.checksInState(replica, state, first, max);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the copies: " + e, e);
    }
  }

  /** A file's checks, vote and history. */
  public FileRecord file(String fileName) {
    try {
      return new FileRecord(
          fileName,
          records.checks(fileName),
          records.decision(fileName).orElse(null),
          records.ledger(fileName, 0, 10_000));
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the record of '" + fileName + "': " + e, e);
    }
  }

  /** The vote on a file, if its copies disagreed. */
  public Optional<Decision> decision(String fileName) {
    try {
      return records.decision(fileName);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the vote on '" + fileName + "': " + e, e);
    }
  }

  /** The votes with an outcome (all if null), by file name. */
  public List<Decision> decisions(String outcome, int max) {
    try {
      return records.decisions(outcome, max);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the votes: " + e, e);
    }
  }

  /** Ledger entries after an entry number, in order; of one file if a name is given. */
  public List<LedgerEntry> ledger(String fileName, long afterId, int max) {
    try {
      return records.ledger(fileName, afterId, max);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the fixity ledger: " + e, e);
    }
  }
}
