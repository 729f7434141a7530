package org.netarchive.ee.scheduler.application.fleet;

import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.AgentCommandAck;
import org.netarchive.ee.common.message.AgentCommandKind;
import org.netarchive.ee.common.message.AgentCommandState;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.scheduler.application.Installation;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.component.ComponentStatusRepository;
import org.netarchive.ee.scheduler.domain.model.fleet.AgentSteering;
import org.netarchive.ee.scheduler.domain.model.fleet.FleetCommand;
import org.netarchive.ee.scheduler.domain.model.fleet.FleetCommandRepository;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJob;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJobRepository;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;
import org.netarchive.ee.scheduler.domain.model.job.StatusChange;

/**
 * Operator commands to the harvester agents: each is recorded (who, when, which agent or job) and
 * published on the agents' topic in the same transaction, and its answers, which come on the
 * scheduler's queue, move it on.
 *
 * <p>Why the server keeps the state, not the broker: the topic's subscriptions are not durable (an
 * agent's subscription would otherwise outlive the agent, or a renamed one, and fill up), so a
 * command published while its agent is away is lost. The agent's heartbeat is the sign that it is
 * there: on each, its unanswered commands older than {@link #RESEND_AFTER} are published again (the
 * agent acts on a command id once and repeats its answer), and a pause or resume is sent again when
 * the heartbeat's {@code paused} says otherwise than the operators want (the agent keeps its pause
 * in memory and forgets it when restarted). A command unanswered for {@link #EXPIRE_AFTER} expires.
 *
 * <p>A stop is for a STARTED job only, sent to the agent the job reported from. A NEW or SUBMITTED
 * job is refused: its crawl request may be on the channel's queue or being taken at this moment,
 * and failing it here would race with the agent that takes it (which would then crawl a job the
 * server refuses to hear of); there is nothing to stop until it starts.
 */
@Stateless
@RolesAllowed({"admin", "curator", "viewer"})
public class AgentFleet {

  /** How long an unanswered command waits before it is published again. */
  public static final Duration RESEND_AFTER = Duration.ofSeconds(15);

  /** How long a command may go unanswered before it expires. */
  public static final Duration EXPIRE_AFTER = Duration.ofMinutes(10);

  /** How long commands are kept. */
  static final Duration KEPT = Duration.ofDays(90);

  private static final Logger LOG = Logger.getLogger(AgentFleet.class.getName());
  private static final String AGENT = "harvester-agent";

  @Inject private FleetCommandRepository commands;
  @Inject private HarvestJobRepository jobs;
  @Inject private ComponentStatusRepository components;
  @Inject private Installation installation;
  @Inject private JMSContext jms;
  @Resource private SessionContext session;

  private final JmsMessages messages = JmsMessages.standard();
  private final Clock clock = Clock.systemUTC();

  /**
   * Stops the crawl of a running job: its agent terminates Heritrix, stores what it has and reports
   * the job FAILED, saying who stopped it. Asking again while a stop is under way answers that
   * stop.
   *
   * @param jobId the job
   * @return the command
   * @throws NotFoundException if there is no such job
   * @throws CommandRefusedException if the job is not STARTED
   */
  @RolesAllowed({"admin", "curator"})
  public FleetCommandView stopJob(long jobId) {
    HarvestJob job =
        jobs.find(jobId).orElseThrow(() -> new NotFoundException(Text.of("job.notFound", jobId)));
    if (job.status() == JobStatus.NEW || job.status() == JobStatus.SUBMITTED) {
      throw new CommandRefusedException(Text.of("job.stopNotTaken", jobId, job.status()));
    }
    if (job.status() != JobStatus.STARTED || job.agent().isEmpty()) {
      throw new CommandRefusedException(Text.of("job.stopNotRunning", jobId, job.status()));
    }
    String agent = job.agent().get();
    for (FleetCommand under : commands.recent(200)) {
      if (under.kind() == AgentCommandKind.STOP_JOB
          && under.jobId().orElse(0L) == jobId
          && (under.state() == AgentCommandState.SENT
              || under.state() == AgentCommandState.ACKNOWLEDGED)) {
        return FleetCommandView.of(under);
      }
    }
    return FleetCommandView.of(send(AgentCommandKind.STOP_JOB, agent, jobId));
  }

  /**
   * Pauses an agent: it finishes its running job, then takes no job until resumed.
   *
   * @param agent the agent's instance name
   * @return the command
   * @throws NotFoundException if no agent of that name has been heard from
   */
  @RolesAllowed("admin")
  public FleetCommandView pause(String agent) {
    return steer(agent, true);
  }

  /**
   * Resumes a paused agent.
   *
   * @param agent the agent's instance name
   * @return the command
   * @throws NotFoundException if no agent of that name has been heard from
   */
  @RolesAllowed("admin")
  public FleetCommandView resume(String agent) {
    return steer(agent, false);
  }

  /**
   * Makes an agent read its settings file again; its answer says what changed and what needs a
   * restart.
   *
   * @param agent the agent's instance name
   * @return the command
   * @throws NotFoundException if no agent of that name has been heard from
   */
  @RolesAllowed("admin")
  public FleetCommandView reloadSettings(String agent) {
    requireKnown(agent);
    return FleetCommandView.of(send(AgentCommandKind.RELOAD_SETTINGS, agent, null));
  }

  private FleetCommandView steer(String agent, boolean paused) {
    requireKnown(agent);
    FleetCommand command =
        send(paused ? AgentCommandKind.PAUSE : AgentCommandKind.RESUME, agent, null);
    Optional<AgentSteering> known = commands.steeringOf(agent);
    AgentSteering steering = known.orElseGet(() -> new AgentSteering(agent));
    steering.want(paused, command.requestedBy(), command.requestedAt(), command.id());
    if (known.isEmpty()) {
      commands.add(steering);
    }
    return FleetCommandView.of(command);
  }

