package org.netarchive.ee.common.message;

import java.time.Instant;
import java.util.List;
import java.util.TreeSet;

/**
 * The final report of a job from its agent: outcome, errors and per-domain statistics.
 *
 * <p>Harvest errors and upload errors are kept apart, because the agent tries to store the files
 * even after a failed crawl (reference/000 "Storing harvest statistics").
 *
 * @param jobId the job
 * @param agent the agent's instance name
 * @param finishedAt when the agent finished the job
 * @param outcome DONE or FAILED
 * @param harvestError a short description of what went wrong in the crawl, if anything
 * @param harvestErrorDetails the long description of the harvest error
 * @param uploadError a short description of what went wrong storing the files, if anything
 * @param uploadErrorDetails the long description of the upload error
 * @param domains what the crawl got from each domain
 * @param revisitedFiles the archived files of earlier jobs that this job's revisit records point
 *     into (the originals of its duplicates), each once, sorted; absent: none
 */
@MessageType(name = "JobFinished", version = 1)
public record JobFinished(
    long jobId,
    String agent,
    Instant finishedAt,
    JobOutcome outcome,
    @OptionalField String harvestError,
    @OptionalField String harvestErrorDetails,
    @OptionalField String uploadError,
    @OptionalField String uploadErrorDetails,
    List<DomainStatistics> domains,
    @OptionalField List<String> revisitedFiles)
    implements Message {

  /**
   * Validates the components and copies the list.
   *
   * @throws IllegalArgumentException if a required component is missing, a present error text is
   *     blank, a FAILED outcome has no error, or a domain appears twice
   */
  public JobFinished {
    Fields.requireAtLeast(jobId, 1, "jobId");
    Fields.requireNonBlank(agent, "agent");
    Fields.requireNonNull(finishedAt, "finishedAt");
    Fields.requireNonNull(outcome, "outcome");
    Fields.requireNullOrNonBlank(harvestError, "harvestError");
    Fields.requireNullOrNonBlank(harvestErrorDetails, "harvestErrorDetails");
    Fields.requireNullOrNonBlank(uploadError, "uploadError");
    Fields.requireNullOrNonBlank(uploadErrorDetails, "uploadErrorDetails");
    if (outcome == JobOutcome.FAILED && harvestError == null && uploadError == null) {
      throw new IllegalArgumentException(
          "A FAILED job " + jobId + " must say why: harvestError or uploadError is required");
    }
    domains = Fields.copyOf(domains, "domains");
    if (domains.stream().map(DomainStatistics::domain).distinct().count() != domains.size()) {
      throw new IllegalArgumentException("domains of job " + jobId + " name a domain twice");
    }
    revisitedFiles =
        revisitedFiles == null
            ? List.of()
            : List.copyOf(new TreeSet<>(Fields.copyOf(revisitedFiles, "revisitedFiles")));
    for (String file : revisitedFiles) {
      Fields.requireFileName(file, "revisitedFiles of job " + jobId);
    }
  }

  /**
   * The final report of a job whose revisits point into no earlier file.
   *
   * @param jobId the job
   * @param agent the agent's instance name
   * @param finishedAt when the agent finished the job
   * @param outcome DONE or FAILED
   * @param harvestError what went wrong in the crawl, or null
   * @param harvestErrorDetails the long description of the harvest error, or null
   * @param uploadError what went wrong storing the files, or null
   * @param uploadErrorDetails the long description of the upload error, or null
   * @param domains what the crawl got from each domain
   */
  public JobFinished(
      long jobId,
      String agent,
      Instant finishedAt,
      JobOutcome outcome,
      String harvestError,
      String harvestErrorDetails,
      String uploadError,
      String uploadErrorDetails,
      List<DomainStatistics> domains) {
    this(
        jobId,
        agent,
        finishedAt,
        outcome,
        harvestError,
        harvestErrorDetails,
        uploadError,
        uploadErrorDetails,
        domains,
        List.of());
  }
}
