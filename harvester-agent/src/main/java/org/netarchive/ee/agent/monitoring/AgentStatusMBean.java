package org.netarchive.ee.agent.monitoring;

/** The agent's state over JMX, as {@code org.netarchive.ee:type=HarvesterAgent,name=<instance>}. */
public interface AgentStatusMBean {

  /** The state: IDLE, CRAWLING, UPLOADING, PAUSED_FOR_DISK, ... */
  String getState();

  /** The state in words, e.g. "crawling job 42". */
  String getDescription();

  /** The job being worked on, 0 if none. */
  long getCurrentJob();

  /** Jobs finished as DONE since the agent started. */
  long getJobsDone();

  /** Jobs finished as FAILED since the agent started. */
  long getJobsFailed();

  /** Free bytes in the work directory when last checked. */
  long getFreeBytes();

  /** URIs downloaded so far in the current crawl. */
  long getDownloaded();
}
