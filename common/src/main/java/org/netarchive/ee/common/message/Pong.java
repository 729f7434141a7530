package org.netarchive.ee.common.message;

import java.time.Instant;

/**
 * The answer to a {@link Ping}.
 *
 * @param pingId the {@link Ping#id()} of the probe answered
 * @param answeredAt when the answer was made
 * @param responder who answered, e.g. a component name
 */
@MessageType(name = "Pong", version = 1)
public record Pong(String pingId, Instant answeredAt, String responder) implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if {@code pingId} or {@code responder} is blank or a component
   *     is {@code null}
   */
  public Pong {
    Fields.requireNonBlank(pingId, "pingId");
    Fields.requireNonNull(answeredAt, "answeredAt");
    Fields.requireNonBlank(responder, "responder");
  }
}
