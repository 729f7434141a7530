package org.netarchive.ee.agent.harvest;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.netarchive.ee.agent.heritrix.CrawlEnd;
import org.netarchive.ee.agent.heritrix.CrawlResult;
import org.netarchive.ee.agent.heritrix.CrawlStatus;
import org.netarchive.ee.agent.heritrix.CrawlSupervisor;
import org.netarchive.ee.agent.heritrix.HeritrixProcess;
import org.netarchive.ee.agent.index.IndexClient;
import org.netarchive.ee.agent.job.JobDirectory;
import org.netarchive.ee.agent.job.JobPreparation;
import org.netarchive.ee.agent.job.JobPreparationException;
import org.netarchive.ee.agent.monitoring.AgentState;
import org.netarchive.ee.agent.monitoring.AgentStatus;
import org.netarchive.ee.agent.report.DomainStatisticsCollector;
import org.netarchive.ee.agent.report.DomainStatisticsCollector.CrawlStatistics;
import org.netarchive.ee.agent.report.MetadataWarc;
import org.netarchive.ee.agent.store.JobUpload;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.IndexRequest;
import org.netarchive.ee.common.message.JobFinished;
import org.netarchive.ee.common.message.JobOutcome;
import org.netarchive.ee.common.message.JobProgress;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.CrawlTemplateException;

/**
 * Runs jobs and finishes them: after the crawl (whatever its end) the statistics are collected, the
 * metadata WARC written and every file stored; the final report keeps harvest errors and upload
 * errors apart. The report is saved in the job directory before it is sent ({@code finished.json}),
 * so that a report lost in a crash is sent again at the next start; the directory is deleted only
 * when the report was sent and the archive confirmed every file.
 */
public final class JobRunner {

  private static final Logger LOG = Logger.getLogger(JobRunner.class.getName());
  private static final MessageCodec CODEC = MessageCodec.standard();
  private static final String REPORTED = "reported";

  private final JobPreparation preparation;
  private final CrawlSupervisor supervisor;
  private final MetadataWarc metadata;
  private final JobUpload upload;
  private final AgentStatus status;
  private final String agent;
  private final Clock clock;
  private final Duration processTimeout;
  private final DedupIndexSource dedupIndexes;

  /**
   * A runner whose jobs deduplicate against the indexes {@code dedupIndexes} gives; with {@link
   * DedupIndexSource#NONE} they crawl without deduplication.
   *
   * @param preparation makes job directories and crawler-beans.cxml files
   * @param supervisor runs Heritrix
   * @param metadata writes the metadata WARC
   * @param upload stores the files
   * @param status the agent's state, for JMX
   * @param agent the agent's instance name
   * @param clock the time
   * @param processTimeout how long Heritrix may take to exit
   * @param dedupIndexes where the deduplication indexes of jobs come from
   */
  public JobRunner(
      JobPreparation preparation,
      CrawlSupervisor supervisor,
      MetadataWarc metadata,
      JobUpload upload,
      AgentStatus status,
      String agent,
      Clock clock,
      Duration processTimeout,
      DedupIndexSource dedupIndexes) {
    this.dedupIndexes = dedupIndexes;
    this.preparation = preparation;
    this.supervisor = supervisor;
    this.metadata = metadata;
    this.upload = upload;
    this.status = status;
    this.agent = agent;
    this.clock = clock;
    this.processTimeout = processTimeout;
  }

  /**
   * Takes a job: makes its directory and saves the request.
   *
   * @param request the job
   * @return its directory
   */
  public JobDirectory accept(CrawlRequest request) {
    return preparation.accept(request, clock.instant());
  }

  /**
   * Gives up a job just accepted, before anything was crawled: its directory is removed.
   *
   * @param directory the directory from {@link #accept}
   * @throws IllegalStateException if the job has crawled files already
   */
  public void discard(JobDirectory directory) {
    if (!directory.crawlWarcs().isEmpty() || directory.latestLaunch().isPresent()) {
      throw new IllegalStateException(
          "Job " + directory.jobId() + " has crawled already; not discarding " + directory);
    }
    directory.delete();
  }

  /**
   * Crawls an accepted job and finishes it.
   *
   * @param directory the job's directory from {@link #accept}
   * @param request the job
   * @param progress told the crawl's progress every status interval
   * @param stopRequested polled during the crawl; {@code true} stops it (agent shutdown)
   * @return the final report, saved in the job directory but not yet marked sent; empty if the
   *     crawl was stopped because the agent is shutting down (the directory is then finished by
   *     {@link #recover} at the next start)
   */
  public Optional<JobFinished> run(
      JobDirectory directory,
      CrawlRequest request,
      Consumer<JobProgress> progress,
      BooleanSupplier stopRequested) {
    return run(directory, request, progress, stopRequested, Optional::empty);
  }

