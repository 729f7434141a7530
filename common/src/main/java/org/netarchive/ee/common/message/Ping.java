package org.netarchive.ee.common.message;

import java.time.Instant;

/**
 * A liveness probe: whoever consumes it answers with a {@link Pong} carrying the same id.
 *
 * @param id identifies this probe; the answer's {@link Pong#pingId()} repeats it
 * @param sentAt when the probe was sent
 * @param sender who sent the probe, e.g. a component name
 */
@MessageType(name = "Ping", version = 1)
public record Ping(String id, Instant sentAt, String sender) implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if {@code id} or {@code sender} is blank or a component is
   *     {@code null}
   */
  public Ping {
    Fields.requireNonBlank(id, "id");
    Fields.requireNonNull(sentAt, "sentAt");
    Fields.requireNonBlank(sender, "sender");
  }

  /**
   * Creates the answer to this probe.
   *
   * @param responder who answers
   * @param answeredAt when the answer is made
   * @return a {@link Pong} referring to this probe's id
   */
  public Pong answer(String responder, Instant answeredAt) {
    return new Pong(id, answeredAt, responder);
  }
}
