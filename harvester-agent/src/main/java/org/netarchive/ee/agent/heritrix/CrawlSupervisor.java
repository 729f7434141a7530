package org.netarchive.ee.agent.heritrix;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.netarchive.ee.agent.job.JobDirectory;

/**
 * Runs one prepared job in its own Heritrix: start the process, build, launch and unpause the job,
 * read its status often (to see the end at once) and report progress every status interval, stop it
 * when a timeout or the job's time limit says so, then tear it down and make Heritrix exit (killing
 * it after the process timeout). Heritrix has written its logs and reports when this returns.
 */
public final class CrawlSupervisor {

  private static final Logger LOG = Logger.getLogger(CrawlSupervisor.class.getName());
  private static final String JOB = JobDirectory.HERITRIX_JOB;
  private static final Duration POLL = Duration.ofMillis(500);
  private static final Duration LAUNCH_TIMEOUT = Duration.ofSeconds(120);

  /** How long the REST API may fail to answer before Heritrix is taken for dead. */
  private static final Duration REST_SILENCE = Duration.ofSeconds(120);

  private final HeritrixSettings settings;
  private final Clock clock;

  public CrawlSupervisor(HeritrixSettings settings, Clock clock) {
    this.settings = settings;
    this.clock = clock;
  }

  /**
   * Crawls a prepared job.
   *
   * @param directory the job directory, with its crawler-beans.cxml written
   * @param maxRunning the job's maximum running time, zero for none
   * @param progress told the status every status interval
   * @param stopRequested polled; when it says {@code true} the crawl is stopped (agent shutdown)
   * @return how the crawl ended
   */
  public CrawlResult crawl(
      JobDirectory directory,
      Duration maxRunning,
      Consumer<CrawlStatus> progress,
      BooleanSupplier stopRequested) {
    return crawl(directory, maxRunning, progress, stopRequested, Optional::empty);
  }

  /**
   * Crawls a prepared job that an operator may stop.
   *
   * @param directory the job directory, with its crawler-beans.cxml written
   * @param maxRunning the job's maximum running time, zero for none
   * @param progress told the status every status interval
   * @param stopRequested polled; when it says {@code true} the crawl is stopped (agent shutdown)
   * @param operatorStop polled; when it has a value (e.g. {@code "stopped by operator alice"}) the
   *     crawl is terminated and ends {@link CrawlEnd#STOPPED_BY_OPERATOR} with that value as its
   *     detail
   * @return how the crawl ended
   */
  public CrawlResult crawl(
      JobDirectory directory,
      Duration maxRunning,
      Consumer<CrawlStatus> progress,
      BooleanSupplier stopRequested,
      Supplier<Optional<String>> operatorStop) {
    HeritrixProcess heritrix;
    try {
      heritrix = HeritrixProcess.start(settings, directory);
    } catch (HeritrixException e) {
      return new CrawlResult(CrawlEnd.FAILED, e.getMessage(), Optional.empty());
    }
    CrawlResult result;
    try {
      result = drive(heritrix, directory, maxRunning, progress, stopRequested, operatorStop);
    } catch (RuntimeException e) {
      result =
          new CrawlResult(
              CrawlEnd.FAILED, "The agent failed while driving Heritrix: " + e, Optional.empty());
    } finally {
      int status = heritrix.stop(settings.processTimeout());
      LOG.info(() -> "Heritrix of job " + directory.jobId() + " exited with status " + status);
    }
    return result;
  }

