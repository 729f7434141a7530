package org.netarchive.ee.scheduler.application.imports;

/**
 * What to import: the source database and how.
 *
 * @param url the NetarchiveSuite harvest database, {@code jdbc:postgresql://host:5432/db}
 * @param user its user
 * @param password its password: used to connect, never logged or stored
 * @param dryRun {@code true}: report what would be done and change nothing
 * @param timeZone the zone NetarchiveSuite's server ran in, which its timestamps (schedules,
 *     history) and the schedules' fixed times are read in; {@code null} for UTC
 */
public record NasImportRequest(
    String url, String user, String password, boolean dryRun, String timeZone) {

  @Override
  public String toString() {
    // never the password
    return "NasImportRequest[url=" + url + ", user=" + user + ", dryRun=" + dryRun + "]";
  }
}
