package org.netarchive.ee.common.message;

/** How a job ended, as reported in {@link JobFinished}. */
public enum JobOutcome {
  /** The crawl ran and every file was stored. */
  DONE,
  /** The crawl or the storing of its files failed; the errors say which. */
  FAILED
}
