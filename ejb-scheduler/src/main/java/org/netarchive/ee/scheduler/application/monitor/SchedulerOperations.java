package org.netarchive.ee.scheduler.application.monitor;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToDoubleFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.netarchive.ee.scheduler.application.Installation;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.component.ComponentStatus;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinition;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJob;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;
import org.netarchive.ee.scheduler.domain.model.job.SplitStatus;
import org.netarchive.ee.scheduler.infrastructure.metrics.DescribedMeters;

/**
 * Reads the scheduling parts' state from the database and the broker every ten seconds, and offers
 * it to the operators: as the latest {@link SchedulerSnapshot} (system state page, REST), as the
 * MBeans {@code org.netarchive.ee:type=Scheduler} and {@code type=Dispatcher}, and as Prometheus
 * gauges. Reading on a timer keeps JMX and metric scrapes away from the database (they run on
 * threads without a transaction) and bounds the queries to a few every ten seconds.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@PermitAll
public class SchedulerOperations {

  /** The JMX name of the scheduler's bean. */
  public static final String SCHEDULER_MBEAN = "org.netarchive.ee:type=Scheduler";

  /** The JMX name of the dispatcher's bean. */
  public static final String DISPATCHER_MBEAN = "org.netarchive.ee:type=Dispatcher";

  /** The broker's queues, as its management beans name them. */
  static final String BROKER_QUEUES =
      "org.apache.activemq.artemis:broker=\"default\",component=addresses,subcomponent=queues,*";

  private static final String JMS_QUEUE_PREFIX = "jms.queue.";
  private static final Logger LOG = Logger.getLogger(SchedulerOperations.class.getName());

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Inject private MeterRegistry metrics;
  @Inject private SchedulerActivity activity;
  @Inject private Installation installation;

  private final Clock clock = Clock.systemUTC();
  private final AtomicReference<SchedulerSnapshot> latest =
      new AtomicReference<>(SchedulerSnapshot.NONE);
  private final Map<String, Gauge> jobGauges = new ConcurrentHashMap<>();
  private final Set<String> registered = ConcurrentHashMap.newKeySet();
  private final List<ObjectName> mbeans = new ArrayList<>();
  private volatile String lastFailure;

  @PostConstruct
  void start() {
    register(SCHEDULER_MBEAN, new SchedulerBean(latest::get));
    register(DISPATCHER_MBEAN, new DispatcherBean(latest::get));
    for (JobStatus status : JobStatus.values()) {
      gauge("netarchive.jobs", Tags.of("status", status.name()), s -> count(s, status.name()));
    }
    for (String state : SchedulerSnapshot.AGENT_STATES) {
      gauge(
          "netarchive.agents",
          Tags.of("state", state),
          s -> s.agentsByState().getOrDefault(state, 0L));
    }
    gauge("netarchive.harvests.due", Tags.empty(), SchedulerSnapshot::harvestsDue);
    gauge("netarchive.splits.running", Tags.empty(), SchedulerSnapshot::splitsRunning);
  }

  @PreDestroy
  void stop() {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    for (ObjectName name : mbeans) {
      try {
        server.unregisterMBean(name);
      } catch (JMException e) {
        LOG.fine(() -> "MBean " + name + " was not registered: " + e);
      }
    }
  }

  @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
  void refreshTimer() {
    refreshQuietly();
  }

  /** The latest snapshot; empty (no {@code takenAt}) before the first refresh. */
  public SchedulerSnapshot latest() {
    return latest.get();
  }

  /** Reads a new snapshot now; a failure is logged once, not at every refresh. */
  public SchedulerSnapshot refreshQuietly() {
    try {
      SchedulerSnapshot snapshot = read();
      latest.set(snapshot);
      publish(snapshot);
      lastFailure = null;
    } catch (RuntimeException e) {
      String failure = String.valueOf(e);
      if (!failure.equals(lastFailure)) {
        LOG.log(Level.WARNING, "Cannot read the scheduler's figures for monitoring: " + e, e);
      }
      lastFailure = failure;
    }
    return latest.get();
  }

  private SchedulerSnapshot read() {
    Instant now = clock.instant();
    Map<String, Long> byStatus = new LinkedHashMap<>();
    for (JobStatus status : JobStatus.values()) {
      byStatus.put(status.name(), 0L);
    }
    for (Object[] row :
        em.createQuery(
                "SELECT j.status, COUNT(j) FROM HarvestJob j GROUP BY j.status", Object[].class)
            .getResultList()) {
      byStatus.put(((JobStatus) row[0]).name(), (Long) row[1]);
    }
    List<Long> splitting =
        em.createQuery(
                "SELECT s.harvestId FROM HarvestSplit s WHERE s.status = :running", Long.class)
            .setParameter("running", SplitStatus.RUNNING)
            .getResultList();
    Set<Long> beingSplit = new HashSet<>(splitting);
    long due =
        em
                .createQuery(
                    "SELECT h.id FROM SelectiveHarvest h WHERE h.active = true AND h.nextDate <= :now",
                    Long.class)
                .setParameter("now", now)
                .getResultList()
                .stream()
                .filter(id -> !beingSplit.contains(id))
                .count()
            + em
                .createQuery(
                    "SELECT h.id FROM SnapshotHarvest h WHERE h.active = true AND h.runCount = 0",
                    Long.class)
                .getResultList()
                .stream()
                .filter(id -> !beingSplit.contains(id))
                .count();
    List<SchedulerSnapshot.RunningJob> running = new ArrayList<>();
    Map<Long, String> harvests = new HashMap<>();
    Map<Long, String> channels = new HashMap<>();
    for (HarvestJob job :
        em.createNamedQuery("HarvestJob.byStatus", HarvestJob.class)
            .setParameter("status", JobStatus.STARTED)
            .getResultList()) {
      String harvest =
          harvests.computeIfAbsent(
              job.harvestId(), id -> em.find(HarvestDefinition.class, id).name());
      String channel =
          channels.computeIfAbsent(job.channelId(), id -> em.find(HarvestChannel.class, id).name());
      HarvestJob.Progress p = job.progress().orElse(null);
      running.add(
          new SchedulerSnapshot.RunningJob(
              job.id(),
              harvest,
              channel,
              job.agent().orElse(null),
              p == null ? null : p.at(),
              p == null ? 0 : p.discovered(),
              p == null ? 0 : p.queued(),
              p == null ? 0 : p.downloaded(),
              p == null ? 0 : p.bytes()));
    }
    Map<String, Long> agents = new TreeMap<>();
    for (ComponentStatus component :
        em.createNamedQuery("ComponentStatus.all", ComponentStatus.class).getResultList()) {
      if ("HARVESTER_AGENT".equals(component.kind())) {
        agents.merge(component.missingAt(now) ? "MISSING" : component.state(), 1L, Long::sum);
      }
    }
    return new SchedulerSnapshot(
        now, activity.counts(), byStatus, due, splitting.size(), running, queueDepths(), agents);
  }

  /** Messages in each queue of this installation (named {@code <ENV>_...}) on the broker. */
  private Map<String, Long> queueDepths() {
    Map<String, Long> depths = new TreeMap<>();
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    String environment = installation.environmentName() + "_";
    try {
      for (ObjectName queue : server.queryNames(new ObjectName(BROKER_QUEUES), null)) {
        String name = String.valueOf(server.getAttribute(queue, "Name"));
        if (name.startsWith(JMS_QUEUE_PREFIX)) {
          name = name.substring(JMS_QUEUE_PREFIX.length());
        }
        if (name.startsWith(environment)) {
          depths.put(name, ((Number) server.getAttribute(queue, "MessageCount")).longValue());
        }
      }
    } catch (JMException e) {
      throw new IllegalStateException("Cannot read the broker's queues: " + e.getMessage(), e);
    }
    return depths;
  }

  /** Keeps the per-queue and per-job gauges in line with the snapshot. */
  private void publish(SchedulerSnapshot snapshot) {
    for (String queue : snapshot.queueDepths().keySet()) {
      gauge(
          "netarchive.queue.messages",
          Tags.of("queue", queue),
          s -> s.queueDepths().getOrDefault(queue, 0L));
    }
    Set<String> current = new HashSet<>();
    for (SchedulerSnapshot.RunningJob job : snapshot.runningJobs()) {
      Tags tags =
          Tags.of(
              Tag.of("job", Long.toString(job.id())),
              Tag.of("harvest", job.harvest()),
              Tag.of("channel", job.channel()));
      long id = job.id();
      current.add(jobGauge("netarchive.job.uris.discovered", tags, id, j -> j.discovered()));
      current.add(jobGauge("netarchive.job.uris.queued", tags, id, j -> j.queued()));
      current.add(jobGauge("netarchive.job.uris.downloaded", tags, id, j -> j.downloaded()));
      current.add(jobGauge("netarchive.job.bytes", tags, id, j -> j.bytes()));
    }
    // A job that is no longer running loses its gauges.
    for (String key : new ArrayList<>(jobGauges.keySet())) {
      if (!current.contains(key)) {
        Gauge gauge = jobGauges.remove(key);
        if (gauge != null) {
          metrics.remove(gauge);
        }
      }
    }
  }

  private String jobGauge(
      String name, Tags tags, long jobId, ToDoubleFunction<SchedulerSnapshot.RunningJob> value) {
    String key = name + tags;
    jobGauges.computeIfAbsent(
        key,
        k -> {
          return DescribedMeters.gauge(
              metrics,
              name,
              tags,
              latest,
              ref ->
                  ref.get().runningJobs().stream()
                      .filter(j -> j.id() == jobId)
                      .mapToDouble(value)
                      .findFirst()
                      .orElse(Double.NaN));
        });
    return key;
  }

  private void gauge(String name, Tags tags, ToDoubleFunction<SchedulerSnapshot> value) {
    if (registered.add(name + tags)) {
      DescribedMeters.gauge(metrics, name, tags, latest, ref -> value.applyAsDouble(ref.get()));
    }
  }

  private static double count(SchedulerSnapshot snapshot, String status) {
    return snapshot.jobsByStatus().getOrDefault(status, 0L);
  }

  private void register(String name, Object bean) {
    try {
      ObjectName objectName = new ObjectName(name);
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      if (server.isRegistered(objectName)) {
        server.unregisterMBean(objectName);
      }
      server.registerMBean(bean, objectName);
      mbeans.add(objectName);
    } catch (JMException e) {
      throw new IllegalStateException("Cannot register the MBean " + name + ": " + e, e);
    }
  }

  static String time(Instant instant) {
    return instant == null ? "" : instant.toString();
  }

  /** The scheduler's MBean: reads the latest snapshot only. */
  public static final class SchedulerBean implements SchedulerMXBean {
    private final java.util.function.Supplier<SchedulerSnapshot> snapshot;

    SchedulerBean(java.util.function.Supplier<SchedulerSnapshot> snapshot) {
      this.snapshot = snapshot;
    }

    @Override
    public String getLastPass() {
      SchedulerActivity.Pass pass = snapshot.get().activity().lastSchedulingPass();
      return pass == null ? "" : time(pass.endedAt());
    }

    @Override
    public String getLastPassOutcome() {
      SchedulerActivity.Pass pass = snapshot.get().activity().lastSchedulingPass();
      return pass == null ? "" : pass.outcome();
    }

    @Override
    public long getPasses() {
      return snapshot.get().activity().schedulingPasses();
    }

    @Override
    public long getHarvestsClaimed() {
      return snapshot.get().activity().harvestsClaimed();
    }

    @Override
    public long getHarvestsDue() {
      return snapshot.get().harvestsDue();
    }

    @Override
    public long getSplitsRunning() {
      return snapshot.get().splitsRunning();
    }

    @Override
    public Map<String, Long> getJobsByStatus() {
      return snapshot.get().jobsByStatus();
    }

    @Override
    public String getSnapshotTakenAt() {
      return time(snapshot.get().takenAt());
    }
  }

  /** The dispatcher's MBean: reads the latest snapshot only. */
  public static final class DispatcherBean implements DispatcherMXBean {
    private final java.util.function.Supplier<SchedulerSnapshot> snapshot;

    DispatcherBean(java.util.function.Supplier<SchedulerSnapshot> snapshot) {
      this.snapshot = snapshot;
    }

    @Override
    public String getLastPass() {
      SchedulerActivity.Pass pass = snapshot.get().activity().lastDispatchPass();
      return pass == null ? "" : time(pass.endedAt());
    }

    @Override
    public String getLastPassOutcome() {
      SchedulerActivity.Pass pass = snapshot.get().activity().lastDispatchPass();
      return pass == null ? "" : pass.outcome();
    }

    @Override
    public long getPasses() {
      return snapshot.get().activity().dispatchPasses();
    }

    @Override
    public long getJobsSubmitted() {
      return snapshot.get().activity().jobsSubmitted();
    }

    @Override
    public long getJobsFinished() {
      return snapshot.get().activity().jobsFinished();
    }

    @Override
    public long getJobsFailed() {
      return snapshot.get().activity().jobsFailed();
    }

    @Override
    public long getJobsQueued() {
      return snapshot.get().jobsByStatus().getOrDefault(JobStatus.SUBMITTED.name(), 0L);
    }

    @Override
    public long getJobsRunning() {
      return snapshot.get().jobsByStatus().getOrDefault(JobStatus.STARTED.name(), 0L);
    }

    @Override
    public Map<String, Long> getQueueDepths() {
      return snapshot.get().queueDepths();
    }
  }
}
