package org.netarchive.ee.scheduler.application.monitor;

import java.util.Map;

/**
 * The job dispatcher (and the status updates of the agents' reports) over JMX, as {@code
 * org.netarchive.ee:type=Dispatcher}. Counts are since the server started; times are ISO-8601 UTC,
 * empty when there is none yet.
 */
public interface DispatcherMXBean {

  /** When the last dispatch pass (NEW jobs sent to their queues) ended. */
  String getLastPass();

  /** "OK", or "FAILED: " and why. */
  String getLastPassOutcome();

  /** Dispatch passes since the server started. */
  long getPasses();

  /** Jobs sent to their channel's queue. */
  long getJobsSubmitted();

  /** Jobs that ended (DONE, FAILED or timed out). */
  long getJobsFinished();

  /** Jobs that ended FAILED or timed out. */
  long getJobsFailed();

  /** Jobs waiting in their queues (SUBMITTED). */
  long getJobsQueued();

  /** Jobs being crawled (STARTED). */
  long getJobsRunning();

  /** Messages waiting in each of the installation's queues on the broker. */
  Map<String, Long> getQueueDepths();
}
