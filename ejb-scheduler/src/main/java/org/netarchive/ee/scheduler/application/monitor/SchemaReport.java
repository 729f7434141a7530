package org.netarchive.ee.scheduler.application.monitor;

import java.util.List;

/**
 * What the database holds compared with the migrations this release ships.
 *
 * @param database product name and version of the database
 * @param currentVersion the newest applied migration, or "none"
 * @param applied migrations applied
 * @param pending migrations shipped but not applied
 * @param problems validation failures (changed checksums, missing or failed migrations)
 */
public record SchemaReport(
    String database, String currentVersion, int applied, int pending, List<String> problems) {

  public SchemaReport {
    problems = List.copyOf(problems);
  }

  /** Whether the schema is exactly what this release expects. */
  public boolean upToDate() {
    return pending == 0 && problems.isEmpty();
  }
}
