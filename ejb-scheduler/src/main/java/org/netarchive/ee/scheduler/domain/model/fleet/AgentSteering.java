package org.netarchive.ee.scheduler.domain.model.fleet;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Objects;

/**
 * What the operators want of one harvester agent: paused or not, who said so last and with which
 * command. The agent holds its pause in memory only; kept here, it survives the agent: when a
 * heartbeat says otherwise (the agent restarted, or was away when told), the command is sent again.
 */
@Entity
@Table(name = "agent_steering")
public class AgentSteering {

  @Id
  @Column(name = "agent", length = 200)
  private String agent;

  @Column(name = "paused", nullable = false)
  private boolean paused;

  @Column(name = "changed_by", nullable = false, length = 200)
  private String changedBy;

  @Column(name = "changed_at", nullable = false)
  private Instant changedAt;

  @Column(name = "command_id", nullable = false)
  private long commandId;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected AgentSteering() {}

  /**
   * @param agent the agent's instance name
   */
  public AgentSteering(String agent) {
    this.agent = Objects.requireNonNull(agent, "agent");
  }

  /**
   * Records what an operator wants.
   *
   * @param paused whether the agent is to be paused
   * @param by who
   * @param at when
   * @param command the command that tells the agent
   */
  public void want(boolean paused, String by, Instant at, long command) {
    this.paused = paused;
    this.changedBy = by;
    this.changedAt = at;
    this.commandId = command;
  }

  /**
   * Whether the agent, saying whether it is paused, does what the operators want.
   *
   * @param reportedPaused what its heartbeat says, or null if it does not say (an older agent)
   * @return true if it agrees, or cannot tell
   */
  public boolean agreesWith(Boolean reportedPaused) {
    return reportedPaused == null || reportedPaused == paused;
  }

  public String agent() {
    return agent;
  }

  public boolean paused() {
    return paused;
  }

  public String changedBy() {
    return changedBy;
  }

  public Instant changedAt() {
    return changedAt;
  }

  public long commandId() {
    return commandId;
  }
}