  private void requireKnown(String agent) {
    if (agent == null
        || components
            .find(AGENT, agent)
            .filter(c -> ComponentKind.HARVESTER_AGENT.name().equals(c.kind()))
            .isEmpty()) {
      throw new NotFoundException(Text.of("agent.notFound", String.valueOf(agent)));
    }
  }

  private FleetCommand send(AgentCommandKind kind, String agent, Long jobId) {
    Instant now = clock.instant();
    commands.removeBefore(now.minus(KEPT));
    FleetCommand command =
        new FleetCommand(kind, agent, jobId, session.getCallerPrincipal().getName(), now);
    commands.add(command);
    publish(command);
    LOG.info(
        () ->
            "Command "
                + command.id()
                + " "
                + kind
                + (jobId == null ? "" : " of job " + jobId)
                + " to agent "
                + agent
                + " by "
                + command.requestedBy());
    return command;
  }

  /** Publishes on the agents' topic; sent when the caller's transaction commits. */
  private void publish(FleetCommand command) {
    String topic = installation.channels().allHarvesterAgents().name();
    jms.createProducer()
        .send(jms.createTopic(topic), messages.toTextMessage(jms, command.message()));
  }

  /**
   * Applies an agent's answer to a command.
   *
   * @param ack the answer
   * @return what it did to the command
   */
  @PermitAll
  public StatusChange acknowledge(AgentCommandAck ack) {
    Optional<FleetCommand> found = commands.find(ack.commandId());
    if (found.isEmpty()) {
      ignored(ack, "is not recorded (removed after " + KEPT.toDays() + " days?)");
      return StatusChange.REFUSED;
    }
    FleetCommand command = found.get();
    StatusChange change = command.answer(ack);
    if (change == StatusChange.REFUSED) {
      ignored(ack, "was for agent " + command.agent());
    } else if (change == StatusChange.APPLIED) {
      LOG.info(
          () ->
              "Command "
                  + command.id()
                  + " "
                  + command.kind()
                  + " to agent "
                  + command.agent()
                  + ": "
                  + ack.state()
                  + (ack.detail() == null ? "" : " (" + ack.detail() + ")"));
    }
    return change;
  }

  /**
   * Logs that an agent's answer is ignored, one wording for every reason.
   *
   * @param whichCommand what is wrong with the command answered, e.g. {@code was for agent x}
   */
  private static void ignored(AgentCommandAck ack, String whichCommand) {
    LOG.warning(
        () ->
            "Agent "
                + ack.agent()
                + " answered command "
                + ack.commandId()
                + ", which "
                + whichCommand
                + "; ignored");
  }

  /**
   * On an agent's heartbeat: publishes again its unanswered commands and a pause or resume it does
   * not follow, and expires commands unanswered for too long.
   *
   * @param heartbeat the heartbeat, of a harvester agent
   */
  @PermitAll
  public void heartbeat(Heartbeat heartbeat) {
    if (heartbeat.kind() != ComponentKind.HARVESTER_AGENT) {
      return;
    }
    String agent = heartbeat.instance();
    Instant now = clock.instant();
    for (FleetCommand command : commands.unansweredOf(agent)) {
      if (!now.isBefore(command.requestedAt().plus(EXPIRE_AFTER))) {
        command.expire(
            now, "Agent " + agent + " did not answer within " + EXPIRE_AFTER.toMinutes() + " min");
      } else if (command.dueForResending(now, RESEND_AFTER)) {
        resend(command, now);
      }
    }
    Optional<AgentSteering> steering = commands.steeringOf(agent);
    if (steering.isEmpty()) {
      return;
    }
    String said = heartbeat.details().get("paused");
    Boolean reported = said == null ? null : Boolean.valueOf(said);
    if (!steering.get().agreesWith(reported)) {
      commands
          .find(steering.get().commandId())
          .filter(c -> c.state() != AgentCommandState.SENT)
          .filter(c -> !now.isBefore(c.lastSentAt().plus(RESEND_AFTER)))
          .ifPresent(
              c -> {
                LOG.info(
                    () ->
                        "Agent "
                            + agent
                            + " says paused="
                            + said
                            + ", but "
                            + steering.get().changedBy()
                            + " wanted paused="
                            + steering.get().paused()
                            + "; sending command "
                            + c.id()
                            + " again");
                resend(c, now);
              });
    }
  }

  private void resend(FleetCommand command, Instant now) {
    command.sentAgain(now);
    publish(command);
  }

  /**
   * The newest commands, newest first; those unanswered for too long are expired first.
   *
   * @param max how many at most
   * @return the commands
   */
  public List<FleetCommandView> recent(int max) {
    Instant now = clock.instant();
    List<FleetCommand> recent = commands.recent(max);
    for (FleetCommand c : recent) {
      if (c.state() == AgentCommandState.SENT
          && !now.isBefore(c.requestedAt().plus(EXPIRE_AFTER))) {
        c.expire(
            now,
            "No answer from agent " + c.agent() + " within " + EXPIRE_AFTER.toMinutes() + " min");
      }
    }
    return recent.stream().map(FleetCommandView::of).toList();
  }

  /**
   * Whether the operators want an agent paused.
   *
   * @param agent the agent's instance name
   * @return true if the last pause or resume for it was a pause
   */
  public boolean pausedByOperator(String agent) {
    return commands.steeringOf(agent).map(AgentSteering::paused).orElse(false);
  }
}
