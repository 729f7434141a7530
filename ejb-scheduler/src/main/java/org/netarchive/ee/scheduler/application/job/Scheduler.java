package org.netarchive.ee.scheduler.application.job;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.application.monitor.SchedulerActivity;

/** What the scheduler's timer does, pass by pass (the timer's methods are one line each). */
@ApplicationScoped
public class Scheduler {

  private static final Logger LOG = Logger.getLogger(Scheduler.class.getName());

  /** A RUNNING split without progress for this long is taken over by any server. */
  static final Duration STALE_SPLIT = Duration.ofMinutes(15);

  private static final int DISPATCH_BATCH = 20;

  @Inject private HarvestScheduling scheduling;
  @Inject private JobDispatcher dispatcher;
  @Inject private JobStatusUpdates updates;
  @EJB private SplitLauncher launcher;
  @Inject private SchedulerActivity activity;

  /** This server's name among those sharing the database. */
  static String serverName() {
    return System.getProperty("jboss.node.name", "netarchive");
  }

  /** Resubmits jobs lost in the queue and resumes interrupted splits. */
  public void recoverAfterStart() {
    try {
      int resubmitted = dispatcher.resubmitLostJobs();
      if (resubmitted > 0) {
        LOG.info(() -> "Resubmitted " + resubmitted + " job(s) that were queued at restart");
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Could not resubmit the jobs queued at restart", e);
    }
    resumeSplits();
  }

  private void resumeSplits() {
    for (long splitId : scheduling.splitsToRecover(serverName(), STALE_SPLIT)) {
      OptionalLong execution = scheduling.executionOf(splitId);
      if (execution.isPresent() && launcher.isRunning(execution.getAsLong())) {
        continue;
      }
      LOG.info(() -> "Resuming the interrupted split " + splitId);
      launch(splitId);
    }
  }

  /** Claims the due harvests and starts their splits; fails jobs past the timeout. */
  public void schedulingPass() {
    List<Long> claimed = scheduling.claimDueHarvests(serverName());
    activity.harvestsClaimed(claimed.size());
    for (long splitId : claimed) {
      launch(splitId);
    }
    resumeSplits();
    updates.failTimedOutJobs();
  }

  private void launch(long splitId) {
    try {
      long execution = launcher.start(splitId);
      scheduling.executionStarted(splitId, execution, serverName());
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Could not start splitting " + splitId, e);
      scheduling.failSplit(splitId, "the split-harvest batch job could not start: " + e);
    }
  }

  /** Sends every dispatchable NEW job to its queue. */
  public void dispatchPass() {
    while (dispatcher.dispatchSome(DISPATCH_BATCH) == DISPATCH_BATCH) {
      // more may be waiting
    }
  }
}
