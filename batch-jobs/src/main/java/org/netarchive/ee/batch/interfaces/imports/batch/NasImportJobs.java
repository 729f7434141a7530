package org.netarchive.ee.batch.interfaces.imports.batch;

/** The job parameters of import-netarchivesuite. */
final class NasImportJobs {

  private NasImportJobs() {}

  /** The import's id from the job parameter {@code runId}. */
  static long runId(String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException | NullPointerException e) {
      throw new IllegalArgumentException(
          "Job parameter runId of import-netarchivesuite must be an import's id, not '"
              + value
              + "'");
    }
  }
}
