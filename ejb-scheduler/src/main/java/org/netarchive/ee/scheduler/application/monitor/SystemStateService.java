package org.netarchive.ee.scheduler.application.monitor;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.netarchive.ee.common.message.LogEntry;
import org.netarchive.ee.scheduler.domain.model.component.ComponentStatus;
import org.netarchive.ee.scheduler.domain.model.component.ComponentStatusRepository;

/** Makes the {@link SystemStateView} of the installation. */
@Stateless
@RolesAllowed({"admin", "curator", "viewer"})
public class SystemStateService {

  /** The loggers of the scheduler: scheduling passes, splitting, notifications. */
  static final List<String> SCHEDULER_LOGGERS =
      List.of(
          "org.netarchive.ee.scheduler.application.job.Scheduler",
          "org.netarchive.ee.scheduler.application.job.HarvestScheduling",
          "org.netarchive.ee.scheduler.application.job.SplitLauncher",
          "org.netarchive.ee.scheduler.application.job.LogAndMailNotifier",
          "org.netarchive.ee.batch");

  /** The loggers of the dispatcher and of the agents' reports. */
  static final List<String> DISPATCHER_LOGGERS =
      List.of(
          "org.netarchive.ee.scheduler.application.job.JobDispatcher",
          "org.netarchive.ee.scheduler.application.job.JobStatusUpdates",
          "org.netarchive.ee.scheduler.interfaces.job");

  /** The loggers of the archive: the ArcRepository, the bitarchives and their messages. */
  static final List<String> ARCHIVE_LOGGERS = List.of("org.netarchive.ee.archive");

  static final String ARC_REPOSITORY = "ARC_REPOSITORY";

  @EJB private SchedulerOperations operations;
  @EJB private ServerWarnings serverWarnings;
  @Inject private SchedulerActivity activity;
  @Inject private ComponentStatusRepository components;

  private final Clock clock = Clock.systemUTC();

  /** The installation now. */
  public SystemStateView state() {
    Instant now = clock.instant();
    // The database figures of the last refresh, with what the timers did up to now.
    SchedulerSnapshot refreshed = operations.latest();
    SchedulerSnapshot snapshot =
        new SchedulerSnapshot(
            refreshed.takenAt(),
            activity.counts(),
            refreshed.jobsByStatus(),
            refreshed.harvestsDue(),
            refreshed.splitsRunning(),
            refreshed.runningJobs(),
            refreshed.queueDepths(),
            refreshed.agentsByState());
    List<ComponentStatus> all = components.all();
    List<SystemStateView.ServerPart> parts = new ArrayList<>();
    parts.add(scheduler(snapshot));
    parts.add(dispatcher(snapshot));
    parts.add(archive(all, now));
    List<SystemStateView.Agent> agents = new ArrayList<>();
    List<SystemStateView.ReplicaInstance> replicas = new ArrayList<>();
    List<SystemStateView.Component> others = new ArrayList<>();
    for (ComponentStatus c : all) {
      boolean missing = c.missingAt(now);
      switch (c.kind()) {
        case "HARVESTER_AGENT" -> agents.add(agent(c, missing));
        case "BITARCHIVE" -> replicas.add(replicaInstance(c, missing));
        case ARC_REPOSITORY -> {
          // shown as the server's archive part
        }
        default ->
            others.add(
                new SystemStateView.Component(
                    c.component(),
                    c.kind(),
                    c.instance(),
                    missing ? "MISSING" : c.state(),
                    c.channel(),
                    c.currentJob(),
                    c.lastHeartbeat(),
                    missing,
                    c.detailMap(),
                    c.warnings()));
      }
    }
    replicas.sort(
        (a, b) -> (a.replica() + "/" + a.instance()).compareTo(b.replica() + "/" + b.instance()));
    return new SystemStateView(now, parts, serverWarnings.all(), agents, replicas, others);
  }

