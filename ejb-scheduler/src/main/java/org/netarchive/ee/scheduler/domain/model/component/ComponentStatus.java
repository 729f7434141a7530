package org.netarchive.ee.scheduler.domain.model.component;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.netarchive.ee.common.message.Heartbeat;

/** What a component last said about itself. */
@Entity
@Table(name = "component_status")
@NamedQuery(
    name = "ComponentStatus.all",
    query = "SELECT c FROM ComponentStatus c ORDER BY c.component")
public class ComponentStatus {

  private static final int MAX_DETAILS = 4000;

  @Id
  @Column(name = "component", length = 200)
  private String component;

  @Column(name = "kind", nullable = false, length = 40)
  private String kind;

  @Column(name = "instance_name", nullable = false, length = 200)
  private String instance;

  @Column(name = "state", nullable = false, length = 80)
  private String state;

  @Column(name = "channel", length = 200)
  private String channel;

  @Column(name = "current_job", length = 80)
  private String currentJob;

  @Column(name = "details", length = MAX_DETAILS)
  private String details;

  @Column(name = "first_seen", nullable = false)
  private Instant firstSeen;

  @Column(name = "last_heartbeat", nullable = false)
  private Instant lastHeartbeat;

  @Version
  @Column(name = "version", nullable = false)
  private int version;

  protected ComponentStatus() {}

  public ComponentStatus(Heartbeat first) {
    this.component = first.component();
    this.firstSeen = first.sentAt();
    apply(first);
  }

  /**
   * Takes a newer heartbeat into account. Heartbeats may arrive out of order or twice (delivery is
   * at least once): an older one than the last applied changes nothing.
   */
  public void apply(Heartbeat heartbeat) {
    if (lastHeartbeat != null && !heartbeat.sentAt().isAfter(lastHeartbeat)) {
      return;
    }
    this.kind = heartbeat.kind().name();
    this.instance = heartbeat.instance();
    this.state = heartbeat.state();
    this.channel = heartbeat.channel();
    this.currentJob = heartbeat.currentJob();
    this.details = formatDetails(heartbeat.details());
    this.lastHeartbeat = heartbeat.sentAt();
  }

  private static String formatDetails(Map<String, String> details) {
    String text =
        new TreeMap<>(details)
            .entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
    return text.length() <= MAX_DETAILS ? text : text.substring(0, MAX_DETAILS - 1) + "…";
  }

  public String component() {
    return component;
  }

  public String kind() {
    return kind;
  }

  public String instance() {
    return instance;
  }

  public String state() {
    return state;
  }

  public String channel() {
    return channel;
  }

  public String currentJob() {
    return currentJob;
  }

  public String details() {
    return details;
  }

  public Instant firstSeen() {
    return firstSeen;
  }

  public Instant lastHeartbeat() {
    return lastHeartbeat;
  }
}
