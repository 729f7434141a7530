package org.netarchive.ee.archive.application.monitor;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToDoubleFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.scheduler.infrastructure.metrics.DescribedMeters;

/**
 * Sums up the archive's admin data every ten seconds for the operators: the MBean {@code
 * org.netarchive.ee:type=ArcRepository}, the gauges {@code netarchive_archive_files}, {@code
 * _bytes}, {@code _store_failures} (per replica) and {@code _stores_in_progress}, and once a minute
 * the ArcRepository's heartbeat to the component monitor (component {@code arc-repository}).
 * Reading on a timer keeps JMX and metric scrapes, which run without a transaction, away from the
 * database.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@PermitAll
public class ArchiveOperations {

  /** The JMX name of the ArcRepository's bean. */
  public static final String MBEAN = "org.netarchive.ee:type=ArcRepository";

  /** The component name of the ArcRepository's heartbeats. */
  public static final String COMPONENT = "arc-repository";

  static final Duration HEARTBEAT_INTERVAL = Duration.ofMinutes(1);

  private static final Logger LOG = Logger.getLogger(ArchiveOperations.class.getName());

  @PersistenceContext(unitName = "archive")
  private EntityManager em;

  @Inject private MeterRegistry metrics;
  @Inject private ArchiveSettings settings;
  @Inject private JMSContext jms;

  @Resource(lookup = "java:/jms/netarchive/COMMON_MONITOR")
  private Queue monitor;

  private final Clock clock = Clock.systemUTC();
  private final JmsMessages messages = JmsMessages.standard();
  private final AtomicReference<ArchiveSnapshot> latest =
      new AtomicReference<>(ArchiveSnapshot.NONE);
  private ObjectName mbean;
  private List<String> replicas;
  private volatile String lastFailure;

  @PostConstruct
  void start() {
    replicas = List.copyOf(settings.replicaIds());
    try {
      mbean = new ObjectName(MBEAN);
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      if (server.isRegistered(mbean)) {
        server.unregisterMBean(mbean);
      }
      server.registerMBean(new ArcRepositoryBean(), mbean);
    } catch (JMException e) {
      throw new IllegalStateException("Cannot register the MBean " + MBEAN + ": " + e, e);
    }
    for (String replica : replicas) {
      Tags tags = Tags.of("replica", replica);
      gauge("netarchive.archive.files", tags, s -> s.filesStored().getOrDefault(replica, 0L));
      gauge("netarchive.archive.bytes", tags, s -> s.bytesStored().getOrDefault(replica, 0L));
      gauge(
          "netarchive.archive.store.failures",
          tags,
          s -> s.storeFailures().getOrDefault(replica, 0L));
    }
    gauge("netarchive.archive.stores.in.progress", Tags.empty(), s -> s.storesInProgress());
  }

  @PreDestroy
  void stop() {
    try {
      ManagementFactory.getPlatformMBeanServer().unregisterMBean(mbean);
    } catch (JMException e) {
      LOG.fine(() -> "MBean " + MBEAN + " was not registered: " + e);
    }
  }

  @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
  void refreshTimer() {
    refreshQuietly();
  }

  @Schedule(hour = "*", minute = "*", second = "30", persistent = false)
  void heartbeatTimer() {
    sendHeartbeat();
  }

  /** Tells the component monitor that the ArcRepository runs, with figures read now. */
  void sendHeartbeat() {
    send(refreshQuietly());
  }

  /** The latest figures; empty (no {@code takenAt}) before the first refresh. */
  public ArchiveSnapshot latest() {
    return latest.get();
  }

  /** Reads the figures now; a failure is logged once, not at every refresh. */
  public ArchiveSnapshot refreshQuietly() {
    try {
      latest.set(read());
      lastFailure = null;
    } catch (RuntimeException e) {
      String failure = String.valueOf(e);
      if (!failure.equals(lastFailure)) {
        LOG.log(Level.WARNING, "Cannot read the archive's figures for monitoring: " + e, e);
      }
      lastFailure = failure;
    }
    return latest.get();
  }

  private ArchiveSnapshot read() {
    Map<String, Long> files = new TreeMap<>();
    Map<String, Long> bytes = new TreeMap<>();
    Map<String, Long> failures = new TreeMap<>();
    for (String replica : settings.replicaIds()) {
      files.put(replica, 0L);
      bytes.put(replica, 0L);
      failures.put(replica, 0L);
    }
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery(
                "SELECT c.replica_id, c.store_state, COUNT(*), SUM(f.size_bytes)"
                    + " FROM archive_replica_copy c JOIN archive_file f ON f.id = c.file_id"
                    + " GROUP BY c.replica_id, c.store_state")
            .getResultList();
    for (Object[] row : rows) {
      String replica = String.valueOf(row[0]);
      String state = String.valueOf(row[1]);
      long count = ((Number) row[2]).longValue();
      long size = row[3] == null ? 0 : ((Number) row[3]).longValue();
      switch (state) {
        case "UPLOAD_COMPLETED" -> {
          files.merge(replica, count, Long::sum);
          bytes.merge(replica, size, Long::sum);
        }
        case "UPLOAD_FAILED" -> failures.merge(replica, count, Long::sum);
        default -> {
          // being stored: counted per file below
        }
      }
    }
    long inProgress =
        ((Number)
                em.createNativeQuery(
                        "SELECT COUNT(DISTINCT file_id) FROM archive_replica_copy"
                            + " WHERE store_state IN ('UPLOAD_STARTED', 'DATA_UPLOADED')")
                    .getSingleResult())
            .longValue();
    return new ArchiveSnapshot(clock.instant(), files, bytes, failures, inProgress);
  }

  private void send(ArchiveSnapshot snapshot) {
    Heartbeat.Builder heartbeat =
        Heartbeat.builder()
            .component(COMPONENT)
            .kind(ComponentKind.ARC_REPOSITORY)
            .instance(System.getProperty("jboss.node.name", "netarchive"))
            .state("RUNNING")
            .sentAt(clock.instant())
            .channel(settings.channels().theRepos().name())
            .interval(HEARTBEAT_INTERVAL)
            .detail("storesInProgress", Long.toString(snapshot.storesInProgress()))
            .detail("storeFailures", Long.toString(snapshot.totalStoreFailures()));
    snapshot.filesStored().forEach((r, n) -> heartbeat.detail("filesStored." + r, n.toString()));
    snapshot.bytesStored().forEach((r, n) -> heartbeat.detail("bytesStored." + r, n.toString()));
    try {
      jms.createProducer().send(monitor, messages.toTextMessage(jms, heartbeat.build()));
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Cannot send the ArcRepository's heartbeat: " + e, e);
    }
  }

  private void gauge(String name, Tags tags, ToDoubleFunction<ArchiveSnapshot> value) {
    DescribedMeters.gauge(metrics, name, tags, latest, ref -> value.applyAsDouble(ref.get()));
  }

  /** The MBean: reads the latest figures only. */
  public final class ArcRepositoryBean implements ArcRepositoryMXBean {

    @Override
    public List<String> getReplicas() {
      return replicas;
    }

    @Override
    public Map<String, Long> getFilesStored() {
      return latest.get().filesStored();
    }

    @Override
    public Map<String, Long> getBytesStored() {
      return latest.get().bytesStored();
    }

    @Override
    public long getStoresInProgress() {
      return latest.get().storesInProgress();
    }

    @Override
    public long getStoreFailures() {
      return latest.get().totalStoreFailures();
    }

    @Override
    public Map<String, Long> getStoreFailuresByReplica() {
      return latest.get().storeFailures();
    }

    @Override
    public String getSnapshotTakenAt() {
      return latest.get().takenAt() == null ? "" : latest.get().takenAt().toString();
    }
  }
}
