package org.netarchive.ee.scheduler.application.monitor;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The scheduling parts at one moment, as the operators' views show them.
 *
 * @param takenAt when it was taken; {@code null} before the first refresh
 * @param activity what the scheduler and the dispatcher did since the server started
 * @param jobsByStatus how many jobs there are in each status (every status, 0 included)
 * @param harvestsDue active harvests whose time has come and that are not being split
 * @param splitsRunning harvest runs being split into jobs
 * @param runningJobs the STARTED jobs with their last progress
 * @param queueDepths messages waiting in each of the installation's queues on the broker
 * @param agentsByState the harvester agents heard from, by the state their last heartbeat gave
 *     ({@link #AGENT_STATES}; {@code MISSING} when their heartbeats stopped)
 */
public record SchedulerSnapshot(
    Instant takenAt,
    SchedulerActivity.Counts activity,
    Map<String, Long> jobsByStatus,
    long harvestsDue,
    long splitsRunning,
    List<RunningJob> runningJobs,
    Map<String, Long> queueDepths,
    Map<String, Long> agentsByState) {

  /** The states an agent reports (its AgentState), and MISSING: one gauge each. */
  public static final List<String> AGENT_STATES =
      List.of(
          "RECOVERING",
          "CONNECTING",
          "IDLE",
          "CRAWLING",
          "UPLOADING",
          "PAUSED_FOR_DISK",
          "STOPPING",
          "MISSING");

  static final SchedulerSnapshot NONE =
      new SchedulerSnapshot(
          null,
          new SchedulerActivity.Counts(null, 0, 0, null, 0, 0, 0, 0),
          Map.of(),
          0,
          0,
          List.of(),
          Map.of(),
          Map.of());

  /**
   * A running job's last progress.
   *
   * @param id the job's id
   * @param harvest its harvest's name
   * @param channel its channel's name
   * @param agent the agent running it, {@code null} if unknown
   * @param progressAt when it last reported progress, {@code null} if it has not
   */
  public record RunningJob(
      long id,
      String harvest,
      String channel,
      String agent,
      Instant progressAt,
      long discovered,
      long queued,
      long downloaded,
      long bytes) {}
}
