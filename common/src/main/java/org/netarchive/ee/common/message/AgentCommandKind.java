package org.netarchive.ee.common.message;

/** What an operator asks of a harvester agent in an {@link AgentCommand}. */
public enum AgentCommandKind {
  /** Stop the crawl of one running job; the agent stores what it has and reports the job. */
  STOP_JOB,
  /** Take no new job until resumed; a running job is finished first. */
  PAUSE,
  /** Take jobs again after a pause. */
  RESUME,
  /** Read the settings file again and apply what can change while the agent runs. */
  RELOAD_SETTINGS
}
