package org.netarchive.ee.common.channel;

import java.util.Objects;

/**
 * A JMS destination of the system: its full name and whether it is a queue or a topic.
 *
 * <p>Usually obtained from {@link Channels}, which builds the name by the naming scheme.
 *
 * @param name the destination's name, e.g. {@code PROD_COMMON_THE_SCHED}
 * @param kind whether the destination is a queue or a topic
 */
public record Channel(String name, ChannelKind kind) {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if {@code name} is blank or contains whitespace or control
   *     characters
   * @throws NullPointerException if a component is {@code null}
   */
  public Channel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    if (name.isBlank() || !Channels.isPlainToken(name)) {
      throw new IllegalArgumentException(
          "invalid channel name '" + name + "': must not be blank or contain whitespace");
    }
  }

  /**
   * Tells whether this channel is a topic.
   *
   * @return {@code true} for a topic, {@code false} for a queue
   */
  public boolean isTopic() {
    return kind == ChannelKind.TOPIC;
  }

  /**
   * Tells whether this channel is a queue.
   *
   * @return {@code true} for a queue, {@code false} for a topic
   */
  public boolean isQueue() {
    return kind == ChannelKind.QUEUE;
  }
}
