package org.netarchive.ee.agent.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;
import org.netarchive.ee.agent.job.JobDirectory;

/**
 * Stores a job's files through the {@link ArchiveStore}: the crawled WARC files, then the metadata
 * WARC. Each file is deleted only after the archive confirmed it, and the confirmation is recorded
 * in the job directory first, so that nothing is stored twice or lost when the agent stops midway.
 */
public final class JobUpload {

  private static final Logger LOG = Logger.getLogger(JobUpload.class.getName());

  /**
   * What the upload achieved.
   *
   * @param stored the files stored now
   * @param failures one line per file not stored, naming it and why
   */
  public record Result(List<String> stored, List<String> failures) {

    public Result {
      stored = List.copyOf(stored);
      failures = List.copyOf(failures);
    }

    public boolean complete() {
      return failures.isEmpty();
    }
  }

  private final ArchiveStore archive;

  public JobUpload(ArchiveStore archive) {
    this.archive = archive;
  }

  /**
   * Stores every file of the job not yet stored. WARC files still being written by Heritrix ({@code
   * .open}) must have been closed or renamed before.
   *
   * @param directory the job directory
   * @return what was stored and what failed
   */
  public Result storeAll(JobDirectory directory) {
    List<Path> files = new ArrayList<>(directory.crawlWarcs());
    files.addAll(directory.metadataWarcs());
    Set<String> storedBefore = directory.stored();
    List<String> stored = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (Path file : files) {
      String name = file.getFileName().toString();
      if (name.endsWith(".open")) {
        failures.add(name + ": still open (being written), not stored");
        continue;
      }
      try {
        if (!storedBefore.contains(name)) {
          archive.store(file);
          directory.recordStored(name);
          stored.add(name);
          LOG.info(() -> "The archive confirmed " + name + " of job " + directory.jobId());
        }
        Files.delete(file);
      } catch (ArchiveStoreException e) {
        failures.add(name + ": " + e.getMessage());
        LOG.warning(
            () ->
                "Could not store " + name + " of job " + directory.jobId() + ": " + e.getMessage());
      } catch (IOException | RuntimeException e) {
        failures.add(name + ": " + e);
        LOG.warning(() -> "Could not store " + name + " of job " + directory.jobId() + ": " + e);
      }
    }
    return new Result(stored, failures);
  }
}
