package org.netarchive.ee.archive.application.preservation;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.domain.model.preservation.CopyState;
import org.netarchive.ee.scheduler.infrastructure.metrics.DescribedMeters;

/**
 * Bit preservation's gauges, read from the database once a minute (a scrape never waits for it):
 * {@code netarchive_preservation_copies{replica,state}} for MISSING, CORRUPT and UNKNOWN_FILE,
 * {@code netarchive_preservation_not_verified{replica}} and {@code
 * netarchive_preservation_flagged}.
 */
@PermitAll
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class PreservationMetrics {

  private static final Logger LOG = Logger.getLogger(PreservationMetrics.class.getName());

  private static final List<CopyState> COUNTED =
      List.of(CopyState.MISSING, CopyState.CORRUPT, CopyState.UNKNOWN_FILE);

  @Inject private MeterRegistry metrics;
  @Inject private ArchiveSettings settings;
  @EJB private Preservation preservation;

  private final Map<String, AtomicLong> values = new ConcurrentHashMap<>();

  @PostConstruct
  void register() {
    for (String replica : settings.replicaIds()) {
      for (CopyState state : COUNTED) {
        gauge(
            "netarchive.preservation.copies",
            Tags.of("replica", replica, "state", state.name()),
            replica + "/" + state);
      }
      gauge("netarchive.preservation.not.verified", Tags.of("replica", replica), replica);
    }
    gauge("netarchive.preservation.flagged", Tags.empty(), "flagged");
  }

  @Schedule(hour = "*", minute = "*", second = "15", persistent = false)
  void refreshTimer() {
    refresh();
  }

  /** Reads the figures now. */
  public void refresh() {
    try {
      for (Preservation.ReplicaState replica : preservation.replicas()) {
        for (CopyState state : COUNTED) {
          value(replica.replica() + "/" + state).set(replica.copies().get(state.name()));
        }
        value(replica.replica()).set(replica.notVerified());
      }
      value("flagged")
          .set(
              preservation.decisions(null, Integer.MAX_VALUE).stream()
                  .filter(Decision::needsPerson)
                  .count());
    } catch (RuntimeException e) {
      LOG.warning(() -> "Cannot read the preservation figures for the metrics: " + e);
    }
  }

  private AtomicLong value(String key) {
    return values.computeIfAbsent(key, k -> new AtomicLong());
  }

  private void gauge(String name, Tags tags, String key) {
    DescribedMeters.gauge(metrics, name, tags, value(key), AtomicLong::doubleValue);
  }
}
