package org.netarchive.ee.scheduler.domain.model.fleet;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.netarchive.ee.common.message.AgentCommand;
import org.netarchive.ee.common.message.AgentCommandAck;
import org.netarchive.ee.common.message.AgentCommandKind;
import org.netarchive.ee.common.message.AgentCommandState;
import org.netarchive.ee.scheduler.domain.model.job.StatusChange;

/**
 * One operator command to one harvester agent, and what became of it. It is SENT until the agent
 * answers; an answer moves it on (ACKNOWLEDGED, then REFUSED or DONE) but never back, so answers
 * repeated or arriving out of order change nothing. Unanswered, it is sent again on the agent's
 * heartbeats (the agents' topic keeps nothing for an agent that was away) until it {@linkplain
 * #expire expires}.
 */
@Entity
@Table(name = "agent_command")
@NamedQuery(name = "FleetCommand.recent", query = "SELECT c FROM FleetCommand c ORDER BY c.id DESC")
@NamedQuery(
    name = "FleetCommand.unansweredOf",
    query = "SELECT c FROM FleetCommand c WHERE c.agent = :agent AND c.state = :sent ORDER BY c.id")
@NamedQuery(
    name = "FleetCommand.removeBefore",
    query = "DELETE FROM FleetCommand c WHERE c.requestedAt < :before")
public class FleetCommand {

  private static final int MAX_DETAIL = 2000;

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Enumerated(EnumType.STRING)
  @Column(name = "kind", nullable = false, length = 20)
  private AgentCommandKind kind;

  @Column(name = "agent", nullable = false, length = 200)
  private String agent;

  @Column(name = "job_id")
  private Long jobId;

  @Column(name = "requested_by", nullable = false, length = 200)
  private String requestedBy;

  @Column(name = "requested_at", nullable = false)
  private Instant requestedAt;

  @Enumerated(EnumType.STRING)
  @Column(name = "state", nullable = false, length = 20)
  private AgentCommandState state;

  @Column(name = "detail", length = MAX_DETAIL)
  private String detail;

  @Column(name = "answered_at")
  private Instant answeredAt;

  @Column(name = "last_sent_at", nullable = false)
  private Instant lastSentAt;

  @Column(name = "times_sent", nullable = false)
  private int timesSent;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected FleetCommand() {}

  /**
   * A command about to be sent for the first time.
   *
   * @param kind what is asked
   * @param agent the agent's instance name
   * @param jobId the job to stop, or null
   * @param requestedBy the user who asked
   * @param at when
   */
  public FleetCommand(
      AgentCommandKind kind, String agent, Long jobId, String requestedBy, Instant at) {
    this.kind = Objects.requireNonNull(kind, "kind");
    this.agent = Objects.requireNonNull(agent, "agent");
    this.jobId = jobId;
    this.requestedBy = Objects.requireNonNull(requestedBy, "requestedBy");
    this.requestedAt = Objects.requireNonNull(at, "at");
    this.state = AgentCommandState.SENT;
    this.lastSentAt = at;
    this.timesSent = 1;
  }

  /**
   * The message to publish; the id must have been assigned (the command persisted and flushed).
   *
   * @return the command as the agents read it
   */
  public AgentCommand message() {
    return new AgentCommand(id, kind, agent, jobId, requestedBy, requestedAt);
  }

  /**
   * Applies an agent's answer.
   *
   * @param ack the answer
   * @return APPLIED if the state moved on, REPEATED if it was there already or further, REFUSED if
   *     the answer comes from another agent than the one asked
   */
  public StatusChange answer(AgentCommandAck ack) {
    if (!agent.equals(ack.agent())) {
      return StatusChange.REFUSED;
    }
    if (rank(ack.state()) <= rank(state)) {
      return StatusChange.REPEATED;
    }
    state = ack.state();
    detail = clip(ack.detail());
    answeredAt = ack.answeredAt();
    return StatusChange.APPLIED;
  }

  /** SENT, then ACKNOWLEDGED, then a final state: an answer never moves a command back. */
  private static int rank(AgentCommandState s) {
    return switch (s) {
      case SENT -> 0;
      case ACKNOWLEDGED -> 1;
      case REFUSED, DONE, EXPIRED -> 2;
    };
  }

  /**
   * Whether an unanswered command is to be sent again now.
   *
   * @param now the time
   * @param after how long after the last sending
   * @return true if it is SENT and was last sent at least {@code after} ago
   */
  public boolean dueForResending(Instant now, Duration after) {
    return state == AgentCommandState.SENT && !now.isBefore(lastSentAt.plus(after));
  }

  /**
   * Notes that the command was sent again.
   *
   * @param now when
   */
  public void sentAgain(Instant now) {
    lastSentAt = now;
    timesSent++;
  }

  /**
   * Gives up an unanswered command.
   *
   * @param now the time
   * @param reason why, e.g. that the agent has not answered in so long
   * @return whether it expired (false if it was answered)
   */
  public boolean expire(Instant now, String reason) {
    if (state != AgentCommandState.SENT) {
      return false;
    }
    state = AgentCommandState.EXPIRED;
    detail = clip(reason);
    answeredAt = now;
    return true;
  }

  private static String clip(String text) {
    return text == null || text.length() <= MAX_DETAIL ? text : text.substring(0, MAX_DETAIL);
  }

  public long id() {
    return id == null ? 0 : id;
  }

  public AgentCommandKind kind() {
    return kind;
  }

  public String agent() {
    return agent;
  }

  public Optional<Long> jobId() {
    return Optional.ofNullable(jobId);
  }

  public String requestedBy() {
    return requestedBy;
  }

  public Instant requestedAt() {
    return requestedAt;
  }

  public AgentCommandState state() {
    return state;
  }

  public Optional<String> detail() {
    return Optional.ofNullable(detail);
  }

  public Optional<Instant> answeredAt() {
    return Optional.ofNullable(answeredAt);
  }

  public Instant lastSentAt() {
    return lastSentAt;
  }

  public int timesSent() {
    return timesSent;
  }
}