  private SystemStateView.ServerPart scheduler(SchedulerSnapshot snapshot) {
    SchedulerActivity.Pass pass = snapshot.activity().lastSchedulingPass();
    Map<String, String> figures = new LinkedHashMap<>();
    figures.put("harvestsDue", Long.toString(snapshot.harvestsDue()));
    figures.put("splitsRunning", Long.toString(snapshot.splitsRunning()));
    figures.put("passes", Long.toString(snapshot.activity().schedulingPasses()));
    figures.put("harvestsClaimed", Long.toString(snapshot.activity().harvestsClaimed()));
    return new SystemStateView.ServerPart(
        "scheduler",
        passState(pass),
        pass == null ? null : pass.endedAt(),
        pass == null ? null : pass.outcome(),
        figures,
        serverWarnings.of(SCHEDULER_LOGGERS));
  }

  private SystemStateView.ServerPart dispatcher(SchedulerSnapshot snapshot) {
    SchedulerActivity.Pass pass = snapshot.activity().lastDispatchPass();
    Map<String, String> figures = new LinkedHashMap<>();
    snapshot.jobsByStatus().forEach((status, n) -> figures.put("jobs." + status, n.toString()));
    figures.put("jobsSubmitted", Long.toString(snapshot.activity().jobsSubmitted()));
    figures.put("jobsFinished", Long.toString(snapshot.activity().jobsFinished()));
    figures.put("jobsFailed", Long.toString(snapshot.activity().jobsFailed()));
    // Only the queues where messages wait: the empty ones are the many quiet channels.
    snapshot.queueDepths().entrySet().stream()
        .filter(e -> e.getValue() > 0)
        .forEach(e -> figures.put("queue." + e.getKey(), e.getValue().toString()));
    return new SystemStateView.ServerPart(
        "dispatcher",
        passState(pass),
        pass == null ? null : pass.endedAt(),
        pass == null ? null : pass.outcome(),
        figures,
        serverWarnings.of(DISPATCHER_LOGGERS));
  }

  private SystemStateView.ServerPart archive(List<ComponentStatus> all, Instant now) {
    ComponentStatus repository =
        all.stream()
            .filter(c -> ARC_REPOSITORY.equals(c.kind()))
            .max((a, b) -> a.lastHeartbeat().compareTo(b.lastHeartbeat()))
            .orElse(null);
    List<LogEntry> warnings = serverWarnings.of(ARCHIVE_LOGGERS);
    if (repository == null) {
      return new SystemStateView.ServerPart("archive", "STARTING", null, null, Map.of(), warnings);
    }
    return new SystemStateView.ServerPart(
        "archive",
        repository.missingAt(now) ? "MISSING" : "OK",
        repository.lastHeartbeat(),
        null,
        repository.detailMap(),
        warnings);
  }

  private static String passState(SchedulerActivity.Pass pass) {
    if (pass == null) {
      return "STARTING";
    }
    return pass.failure() == null ? "OK" : "FAILED";
  }

  private static SystemStateView.Agent agent(ComponentStatus c, boolean missing) {
    Map<String, String> details = c.detailMap();
    String description = details.remove("description");
    return new SystemStateView.Agent(
        c.instance(),
        c.channel(),
        missing ? "MISSING" : c.state(),
        c.state(),
        description,
        c.currentJob(),
        c.lastHeartbeat(),
        missing,
        details,
        c.warnings());
  }

  /**
   * A bitarchive instance from its heartbeat's details: {@code replica}, and {@code directory.N}
   * with {@code directory.N.usableBytes} for each of its directories.
   */
  private static SystemStateView.ReplicaInstance replicaInstance(
      ComponentStatus c, boolean missing) {
    Map<String, String> details = c.detailMap();
    Map<String, String> directories = new TreeMap<>();
    long free = 0;
    boolean known = false;
    for (Map.Entry<String, String> e : details.entrySet()) {
      String key = e.getKey();
      if (key.startsWith("directory.") && !key.endsWith(".usableBytes")) {
        String usable = details.getOrDefault(key + ".usableBytes", "unknown");
        directories.put(e.getValue(), usable);
        try {
          free += Long.parseLong(usable);
          known = true;
        } catch (NumberFormatException unknown) {
          // said why it is unknown; shown as said
        }
      }
    }
    return new SystemStateView.ReplicaInstance(
        details.getOrDefault("replica", "?"),
        c.component(),
        c.instance(),
        missing ? "MISSING" : c.state(),
        directories,
        known ? free : -1,
        c.lastHeartbeat(),
        missing,
        c.warnings());
  }
}