  /**
   * Crawls an accepted job, which an operator may stop, and finishes it. A job stopped by an
   * operator is finished like any other (files stored, report made) and reported FAILED, its
   * harvest error saying who stopped it.
   *
   * @param directory the job's directory from {@link #accept}
   * @param request the job
   * @param progress told the crawl's progress every status interval
   * @param stopRequested polled during the crawl; {@code true} stops it (agent shutdown)
   * @param operatorStop polled during the crawl; a value (e.g. {@code "stopped by operator alice"})
   *     stops it for good
   * @return the final report, as {@link #run(JobDirectory, CrawlRequest, Consumer,
   *     BooleanSupplier)}
   */
  public Optional<JobFinished> run(
      JobDirectory directory,
      CrawlRequest request,
      Consumer<JobProgress> progress,
      BooleanSupplier stopRequested,
      Supplier<Optional<String>> operatorStop) {
    status.set(AgentState.CRAWLING, request.jobId());
    CrawlResult crawl;
    try {
      fetchDedupIndex(directory, request);
      preparation.writeCrawlerBeans(directory, request);
      crawl =
          supervisor.crawl(
              directory,
              Duration.ofSeconds(request.maxRunningSeconds()),
              s -> progress.accept(progressOf(request.jobId(), s)),
              stopRequested,
              operatorStop);
    } catch (JobPreparationException | UncheckedIOException e) {
      crawl = new CrawlResult(CrawlEnd.FAILED, e.getMessage(), Optional.empty());
    } finally {
      directory.forgetPasswords();
    }
    CrawlResult result = crawl;
    LOG.info(
        () -> "Job " + request.jobId() + " crawl ended (" + result.end() + "): " + result.detail());
    if (result.end() == CrawlEnd.STOPPED) {
      return Optional.empty();
    }
    return Optional.of(finish(directory, request, result.end(), result.detail()));
  }

  /**
   * The job directories left by an earlier run of the agent.
   *
   * @return them, oldest first
   */
  public List<JobDirectory> leftovers() {
    return JobDirectory.list(preparation.jobsRoot());
  }

  /**
   * Finishes a job directory left by an earlier run: stops a Heritrix still running for it, and
   * stores what was crawled. If its report was made before, the files not yet stored are stored and
   * that report is returned (to be sent if it was not); otherwise the job is finished as FAILED,
   * because the agent stopped while working on it.
   *
   * @param directory the left-over directory
   * @return the report to send, or empty if it was sent before
   */
  public Optional<JobFinished> recover(JobDirectory directory) {
    status.set(AgentState.RECOVERING, directory.jobId());
    HeritrixProcess.stopLeftOver(directory, processTimeout);
    directory.forgetPasswords();
    Optional<JobFinished> saved = savedReport(directory);
    if (saved.isPresent()) {
      JobUpload.Result result = upload.storeAll(directory);
      if (!result.complete()) {
        LOG.warning(
            () ->
                "Files of job "
                    + directory.jobId()
                    + " are still not stored: "
                    + result.failures());
      }
      return reported(directory) ? Optional.empty() : saved;
    }
    CrawlRequest request;
    try {
      request = JobPreparation.savedRequest(directory);
    } catch (JobPreparationException e) {
      return Optional.of(unreadableJob(directory, e));
    }
    return Optional.of(
        finish(
            directory,
            request,
            CrawlEnd.FAILED,
            "The harvester agent "
                + agent
                + " stopped (crashed, was killed or shut down) while working on job "
                + request.jobId()
                + "; it finished the job when it started again at "
                + clock.instant()
                + ": what was crawled until then is stored"));
  }

