package org.netarchive.ee.agent.control;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import org.netarchive.ee.common.message.AgentCommand;
import org.netarchive.ee.common.message.AgentCommandAck;
import org.netarchive.ee.common.message.AgentCommandState;

/**
 * What operators have asked of this agent: whether it is paused, and which crawl is to be stopped.
 * Commands come on a topic every agent reads; this agent takes those that name it, answers each,
 * and answers a command it has seen before (the server sends it again until it has a final answer)
 * with the same answer, without acting twice.
 *
 * <p>A pause lives only in memory: an agent that restarts takes jobs again until the server, which
 * keeps what the operator wants, sees {@code paused=false} in its heartbeat and pauses it again.
 *
 * <p>Thread-safe: commands arrive on the broker's thread, the crawl polls on the agent's.
 */
public final class AgentControl {

  private static final Logger LOG = Logger.getLogger(AgentControl.class.getName());
  private static final int REMEMBERED = 200;

  /** Re-reads the agent's settings and says what changed; throws if they cannot be read. */
  @FunctionalInterface
  public interface SettingsReload {
    /**
     * Re-reads and applies the settings.
     *
     * @return what changed, what was applied and what needs a restart, in words
     * @throws RuntimeException with a message naming the problem if the settings are not usable
     */
    String reload();
  }

  private final String instance;
  private final Clock clock;
  private final SettingsReload settings;
  private final Map<Long, AgentCommandAck> answered =
      new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, AgentCommandAck> eldest) {
          return size() > REMEMBERED;
        }
      };

  private boolean paused;
  private long crawling;
  private StopRequest stop;

  /** A stop asked for the crawl of a job. */
  private record StopRequest(long jobId, long commandId, String requestedBy) {}

  /**
   * @param instance this agent's instance name: commands naming another are not for it
   * @param clock the time of answers
   * @param settings re-reads the settings on {@code RELOAD_SETTINGS}
   */
  public AgentControl(String instance, Clock clock, SettingsReload settings) {
    this.instance = instance;
    this.clock = clock;
    this.settings = settings;
  }

  /**
   * Acts on a command if it names this agent.
   *
   * @param command the command
   * @return the answer to send, or empty if the command is for another agent
   */
  public synchronized Optional<AgentCommandAck> handle(AgentCommand command) {
    if (!instance.equals(command.agent())) {
      return Optional.empty();
    }
    AgentCommandAck before = answered.get(command.commandId());
    if (before != null) {
      return Optional.of(before);
    }
    AgentCommandAck answer =
        switch (command.kind()) {
          case PAUSE -> pause(command);
          case RESUME -> resume(command);
          case STOP_JOB -> stop(command);
          case RELOAD_SETTINGS -> reload(command);
        };
    LOG.info(
        () ->
            "Command "
                + command.commandId()
                + " "
                + command.kind()
                + (command.jobId() == null ? "" : " of job " + command.jobId())
                + " from "
                + command.requestedBy()
                + ": "
                + answer.state()
                + (answer.detail() == null ? "" : " (" + answer.detail() + ")"));
    answered.put(command.commandId(), answer);
    return Optional.of(answer);
  }

  private AgentCommandAck pause(AgentCommand command) {
    boolean was = paused;
    paused = true;
    String detail =
        (was ? "Was paused already" : "Paused")
            + ": agent "
            + instance
            + " takes no new job until resumed"
            + (crawling == 0 ? "" : "; it finishes job " + crawling + " first");
    return command.answer(AgentCommandState.DONE, detail, clock.instant());
  }

  private AgentCommandAck resume(AgentCommand command) {
    boolean was = paused;
    paused = false;
    String detail = (was ? "Resumed" : "Was not paused") + ": agent " + instance + " takes jobs";
    return command.answer(AgentCommandState.DONE, detail, clock.instant());
  }

  private AgentCommandAck stop(AgentCommand command) {
    long job = command.jobId();
    if (crawling != job) {
      String doing = crawling == 0 ? "it crawls no job now" : "it crawls job " + crawling;
      return command.answer(
          AgentCommandState.REFUSED,
          "Job " + job + " is not crawling on agent " + instance + ": " + doing,
          clock.instant());
    }
    if (stop == null || stop.jobId() != job) {
      stop = new StopRequest(job, command.commandId(), command.requestedBy());
    }
    return command.answer(
        AgentCommandState.ACKNOWLEDGED,
        "Stopping the crawl of job "
            + job
            + "; what it crawled is stored and the job is reported FAILED",
        clock.instant());
  }

  private AgentCommandAck reload(AgentCommand command) {
    try {
      return command.answer(AgentCommandState.DONE, settings.reload(), clock.instant());
    } catch (RuntimeException e) {
      return command.answer(
          AgentCommandState.REFUSED,
          "The settings were not changed: " + e.getMessage(),
          clock.instant());
    }
  }

  /**
   * Whether an operator has paused the agent: it then takes no new job.
   *
   * @return true while paused
   */
  public synchronized boolean paused() {
    return paused;
  }

  /**
   * Says that the crawl of a job begins: from now a stop for it is acted on.
   *
   * @param jobId the job
   */
  public synchronized void crawlStarted(long jobId) {
    crawling = jobId;
  }

  /**
   * Says that the crawl of a job is over (the job is being stored and reported).
   *
   * @param jobId the job
   */
  public synchronized void crawlEnded(long jobId) {
    if (crawling == jobId) {
      crawling = 0;
    }
  }

  /**
   * Whether an operator asked to stop the crawl of a job, and by whom; polled by the crawl.
   *
   * @param jobId the job crawling
   * @return e.g. {@code "stopped by operator alice (command 7)"}, or empty
   */
  public synchronized Optional<String> stopRequestedFor(long jobId) {
    if (stop == null || stop.jobId() != jobId) {
      return Optional.empty();
    }
    return Optional.of(
        "stopped by operator " + stop.requestedBy() + " (command " + stop.commandId() + ")");
  }

  /**
   * The final answer to the stop of a job, once the job is reported; empty if nobody stopped it.
   *
   * @param jobId the job reported
   * @param outcome how it was reported, e.g. {@code FAILED}
   * @return the DONE answer to send
   */
  public synchronized Optional<AgentCommandAck> jobReported(long jobId, String outcome) {
    if (stop == null || stop.jobId() != jobId) {
      return Optional.empty();
    }
    StopRequest done = stop;
    stop = null;
    AgentCommandAck answer =
        new AgentCommandAck(
            done.commandId(),
            instance,
            AgentCommandState.DONE,
            "The crawl of job "
                + jobId
                + " was stopped; the job was reported "
                + outcome
                + " with what it crawled",
            clock.instant());
    answered.put(done.commandId(), answer);
    return Optional.of(answer);
  }
}
