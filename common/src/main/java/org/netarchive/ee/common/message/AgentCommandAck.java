package org.netarchive.ee.common.message;

import java.time.Instant;

/**
 * A harvester agent's answer to an {@link AgentCommand}, sent to the scheduler's queue ({@code
 * <ENV>_COMMON_THE_SCHED}) like its job reports, so that it is applied in order with them. An agent
 * may answer a command more than once (ACKNOWLEDGED when it starts stopping a crawl, DONE when the
 * job is reported); the same answer twice changes nothing.
 *
 * @param commandId the {@link AgentCommand#commandId()} answered
 * @param agent the answering agent's instance name
 * @param state ACKNOWLEDGED, REFUSED or DONE
 * @param detail what the agent did, what changed, or why it refused; required for REFUSED
 * @param answeredAt when the agent answered
 */
@MessageType(name = "AgentCommandAck", version = 1)
public record AgentCommandAck(
    long commandId,
    String agent,
    AgentCommandState state,
    @OptionalField String detail,
    Instant answeredAt)
    implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if a component is missing or blank, the state is one only the
   *     server records (SENT, EXPIRED), or a refusal does not say why
   */
  public AgentCommandAck {
    Fields.requireAtLeast(commandId, 1, "commandId");
    Fields.requireNonBlank(agent, "agent");
    Fields.requireNonNull(state, "state");
    Fields.requireNullOrNonBlank(detail, "detail");
    Fields.requireNonNull(answeredAt, "answeredAt");
    if (state == AgentCommandState.SENT || state == AgentCommandState.EXPIRED) {
      throw new IllegalArgumentException(
          "an agent answers ACKNOWLEDGED, REFUSED or DONE, not "
              + state
              + " (command "
              + commandId
              + ")");
    }
    if (state == AgentCommandState.REFUSED && detail == null) {
      throw new IllegalArgumentException(
          "a refusal of command " + commandId + " must say why: detail is required");
    }
  }
}