  private CrawlResult drive(
      HeritrixProcess heritrix,
      JobDirectory directory,
      Duration maxRunning,
      Consumer<CrawlStatus> progress,
      BooleanSupplier stopRequested,
      Supplier<Optional<String>> operatorStop) {
    HeritrixClient client = heritrix.client();
    long jobId = directory.jobId();
    CrawlStatus status;
    try {
      client.jobAction(JOB, "build");
      status = client.status(JOB);
      if (!status.built() || !status.availableActions().contains("launch")) {
        return failed(
            "Heritrix could not build job " + jobId + " from its crawler-beans.cxml", status);
      }
      client.jobAction(JOB, "launch");
      status = awaitLaunch(client);
      if (!status.controllerState().equals("PAUSED")
          && !status.controllerState().equals("RUNNING")) {
        return failed("Heritrix could not launch job " + jobId, status);
      }
      if (status.controllerState().equals("PAUSED")) {
        client.jobAction(JOB, "unpause");
      }
    } catch (IOException e) {
      return new CrawlResult(
          CrawlEnd.FAILED,
          "Heritrix did not take job " + jobId + ": " + e.getMessage(),
          Optional.empty());
    }
    LOG.info(() -> "Job " + jobId + " is crawling");

    Instant start = clock.instant();
    CrawlWatch watch =
        new CrawlWatch(
            start, settings.noResponseTimeout(), settings.inactivityTimeout(), maxRunning);
    Instant nextReport = start.plus(settings.statusInterval());
    Instant lastAnswer = start;
    CrawlEnd stoppedFor = null;
    String stopReason = null;
    Instant stopDeadline = null;
    CrawlStatus last = status;
    while (true) {
      HeritrixProcess.sleep(POLL);
      Instant now = clock.instant();
      if (!heritrix.isAlive()) {
        return new CrawlResult(
            CrawlEnd.FAILED,
            "Heritrix died during job "
                + jobId
                + "; the end of heritrix.out:\n"
                + HeritrixProcess.tail(directory.heritrixOut(), 15),
            Optional.of(last));
      }
      try {
        last = client.status(JOB);
        lastAnswer = now;
      } catch (IOException e) {
        if (Duration.between(lastAnswer, now).compareTo(REST_SILENCE) > 0) {
          return new CrawlResult(
              CrawlEnd.FAILED,
              "Heritrix's REST API stopped answering during job " + jobId + ": " + e.getMessage(),
              Optional.of(last));
        }
        continue;
      }
      if (last.finished()) {
        break;
      }
      if (!now.isBefore(nextReport)) {
        progress.accept(last);
        nextReport = now.plus(settings.statusInterval());
      }
      if (stoppedFor == null) {
        Optional<String> byOperator = operatorStop.get();
        Optional<CrawlEnd> stop =
            stopRequested.getAsBoolean()
                ? Optional.of(CrawlEnd.STOPPED)
                : byOperator.isPresent()
                    ? Optional.of(CrawlEnd.STOPPED_BY_OPERATOR)
                    : watch.observe(now, last);
        if (stop.isPresent()) {
          stoppedFor = stop.get();
          stopReason =
              switch (stoppedFor) {
                case STOPPED -> "the agent was stopped during the crawl";
                case STOPPED_BY_OPERATOR -> byOperator.orElseThrow();
                default -> watch.explain(stoppedFor);
              };
          String why = stopReason;
          LOG.warning(() -> "Stopping job " + jobId + ": " + why);
          stopDeadline = now.plus(settings.processTimeout());
          try {
            client.jobAction(JOB, "terminate");
          } catch (IOException e) {
            LOG.warning(() -> "Heritrix refused to terminate job " + jobId + ": " + e);
          }
        }
      } else if (now.isAfter(stopDeadline)) {
        return new CrawlResult(
            CrawlEnd.FAILED,
            "Heritrix did not end job "
                + jobId
                + " within "
                + settings.processTimeout().toSeconds()
                + " s after it was stopped because "
                + stopReason,
            Optional.of(last));
      }
    }
    progress.accept(last);
    try {
      client.jobAction(JOB, "teardown");
    } catch (IOException e) {
      LOG.warning(() -> "Heritrix refused to tear down job " + jobId + ": " + e);
    }
    if (stoppedFor != null) {
      return new CrawlResult(stoppedFor, stopReason, Optional.of(last));
    }
    CrawlEnd end =
        last.exitStatus().equals("FINISHED_TIME_LIMIT") ? CrawlEnd.TIME_LIMIT : CrawlEnd.FINISHED;
    return new CrawlResult(
        end, "Heritrix ended the crawl: " + last.statusDescription(), Optional.of(last));
  }

  private CrawlStatus awaitLaunch(HeritrixClient client) throws IOException {
    Instant deadline = clock.instant().plus(LAUNCH_TIMEOUT);
    CrawlStatus status = client.status(JOB);
    while (List.of("NASCENT", "PREPARING").contains(status.controllerState())
        && clock.instant().isBefore(deadline)) {
      HeritrixProcess.sleep(Duration.ofMillis(200));
      status = client.status(JOB);
    }
    return status;
  }

  private static CrawlResult failed(String what, CrawlStatus status) {
    return new CrawlResult(
        CrawlEnd.FAILED,
        what
            + " ("
            + (status.statusDescription().isEmpty() ? "no status" : status.statusDescription())
            + "); Heritrix's job log:\n"
            + String.join("\n", status.jobLog()),
        Optional.of(status));
  }
}
