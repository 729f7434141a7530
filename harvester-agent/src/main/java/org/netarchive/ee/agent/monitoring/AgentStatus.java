package org.netarchive.ee.agent.monitoring;

import java.lang.management.ManagementFactory;
import java.util.logging.Logger;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/** The agent's state, updated by its parts and read by JMX and the heartbeat. Thread-safe. */
public final class AgentStatus implements AgentStatusMBean {

  private static final Logger LOG = Logger.getLogger(AgentStatus.class.getName());

  private AgentState state = AgentState.RECOVERING;
  private long currentJob;
  private long jobsDone;
  private long jobsFailed;
  private long freeBytes = -1;
  private long downloaded;

  /**
   * Sets the state.
   *
   * @param state the new state
   * @param job the job it concerns, 0 for none
   */
  public synchronized void set(AgentState state, long job) {
    if (this.state != state || this.currentJob != job) {
      LOG.info(() -> "Agent state: " + describe(state, job));
    }
    this.state = state;
    this.currentJob = job;
    if (job == 0) {
      downloaded = 0;
    }
  }

  public synchronized AgentState state() {
    return state;
  }

  public synchronized void jobFinished(boolean done) {
    if (done) {
      jobsDone++;
    } else {
      jobsFailed++;
    }
  }

  public synchronized void freeBytes(long bytes) {
    freeBytes = bytes;
  }

  public synchronized void downloaded(long uris) {
    downloaded = uris;
  }

  @Override
  public synchronized String getState() {
    return state.name();
  }

  @Override
  public synchronized String getDescription() {
    return describe(state, currentJob);
  }

  private String describe(AgentState s, long job) {
    return switch (s) {
      case RECOVERING ->
          job == 0
              ? "finishing jobs left by an earlier run"
              : "finishing job " + job + " left by an earlier run";
      case CONNECTING -> "connecting to the broker";
      case IDLE -> "idle, listening for a job";
      case CRAWLING -> "crawling job " + job;
      case UPLOADING -> "uploading job " + job;
      case PAUSED -> "paused by an operator: takes no job until resumed";
      case PAUSED_FOR_DISK ->
          "paused for disk: " + freeBytes + " bytes free in the work directory, below the minimum";
      case STOPPING -> "stopping";
    };
  }

  @Override
  public synchronized long getCurrentJob() {
    return currentJob;
  }

  @Override
  public synchronized long getJobsDone() {
    return jobsDone;
  }

  @Override
  public synchronized long getJobsFailed() {
    return jobsFailed;
  }

  @Override
  public synchronized long getFreeBytes() {
    return freeBytes;
  }

  @Override
  public synchronized long getDownloaded() {
    return downloaded;
  }

  /**
   * Registers this status in the platform MBean server.
   *
   * @param instance the agent's instance name
   * @return the name it was registered under
   */
  public ObjectName register(String instance) {
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      ObjectName name =
          new ObjectName(
              "org.netarchive.ee:type=HarvesterAgent,name=" + ObjectName.quote(instance));
      if (server.isRegistered(name)) {
        server.unregisterMBean(name);
      }
      server.registerMBean(this, name);
      return name;
    } catch (JMException e) {
      throw new IllegalStateException("Cannot register the agent's MBean", e);
    }
  }
}
