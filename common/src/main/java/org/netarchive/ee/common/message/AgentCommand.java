package org.netarchive.ee.common.message;

import java.time.Instant;

/**
 * An operator's command to one harvester agent, published on the topic every agent listens to
 * ({@code <ENV>_COMMON_ALL_HACO}); the agent it names acts on it and answers with an {@link
 * AgentCommandAck}, the others ignore it. The server may publish the same command again (same
 * {@code commandId}) while it has no final answer, so an agent acts on a command id once.
 *
 * @param commandId the server's id of the command; repeated in the answer
 * @param kind what is asked
 * @param agent the instance name of the agent meant
 * @param jobId the job to stop (for {@link AgentCommandKind#STOP_JOB}, absent otherwise)
 * @param requestedBy the user who asked, for the job's report and the agent's log
 * @param requestedAt when it was asked
 */
@MessageType(name = "AgentCommand", version = 1)
public record AgentCommand(
    long commandId,
    AgentCommandKind kind,
    String agent,
    @OptionalField Long jobId,
    String requestedBy,
    Instant requestedAt)
    implements Message {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if a component is missing or blank, or a job id is present
   *     exactly when the kind is not {@link AgentCommandKind#STOP_JOB} or not positive
   */
  public AgentCommand {
    Fields.requireAtLeast(commandId, 1, "commandId");
    Fields.requireNonNull(kind, "kind");
    Fields.requireNonBlank(agent, "agent");
    Fields.requireNonBlank(requestedBy, "requestedBy");
    Fields.requireNonNull(requestedAt, "requestedAt");
    if (kind == AgentCommandKind.STOP_JOB) {
      if (jobId == null) {
        throw new IllegalArgumentException(
            "command " + commandId + " STOP_JOB must name the job: jobId is required");
      }
      Fields.requireAtLeast(jobId, 1, "jobId");
    } else if (jobId != null) {
      throw new IllegalArgumentException(
          "command "
              + commandId
              + " "
              + kind
              + " concerns a whole agent: jobId "
              + jobId
              + " must be absent");
    }
  }

  /**
   * The answer to this command.
   *
   * @param state the answer's state: ACKNOWLEDGED, REFUSED or DONE
   * @param detail what the agent did or why not
   * @param at when it answered
   * @return the answer, naming this command and its agent
   */
  public AgentCommandAck answer(AgentCommandState state, String detail, Instant at) {
    return new AgentCommandAck(commandId, agent, state, detail, at);
  }
}
