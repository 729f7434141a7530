package org.netarchive.ee.common.message;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The periodic status report of a running component, from which the server shows what is alive and
 * what it is doing.
 *
 * @param component the component's name, e.g. {@code "harvester-agent"}
 * @param kind what kind of component it is
 * @param instance identifies the running instance among those of the same component, e.g. a host
 *     name and instance id
 * @param state the component's current state, e.g. {@code "IDLE"} or {@code "HARVESTING"}
 * @param sentAt when the heartbeat was sent
 * @param channel the JMS channel the component listens on, if any
 * @param currentJob the job the component is working on, if any
 * @param details further information as name/value pairs; empty if there is none
 * @param interval how often the component sends a heartbeat, if it says so: the server takes a
 *     component as missing when three intervals pass without one
 * @param recentWarnings the component's last log messages of level warning and above, oldest first;
 *     empty if there are none (absent in heartbeats of senders older than this member)
 */
@MessageType(name = "Heartbeat", version = 1)
public record Heartbeat(
    String component,
    ComponentKind kind,
    String instance,
    String state,
    Instant sentAt,
    @OptionalField String channel,
    @OptionalField String currentJob,
    Map<String, String> details,
    @OptionalField Duration interval,
    @OptionalField List<LogEntry> recentWarnings)
    implements Message {

  /**
   * Validates the components and copies {@code details}.
   *
   * @throws IllegalArgumentException if a required string is blank, an optional string is present
   *     but blank, a required component is {@code null}, or {@code interval} is not positive
   */
  public Heartbeat {
    Fields.requireNonBlank(component, "component");
    Fields.requireNonNull(kind, "kind");
    Fields.requireNonBlank(instance, "instance");
    Fields.requireNonBlank(state, "state");
    Fields.requireNonNull(sentAt, "sentAt");
    Fields.requireNullOrNonBlank(channel, "channel");
    Fields.requireNullOrNonBlank(currentJob, "currentJob");
    details = Fields.copyOf(details, "details");
    if (interval != null && (interval.isNegative() || interval.isZero())) {
      throw new IllegalArgumentException("interval must be positive, was " + interval);
    }
    recentWarnings =
        recentWarnings == null ? List.of() : Fields.copyOf(recentWarnings, "recentWarnings");
  }

  /**
   * Starts building a heartbeat; {@code details} starts out empty.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link Heartbeat}; validation happens in {@link #build()}. */
  public static final class Builder {
    private String component;
    private ComponentKind kind;
    private String instance;
    private String state;
    private Instant sentAt;
    private String channel;
    private String currentJob;
    private final Map<String, String> details = new LinkedHashMap<>();
    private Duration interval;
    private final List<LogEntry> recentWarnings = new ArrayList<>();

    private Builder() {}

    /**
     * Sets {@link Heartbeat#component()}.
     *
     * @param component the component's name
     * @return this builder
     */
    public Builder component(String component) {
      this.component = component;
      return this;
    }

    /**
     * Sets {@link Heartbeat#kind()}.
     *
     * @param kind the kind of component
     * @return this builder
     */
    public Builder kind(ComponentKind kind) {
      this.kind = kind;
      return this;
    }

    /**
     * Sets {@link Heartbeat#instance()}.
     *
     * @param instance the instance's identification
     * @return this builder
     */
    public Builder instance(String instance) {
      this.instance = instance;
      return this;
    }

    /**
     * Sets {@link Heartbeat#state()}.
     *
     * @param state the component's state
     * @return this builder
     */
    public Builder state(String state) {
      this.state = state;
      return this;
    }

    /**
     * Sets {@link Heartbeat#sentAt()}.
     *
     * @param sentAt when the heartbeat is sent
     * @return this builder
     */
    public Builder sentAt(Instant sentAt) {
      this.sentAt = sentAt;
      return this;
    }

    /**
     * Sets {@link Heartbeat#channel()}.
     *
     * @param channel the channel listened on, or {@code null}
     * @return this builder
     */
    public Builder channel(String channel) {
      this.channel = channel;
      return this;
    }

    /**
     * Sets {@link Heartbeat#currentJob()}.
     *
     * @param currentJob the current job, or {@code null}
     * @return this builder
     */
    public Builder currentJob(String currentJob) {
      this.currentJob = currentJob;
      return this;
    }

    /**
     * Adds one entry to {@link Heartbeat#details()}, replacing an entry with the same name.
     *
     * @param name the entry's name
     * @param value the entry's value
     * @return this builder
     */
    public Builder detail(String name, String value) {
      details.put(name, value);
      return this;
    }

    /**
     * Replaces {@link Heartbeat#details()} with the given entries.
     *
     * @param details the entries
     * @return this builder
     */
    public Builder details(Map<String, String> details) {
      this.details.clear();
      this.details.putAll(details);
      return this;
    }

    /**
     * Sets {@link Heartbeat#interval()}.
     *
     * @param interval how often heartbeats are sent, or {@code null}
     * @return this builder
     */
    public Builder interval(Duration interval) {
      this.interval = interval;
      return this;
    }

    /**
     * Replaces {@link Heartbeat#recentWarnings()} with the given entries.
     *
     * @param recentWarnings the last warnings, oldest first
     * @return this builder
     */
    public Builder recentWarnings(List<LogEntry> recentWarnings) {
      this.recentWarnings.clear();
      this.recentWarnings.addAll(recentWarnings);
      return this;
    }

    /**
     * Creates the heartbeat.
     *
     * @return a new heartbeat
     * @throws IllegalArgumentException if a component is invalid (see {@link Heartbeat})
     */
    public Heartbeat build() {
      return new Heartbeat(
          component,
          kind,
          instance,
          state,
          sentAt,
          channel,
          currentJob,
          details,
          interval,
          recentWarnings);
    }
  }
}
