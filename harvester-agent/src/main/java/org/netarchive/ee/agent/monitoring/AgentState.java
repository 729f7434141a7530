package org.netarchive.ee.agent.monitoring;

/** What the agent is doing. */
public enum AgentState {
  /** Starting: finishing job directories left by an earlier run. */
  RECOVERING,
  /** Connecting (or reconnecting) to the server's broker. */
  CONNECTING,
  /** Listening for a job. */
  IDLE,
  /** Running a crawl. */
  CRAWLING,
  /** Writing the metadata and storing the files of a job. */
  UPLOADING,
  /** Not listening: paused by an operator until resumed. */
  PAUSED,
  /** Not listening: the work directory has less free space than the configured minimum. */
  PAUSED_FOR_DISK,
  /** Shutting down. */
  STOPPING
}
