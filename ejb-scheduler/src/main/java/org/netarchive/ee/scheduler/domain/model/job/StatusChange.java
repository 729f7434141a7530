package org.netarchive.ee.scheduler.domain.model.job;

/** What a status report did to a job. */
public enum StatusChange {
  /** The job changed as reported. */
  APPLIED,
  /** The job already was as reported (a repeated or late message); nothing changed. */
  REPEATED,
  /** The report does not fit the job's status and was refused. */
  REFUSED
}
