package org.netarchive.ee.archive.interfaces.preservation.batch;

/** The job parameter naming the audit run. */
final class AuditRunId {

  private AuditRunId() {}

  static long parse(String value) {
    try {
      return Long.parseLong(value == null ? "" : value.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "The replica audit job needs the job parameter runId (a number), got '" + value + "'");
    }
  }
}
