package org.netarchive.ee.archive.application.adoption;

import java.util.List;

/**
 * What an import of admin data did.
 *
 * @param source the file imported, as named
 * @param version its format version
 * @param lines the lines read (not counting the version line and blank lines)
 * @param copiesAdded file copies recorded for the first time
 * @param copiesUpdated copies whose recorded state changed
 * @param copiesUnchanged copies recorded already as they are
 * @param refused the lines not taken, each with its number, file and reason
 */
public record ImportReport(
    String source,
    String version,
    long lines,
    long copiesAdded,
    long copiesUpdated,
    long copiesUnchanged,
    List<String> refused)
    implements java.io.Serializable {

  public ImportReport {
    refused = List.copyOf(refused);
  }
}
