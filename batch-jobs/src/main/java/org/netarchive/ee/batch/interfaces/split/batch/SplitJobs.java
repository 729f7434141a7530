package org.netarchive.ee.batch.interfaces.split.batch;

/** Helpers shared by the split-harvest artifacts. */
final class SplitJobs {

  private SplitJobs() {}

  /** The job parameter {@code splitId}, checked. */
  static long splitId(String parameter) {
    if (parameter == null || parameter.isBlank()) {
      throw new IllegalArgumentException("The split-harvest job needs the job parameter 'splitId'");
    }
    try {
      return Long.parseLong(parameter.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "The job parameter 'splitId' of split-harvest must be a number, was '" + parameter + "'");
    }
  }
}
