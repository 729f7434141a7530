package org.netarchive.ee.scheduler.domain.model.component;

import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.LogEntry;
import org.netarchive.ee.scheduler.domain.model.ColumnText;

/**
 * What one running instance of a component last said about itself: its state, details and last
 * warnings. Instances are told apart by their instance name (every harvester agent is the component
 * {@code harvester-agent}).
 */
@Entity
@Table(name = "component_status")
@IdClass(ComponentStatus.Key.class)
@NamedQuery(
    name = "ComponentStatus.all",
    query = "SELECT c FROM ComponentStatus c ORDER BY c.kind, c.component, c.instance")
public class ComponentStatus {

  private static final int MAX_DETAILS = 4000;

  /**
   * How long a component that does not say how often it sends heartbeats may be silent before it is
   * taken as missing: three of the longest interval in use (the bitarchives' minute).
   */
  public static final Duration DEFAULT_SILENCE = Duration.ofMinutes(3);

  /** The identity of a component instance: component and instance name. */
  public static class Key implements Serializable {
    private static final long serialVersionUID = 1L;

    private String component;
    private String instance;

    protected Key() {}

    public Key(String component, String instance) {
      this.component = component;
      this.instance = instance;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k
          && java.util.Objects.equals(component, k.component)
          && java.util.Objects.equals(instance, k.instance);
    }

    @Override
    public int hashCode() {
      return java.util.Objects.hash(component, instance);
    }
  }

  @Id
  @Column(name = "component", length = 200)
  private String component;

  @Column(name = "kind", nullable = false, length = 40)
  private String kind;

  @Id
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

  @Column(name = "heartbeat_interval_seconds")
  private Long intervalSeconds;

  @ElementCollection(fetch = FetchType.EAGER)
  @jakarta.persistence.CollectionTable(
      name = "component_warning",
      joinColumns = {
        @JoinColumn(name = "component", referencedColumnName = "component"),
        @JoinColumn(name = "instance_name", referencedColumnName = "instance_name")
      })
  @OrderColumn(name = "entry_order")
  private List<ComponentWarning> warnings = new ArrayList<>();

  @Version
  @Column(name = "version", nullable = false)
  private int version;

  protected ComponentStatus() {}

  public ComponentStatus(Heartbeat first) {
    this.component = first.component();
    this.instance = first.instance();
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
    if (!heartbeat.component().equals(component) || !heartbeat.instance().equals(instance)) {
      throw new IllegalArgumentException(
          "A heartbeat of "
              + heartbeat.component()
              + " instance "
              + heartbeat.instance()
              + " does not belong to "
              + component
              + " instance "
              + instance);
    }
    this.kind = heartbeat.kind().name();
    this.state = heartbeat.state();
    this.channel = heartbeat.channel();
    this.currentJob = heartbeat.currentJob();
    this.details = formatDetails(heartbeat.details());
    this.lastHeartbeat = heartbeat.sentAt();
    this.intervalSeconds =
        heartbeat.interval() == null ? null : Math.max(1, heartbeat.interval().toSeconds());
    List<ComponentWarning> latest =
        heartbeat.recentWarnings().stream().map(ComponentWarning::of).toList();
    if (!latest.equals(warnings)) {
      warnings.clear();
      warnings.addAll(latest);
    }
  }

  /**
   * Whether the component has been silent for longer than three of its heartbeat intervals (or
   * {@link #DEFAULT_SILENCE} if it never said its interval) at {@code now}.
   */
  public boolean missingAt(Instant now) {
    Duration silence =
        intervalSeconds == null ? DEFAULT_SILENCE : Duration.ofSeconds(3 * intervalSeconds);
    return lastHeartbeat.plus(silence).isBefore(now);
  }

  /** How often the component said it sends heartbeats, if it did. */
  public Duration interval() {
    return intervalSeconds == null ? null : Duration.ofSeconds(intervalSeconds);
  }

  /** Its last warnings and errors as its latest heartbeat listed them, oldest first. */
  public List<LogEntry> warnings() {
    return warnings.stream().map(ComponentWarning::entry).toList();
  }

  /**
   * {@link #details()} as names and values again. The text joins them as {@code name=value, ...}; a
   * value may hold ", " itself (an agent's description does), so the text is split only before ", "
   * that a name and "=" follow.
   */
  public Map<String, String> detailMap() {
    Map<String, String> map = new TreeMap<>();
    if (details == null || details.isEmpty()) {
      return map;
    }
    for (String pair : details.split(", (?=[A-Za-z0-9_.\\-]+=)")) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        map.put(pair.substring(0, eq), pair.substring(eq + 1));
      }
    }
    return map;
  }

  private static String formatDetails(Map<String, String> details) {
    String text =
        new TreeMap<>(details)
            .entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
    return ColumnText.clip(text, MAX_DETAILS);
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
