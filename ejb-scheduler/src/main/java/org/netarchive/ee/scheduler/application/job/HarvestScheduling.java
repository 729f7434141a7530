package org.netarchive.ee.scheduler.application.job;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinition;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinitionRepository;
import org.netarchive.ee.scheduler.domain.model.harvest.SnapshotHarvest;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJobRepository;
import org.netarchive.ee.scheduler.domain.model.job.HarvestLimits;
import org.netarchive.ee.scheduler.domain.model.job.HarvestSplit;
import org.netarchive.ee.scheduler.domain.model.job.HarvestSplitRepository;
import org.netarchive.ee.scheduler.domain.model.job.SplitSettings;
import org.netarchive.ee.scheduler.domain.model.job.SplitStatus;

/**
 * Finds the harvests that are due and claims a split of each; finishes or fails splits.
 *
 * <p>Claiming runs in a short transaction that first locks the {@code scheduling} row of {@code
 * scheduler_lock}: two servers sharing the database take turns, and the unique (harvest, run) key
 * of {@code harvest_split} makes a second claim of the same run impossible. A harvest with a
 * RUNNING split is never claimed again until that split ends.
 */
@Stateless
@PermitAll
public class HarvestScheduling {

  private static final Logger LOG = Logger.getLogger(HarvestScheduling.class.getName());

  @Inject private HarvestSplitRepository splits;
  @Inject private HarvestJobRepository jobs;
  @Inject private HarvestDefinitionRepository harvests;
  @Inject private SchedulingSettings settings;
  @Inject private Notifier notifier;

  private final Clock clock = Clock.systemUTC();

  /**
   * Claims a split for every harvest that is due now.
   *
   * @param server the name of the server claiming
   * @return the ids of the claimed splits
   */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public List<Long> claimDueHarvests(String server) {
    splits.lockScheduling();
    Instant now = clock.instant();
    Set<Long> splitting = splits.harvestsBeingSplit();
    List<HarvestDefinition> due = harvests.findDue(now);
    SplitSettings splitSettings = settings.split();
    List<HarvestSplit> claimed = new ArrayList<>();
    for (HarvestDefinition harvest : due) {
      if (splitting.contains(harvest.id()) || !harvest.isDue(now)) {
        continue;
      }
      long maxObjects = -1;
      long maxBytes = -1;
      long seconds = 0;
      if (harvest instanceof SnapshotHarvest snapshot) {
        maxObjects = snapshot.limits().maxObjectsPerDomain();
        maxBytes = snapshot.limits().maxBytesPerDomain();
        seconds = snapshot.limits().maxJobRunningTime().toSeconds();
      }
      HarvestSplit split =
          new HarvestSplit(
              harvest.id(),
              harvest.runCount() + 1,
              server,
              new HarvestLimits(maxObjects, maxBytes, seconds),
              splitSettings,
              now);
      splits.add(split);
      claimed.add(split);
      LOG.info(
          () ->
              harvest.describe()
                  + " is due (run "
                  + (harvest.runCount() + 1)
                  + "); splitting it into jobs");
    }
    splits.flush();
    return claimed.stream().map(HarvestSplit::id).toList();
  }

  /** What the split-harvest job needs of a split. */
  public SplitContext context(long splitId) {
    HarvestSplit split = split(splitId);
    HarvestDefinition harvest = harvest(split);
    OptionalLong previous = OptionalLong.empty();
    if (harvest instanceof SnapshotHarvest snapshot && snapshot.previousSnapshot().isPresent()) {
      previous = OptionalLong.of(snapshot.previousSnapshot().get().id());
    }
    return new SplitContext(
        splitId,
        harvest.id(),
        harvest.name(),
        harvest.kind(),
        harvest.channel().id(),
        split.runNumber(),
        split.limits(),
        previous,
        split.settings());
  }

  /** Records the batch execution that works on a split. */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public void executionStarted(long splitId, long executionId, String server) {
    split(splitId).runBy(executionId, server, clock.instant());
  }

  /**
   * Ends a split whose every configuration is in a job: the split is DONE (its jobs may now be
   * dispatched), and the harvest's run is counted and its next run set, past dates skipped.
   */
  public void finishSplit(long splitId) {
    HarvestSplit split = split(splitId);
    if (split.status() != SplitStatus.RUNNING) {
      LOG.warning(() -> "Split " + splitId + " is " + split.status() + "; not finishing it again");
      return;
    }
    Instant now = clock.instant();
    split.finish(now);
    HarvestDefinition harvest = harvest(split);
    if (harvest.isActive()) {
      harvest.recordRun(now);
    }
    LOG.info(
        () ->
            harvest.describe()
                + ": run "
                + split.runNumber()
                + " split into "
                + split.jobsMade()
                + " job(s) with "
                + split.placed()
                + " configuration(s)");
  }

  /**
   * Ends a split that failed: its jobs (never dispatched) are removed, the harvest is deactivated
   * with the reason, and the operators are notified.
   */
  @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
  public void failSplit(long splitId, String reason) {
    HarvestSplit split = split(splitId);
    if (split.status() != SplitStatus.RUNNING) {
      return;
    }
    Instant now = clock.instant();
    split.fail(reason, now);
    int removed = jobs.deleteJobsOfSplit(splitId);
    HarvestDefinition harvest = harvest(split);
    String why = "Splitting run " + split.runNumber() + " into jobs failed: " + reason;
    harvest.deactivateBecause(why, now);
    notifier.notify(
        "HARVEST_DEACTIVATED",
        harvest.describe() + " was deactivated",
        why
            + "\n"
            + removed
            + " job(s) made before the failure were removed. Correct the cause and activate the"
            + " harvest again.");
  }

  /**
   * The RUNNING splits this server should take up: those it claimed before a restart, and those of
   * any server that have shown no progress for {@code staleAfter}.
   */
  public List<Long> splitsToRecover(String server, Duration staleAfter) {
    Instant now = clock.instant();
    return splits.withStatus(SplitStatus.RUNNING).stream()
        .filter(s -> s.claimedBy().equals(server) || s.isStale(now, staleAfter))
        .map(HarvestSplit::id)
        .toList();
  }

  /** The batch execution a split was last run by, if any. */
  public OptionalLong executionOf(long splitId) {
    return split(splitId).executionId().map(OptionalLong::of).orElse(OptionalLong.empty());
  }

  private HarvestSplit split(long splitId) {
    return splits
        .find(splitId)
        .orElseThrow(() -> new IllegalArgumentException("No harvest split with id " + splitId));
  }

  private HarvestDefinition harvest(HarvestSplit split) {
    return harvests
        .find(split.harvestId())
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "Split "
                        + split.id()
                        + " belongs to no harvest (id "
                        + split.harvestId()
                        + ")"));
  }
}
