package org.netarchive.ee.common.message;

/**
 * Where an {@link AgentCommand} stands. The server records {@link #SENT} (and {@link #EXPIRED});
 * the agent answers the others in an {@link AgentCommandAck}.
 */
public enum AgentCommandState {
  /** Sent on the agents' topic; no answer yet. */
  SENT,
  /** The agent took the command and is carrying it out (a crawl being stopped). */
  ACKNOWLEDGED,
  /** The agent will not carry it out; the answer's detail says why. */
  REFUSED,
  /** Carried out. */
  DONE,
  /**
   * No answer from the agent in time: it was gone, or never had the job (recorded by the server).
   */
  EXPIRED;

  /**
   * Whether nothing more is to come for a command in this state.
   *
   * @return true for REFUSED, DONE and EXPIRED
   */
  public boolean isFinal() {
    return this == REFUSED || this == DONE || this == EXPIRED;
  }
}