  /**
   * Marks a job's report as sent, and deletes the job directory if the archive has confirmed all
   * its files.
   *
   * @param directory the job directory
   */
  public void markReported(JobDirectory directory) {
    try {
      Files.writeString(directory.path().resolve(REPORTED), clock.instant() + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot mark job " + directory.jobId() + " as reported", e);
    }
    if (directory.crawlWarcs().isEmpty() && directory.metadataWarcs().isEmpty()) {
      directory.delete();
      LOG.info(() -> "Job " + directory.jobId() + " is stored and reported; removed " + directory);
    } else {
      LOG.warning(
          () ->
              "Job "
                  + directory.jobId()
                  + " has files the archive has not confirmed; keeping "
                  + directory
                  + " to store them at the next start");
    }
  }

  private static boolean reported(JobDirectory directory) {
    return Files.exists(directory.path().resolve(REPORTED));
  }

  /**
   * Fetches the job's deduplication index, if the job names earlier jobs and its template can
   * deduplicate, and notes what happened ({@link JobDirectory#deduplicationNote()}). A job whose
   * index cannot be had crawls without deduplication; its report says so, but it does not fail for
   * it. A job that has its index already (a restarted agent) keeps it.
   */
  private void fetchDedupIndex(JobDirectory directory, CrawlRequest request) {
    List<Long> jobs = request.deduplicationJobIds();
    if (jobs.isEmpty()
        || directory.hasDedupIndex()
        || Files.exists(directory.deduplicationNote())
        || !usesDedupIndex(request)) {
      return;
    }
    List<Long> asked =
        jobs.size() <= IndexRequest.MAX_JOBS
            ? jobs
            : jobs.subList(jobs.size() - IndexRequest.MAX_JOBS, jobs.size());
    IndexClient.Result result = dedupIndexes.fetch(asked, directory.dedupIndexInProgress());
    if (result.fetched()) {
      directory.completeDedupIndex();
    }
    JsonObjectBuilder note =
        Json.createObjectBuilder()
            .add("deduplicationJobs", Json.createArrayBuilder(jobs))
            .add("askedJobs", Json.createArrayBuilder(asked))
            .add("indexFetched", result.fetched())
            .add("complete", result.fetched() && result.complete() && asked.size() == jobs.size())
            .add("foundJobs", Json.createArrayBuilder(result.foundJobIds()))
            .add("missingJobs", Json.createArrayBuilder(result.missingJobIds()));
    if (result.name() != null) {
      note.add("index", result.name());
    }
    if (!result.fetched()) {
      note.add("failure", result.failure());
    }
    JobDirectory.writeAtomically(directory.deduplicationNote(), note.build().toString() + "\n");
    LOG.info(
        () ->
            "Job "
                + request.jobId()
                + (result.fetched()
                    ? " deduplicates against index "
                        + result.name()
                        + " of jobs "
                        + result.foundJobIds()
                        + (result.missingJobIds().isEmpty()
                            ? ""
                            : "; the archive lacks the metadata of jobs " + result.missingJobIds())
                    : " crawls without deduplication: " + result.failure()));
  }

  private static boolean usesDedupIndex(CrawlRequest request) {
    try {
      return CrawlTemplate.parse(request.crawlerBeans()).usesDedupIndex();
    } catch (CrawlTemplateException e) {
      return false; // writing the crawler-beans.cxml reports it
    }
  }

  /**
   * Why the job crawled without deduplication although it named earlier jobs, from its note; or
   * null.
   */
  private static String dedupProblem(JobDirectory directory) {
    Path note = directory.deduplicationNote();
    if (!Files.isRegularFile(note)) {
      return null;
    }
    try (JsonReader reader = Json.createReader(Files.newBufferedReader(note))) {
      JsonObject json = reader.readObject();
      return json.getBoolean("indexFetched", false)
          ? null
          : "Crawled without deduplication: " + json.getString("failure", "no index");
    } catch (IOException | RuntimeException e) {
      return "The deduplication note " + note + " is unreadable: " + e.getMessage();
    }
  }

  private JobFinished finish(
      JobDirectory directory, CrawlRequest request, CrawlEnd end, String detail) {
    long jobId = request.jobId();
    status.set(AgentState.UPLOADING, jobId);
    // Heritrix has exited; a WARC it could not close (killed, crashed) is kept as written.
    closeOpenWarcs(directory);
    List<String> harvestProblems = new ArrayList<>();
    if (end.harvestError()) {
      harvestProblems.add(detail);
    }
    CrawlStatistics statistics;
    try {
      statistics = DomainStatisticsCollector.collect(request, directory.latestLaunch(), end);
    } catch (RuntimeException e) {
      harvestProblems.add("The statistics of the crawl could not be read: " + e.getMessage());
      statistics = CrawlStatistics.NONE;
    }
    String notes = "Crawl ended: " + end + ". " + detail;
    if (!directory.stored().contains(MetadataWarc.fileName(jobId))) {
      try {
        metadata.write(directory, request, notes, clock.instant());
      } catch (RuntimeException e) {
        harvestProblems.add("The metadata WARC could not be written: " + e.getMessage());
      }
    }
    JobUpload.Result stored = upload.storeAll(directory);
    String harvestError = null;
    String harvestDetails = null;
    boolean harvestFailed = !harvestProblems.isEmpty();
    String dedupProblem = dedupProblem(directory);
    if (harvestFailed) {
      harvestError =
          switch (end) {
            case STOPPED -> "The crawl of job " + jobId + " was interrupted";
            case STOPPED_BY_OPERATOR -> "The crawl of job " + jobId + " was " + detail;
            case FAILED -> "The crawl of job " + jobId + " failed";
            default -> "The results of job " + jobId + " are incomplete";
          };
    } else if (dedupProblem != null) {
      // Said in the report, but no reason to fail a crawl that stored everything.
      harvestError = "Job " + jobId + " crawled without deduplication";
    }
    if (dedupProblem != null) {
      harvestProblems.add(dedupProblem);
    }
    if (!harvestProblems.isEmpty()) {
      harvestDetails = String.join("\n", harvestProblems);
    }
    String uploadError = null;
    String uploadDetails = null;
    if (!stored.complete()) {
      uploadError =
          stored.failures().size() + " file(s) of job " + jobId + " were not stored in the archive";
      uploadDetails = String.join("\n", stored.failures());
    }
    JobFinished report =
        new JobFinished(
            jobId,
            agent,
            clock.instant(),
            !harvestFailed && uploadError == null ? JobOutcome.DONE : JobOutcome.FAILED,
            harvestError,
            harvestDetails,
            uploadError,
            uploadDetails,
            statistics.domains(),
            statistics.revisitedFiles());
    JobDirectory.writeAtomically(directory.finished(), CODEC.encode(report));
    status.jobFinished(report.outcome() == JobOutcome.DONE);
    return report;
  }

  private JobFinished unreadableJob(JobDirectory directory, JobPreparationException e) {
    closeOpenWarcs(directory);
    JobUpload.Result stored = upload.storeAll(directory);
    JobFinished report =
        new JobFinished(
            directory.jobId(),
            agent,
            clock.instant(),
            JobOutcome.FAILED,
            "The harvester agent stopped while working on job " + directory.jobId(),
            e.getMessage() + "; no statistics or metadata could be made",
            stored.complete() ? null : "Files of job " + directory.jobId() + " were not stored",
            stored.complete() ? null : String.join("\n", stored.failures()),
            List.of());
    JobDirectory.writeAtomically(directory.finished(), CODEC.encode(report));
    return report;
  }

  private static Optional<JobFinished> savedReport(JobDirectory directory) {
    if (!Files.isRegularFile(directory.finished())) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          CODEC.decode(
              Files.readString(directory.finished(), StandardCharsets.UTF_8), JobFinished.class));
    } catch (IOException | RuntimeException e) {
      LOG.warning(() -> "Cannot read " + directory.finished() + "; finishing the job again: " + e);
      return Optional.empty();
    }
  }

  /** Heritrix renames a WARC when it closes it; after a crash the name still ends in .open. */
  private static void closeOpenWarcs(JobDirectory directory) {
    for (Path warc : directory.crawlWarcs()) {
      String name = warc.getFileName().toString();
      if (name.endsWith(".open")) {
        Path closed = warc.resolveSibling(name.substring(0, name.length() - ".open".length()));
        try {
          if (!Files.exists(closed)) {
            Files.move(warc, closed);
          }
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot rename " + warc + " to " + closed, e);
        }
      }
    }
  }

  private JobProgress progressOf(long jobId, CrawlStatus s) {
    status.downloaded(s.downloaded());
    JobProgress progress =
        new JobProgress(
            jobId,
            agent,
            clock.instant(),
            s.discovered(),
            s.queued(),
            s.downloaded(),
            s.docsPerSecond(),
            s.kibPerSecond(),
            s.busyThreads(),
            s.bytes());
    LOG.info(
        () ->
            "Job "
                + jobId
                + ": "
                + s.discovered()
                + " discovered, "
                + s.queued()
                + " queued, "
                + s.downloaded()
                + " downloaded, "
                + Math.round(s.docsPerSecond())
                + " docs/s, "
                + Math.round(s.kibPerSecond())
                + " KB/s, "
                + s.busyThreads()
                + " busy threads, "
                + s.bytes()
                + " bytes");
    return progress;
  }
}
