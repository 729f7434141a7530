package org.netarchive.ee.scheduler.application.job;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.application.monitor.SchedulerActivity;

/**
 * The scheduler's clock: every minute a scheduling pass (due harvests are claimed and split, jobs
 * past the job timeout fail), every ten seconds a dispatch pass (NEW jobs of finished splits go to
 * their queues). Once after start-up it first takes up what the last run of the server left: queued
 * jobs are resubmitted and interrupted splits resumed.
 *
 * <p>Passes of the same kind never overlap on one server (a flag), and the database serializes
 * scheduling passes of different servers (see {@link HarvestScheduling}).
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@PermitAll
public class SchedulerTimer {

  private static final Logger LOG = Logger.getLogger(SchedulerTimer.class.getName());

  @Inject private Scheduler scheduler;
  @Inject private SchedulerActivity activity;
  @Resource private TimerService timers;

  private final AtomicBoolean scheduling = new AtomicBoolean();
  private final AtomicBoolean dispatching = new AtomicBoolean();
  private final AtomicBoolean recovered = new AtomicBoolean();

  @PostConstruct
  void afterStart() {
    // Recovery needs the batch runtime and the broker, which are up once deployment is done.
    timers.createSingleActionTimer(5_000, new TimerConfig("recovery", false));
  }

  @Timeout
  void recover() {
    scheduler.recoverAfterStart();
    recovered.set(true);
  }

  @Schedule(hour = "*", minute = "*", second = "7", persistent = false)
  void schedulingPass() {
    schedulingPassNow();
  }

  @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
  void dispatchPass() {
    dispatchPassNow();
  }

  /**
   * Runs a scheduling pass now, as the minute's timer does: for an operator who does not want to
   * wait for the next minute (and for tests, which trigger what they wait for).
   *
   * @return the pass; empty when one is running already or start-up recovery has not finished
   */
  public Optional<SchedulerActivity.Pass> schedulingPassNow() {
    return runExclusively(
        scheduling, "scheduling", scheduler::schedulingPass, activity::schedulingPass);
  }

  /**
   * Runs a dispatch pass now, as the ten-second timer does.
   *
   * @return the pass; empty when one is running already or start-up recovery has not finished
   */
  public Optional<SchedulerActivity.Pass> dispatchPassNow() {
    return runExclusively(dispatching, "dispatch", scheduler::dispatchPass, activity::dispatchPass);
  }

  private Optional<SchedulerActivity.Pass> runExclusively(
      AtomicBoolean flag,
      String what,
      Runnable pass,
      java.util.function.Consumer<SchedulerActivity.Pass> done) {
    if (!recovered.get() || !flag.compareAndSet(false, true)) {
      return Optional.empty();
    }
    Instant started = Instant.now();
    String failure = null;
    try {
      pass.run();
    } catch (RuntimeException e) {
      failure = String.valueOf(e.getMessage());
      LOG.log(Level.WARNING, "The " + what + " pass failed: " + e.getMessage(), e);
    } finally {
      flag.set(false);
    }
    SchedulerActivity.Pass ran = new SchedulerActivity.Pass(started, Instant.now(), failure);
    done.accept(ran);
    return Optional.of(ran);
  }
}
