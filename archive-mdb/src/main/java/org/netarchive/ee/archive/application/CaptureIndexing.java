package org.netarchive.ee.archive.application;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.archive.domain.model.capture.FileCaptures;
import org.netarchive.ee.archive.domain.model.index.JobDataCache;
import org.netarchive.ee.archive.domain.model.index.SortedLines;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.CaptureIndexRecords;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.common.index.CaptureIndex;
import org.netarchive.ee.common.index.CaptureIndexWriter;
import org.netarchive.ee.scheduler.infrastructure.metrics.DescribedMeters;

/**
 * Keeps the archive-wide capture index (issue 13) up to date: every archived file with a copy
 * {@code UPLOAD_COMPLETED} is indexed, in the order the files were stored, by a timer every two
 * seconds. A file's captures come from its job's CDX in the job's metadata WARC where the archive
 * holds it ({@link JobDataCache}, shared with the index server), otherwise from the file itself
 * read with jwarc from a good copy in one of this server's replicas. The captures are committed to
 * Lucene, then the file is recorded as indexed ({@link CaptureIndexRecords}); a crash between the
 * two indexes the file again, which replaces its captures. A file that fails is tried {@value
 * CaptureIndexRecords#MAX_ATTEMPTS} times.
 *
 * <p>Indexing can be paused and resumed (in memory: a restart resumes it); the whole index can be
 * rebuilt from the archive. The lag (files stored but not indexed) and the number of captures are
 * the gauges {@code netarchive_capture_index_lag} and {@code netarchive_capture_index_captures}.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@PermitAll
public class CaptureIndexing {

  private static final Logger LOG = Logger.getLogger(CaptureIndexing.class.getName());

  private static final int BATCH = 50;

  private static final Duration FIGURES_EVERY = Duration.ofSeconds(15);

  @Inject private ArchiveSettings settings;
  @EJB private ArchiveAdmin admin;
  @EJB private Bitarchives bitarchives;
  @Inject private CaptureIndexRecords records;
  @Inject private MeterRegistry metrics;
  @Resource private TimerService timers;

  private final Clock clock = Clock.systemUTC();
  private final ReentrantLock work = new ReentrantLock();
  private final AtomicLong lag = new AtomicLong();
  private final AtomicLong captures = new AtomicLong();
  private CaptureIndexWriter writer;
  private CaptureIndex index;
  private JobDataCache jobData;
  private volatile boolean paused;
  private volatile Instant figuresAt = Instant.EPOCH;
  private volatile Status.Figures figures = new Status.Figures(0, 0, 0);
  private volatile String lastFile;
  private volatile Instant lastIndexedAt;
  private volatile Instant rebuildStartedAt;
  private volatile String lastFailure;

  /**
   * What the indexer is doing.
   *
   * @param directory the index's directory
   * @param paused whether indexing is paused
   * @param storedFiles files with a copy UPLOAD_COMPLETED
   * @param indexedFiles of those, the files the index holds
   * @param lag files stored but not yet indexed
   * @param failedFiles files given up on after repeated failures (counted in the lag)
   * @param captures captures in the index
   * @param lastFile the last file indexed, or null
   * @param lastIndexedAt when, or null
   * @param lastFailure the last failure, or null
   * @param rebuildStartedAt when the last rebuild started, or null
   * @param rebuildProgress the share of stored files indexed since then (1 when done), or null
   */
  public record Status(
      String directory,
      boolean paused,
      long storedFiles,
      long indexedFiles,
      long lag,
      long failedFiles,
      long captures,
      String lastFile,
      Instant lastIndexedAt,
      String lastFailure,
      Instant rebuildStartedAt,
      Double rebuildProgress)
      implements Serializable {

    /** The database's figures, read together. */
    record Figures(long stored, long indexed, long failed) {}
  }

  @PostConstruct
  void open() {
    try {
      Files.createDirectories(settings.captureIndexDirectory());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create the capture index directory " + settings.captureIndexDirectory(), e);
    }
    writer = CaptureIndexWriter.open(settings.captureIndexDirectory());
    index = CaptureIndex.open(settings.captureIndexDirectory());
    jobData =
        new JobDataCache(
            settings.indexCacheDirectory(),
            new ArchiveMetadataSource(admin, bitarchives, settings.replicaIds()),
            SortedLines.DEFAULT_BUDGET_BYTES);
    DescribedMeters.gauge(
        metrics, "netarchive.capture.index.lag", Tags.empty(), lag, AtomicLong::doubleValue);
    DescribedMeters.gauge(
        metrics,
        "netarchive.capture.index.captures",
        Tags.empty(),
        captures,
        AtomicLong::doubleValue);
    captures.set(index.size());
    timers.createIntervalTimer(3_000, 2_000, new TimerConfig("capture indexing", false));
    LOG.info(
        () ->
            "Capture index in "
                + settings.captureIndexDirectory()
                + ": "
                + captures.get()
                + " captures");
  }

  @PreDestroy
  void close() {
    work.lock();
    try {
      writer.close();
      index.close();
    } finally {
      work.unlock();
    }
  }

  /** The index, for searches; thread-safe. */
  public CaptureIndex index() {
    return index;
  }

  @Timeout
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED) // Files and Lucene; JDBC each.
  void tick() {
    if (!work.tryLock()) {
      return;
    }
    try {
      boolean indexed = !paused && indexPending();
      if (indexed || Duration.between(figuresAt, clock.instant()).compareTo(FIGURES_EVERY) > 0) {
        readFigures();
      }
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Capture indexing failed; tried again shortly", e);
    } finally {
      work.unlock();
    }
  }

  /** Indexes the pending files until there are none or indexing is paused. */
  private boolean indexPending() {
    boolean any = false;
    try {
      List<String> pending;
      while (!paused && !(pending = records.pending(BATCH)).isEmpty()) {
        for (String name : pending) {
          if (paused) {
            break;
          }
          indexFile(name);
          any = true;
        }
      }
    } catch (SQLException e) {
      LOG.log(Level.WARNING, "Cannot read which files to index", e);
    }
    return any;
  }

  private void indexFile(String name) throws SQLException {
    try {
      String source = "METADATA_CDX";
      List<Capture> found = fromJobCdx(name);
      if (found.isEmpty()) {
        source = "WARC";
        ArchiveAdmin.LocalCopy copy =
            admin
                .localCopy(name)
                .orElseThrow(
                    () ->
                        new IOException(
                            "no replica of this server holds a good copy of it (the capture"
                                + " index reads files only from this server's bitarchives)"));
        found = FileCaptures.fromFile(copy.path(), name);
      }
      writer.replaceFile(name, found);
      writer.commit();
      index.refresh();
      records.indexed(name, source, found.size(), clock.instant());
      lastFile = name;
      lastIndexedAt = clock.instant();
      int count = found.size();
      String from = source;
      LOG.fine(() -> "Indexed " + count + " captures of " + name + " from " + from);
    } catch (IOException | RuntimeException e) {
      String reason = e.getMessage() == null ? e.toString() : e.getMessage();
      lastFailure = name + ": " + reason;
      LOG.log(Level.WARNING, "Cannot index the captures of " + name + ": " + reason, e);
      records.failed(name, reason, clock.instant());
    }
  }

  /** The file's captures from its job's CDX, or none if the archive holds no CDX of it. */
  private List<Capture> fromJobCdx(String name) {
    Long job = Capture.jobIdOf(name);
    if (job == null || name.contains("-metadata-")) {
      return List.of();
    }
    try {
      Optional<JobDataCache.JobData> data = jobData.get(job);
      if (data.isPresent()) {
        return FileCaptures.fromJobCdx(data.get().cdx(), name);
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(
          Level.INFO,
          "The CDX of job " + job + " cannot be read; " + name + " is read itself instead",
          e);
    }
    return List.of();
  }

  private void readFigures() {
    try {
      long[] counts = records.counts();
      figures = new Status.Figures(counts[0], counts[1], counts[2]);
      lag.set(counts[0] - counts[1]);
      captures.set(index.size());
      figuresAt = clock.instant();
    } catch (SQLException | RuntimeException e) {
      LOG.warning(() -> "Cannot read the capture index's figures: " + e);
    }
  }

  /** Stops indexing after the file being indexed; files stored meanwhile wait. */
  public void pause() {
    paused = true;
    LOG.info("Capture indexing paused");
  }

  /** Resumes indexing now. */
  public void resume() {
    paused = false;
    LOG.info("Capture indexing resumed");
    timers.createSingleActionTimer(1, new TimerConfig("capture indexing resumed", false));
  }

  /**
   * Empties the index and its record of indexed files, so that the indexer indexes every stored
   * file again, from the archive. Waits for the file being indexed.
   *
   * @return the status as the rebuild starts
   */
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  public Status rebuild() {
    work.lock();
    try {
      // The record first: a crash before the index is emptied indexes every file again anyway.
      records.clear();
      writer.deleteAll();
      writer.commit();
      index.refresh();
      rebuildStartedAt = clock.instant();
      lastFailure = null;
      readFigures();
      LOG.info(() -> "Capture index rebuild started: " + figures.stored() + " files to index");
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot start the rebuild of the capture index: " + e, e);
    } finally {
      work.unlock();
    }
    if (!paused) {
      timers.createSingleActionTimer(1, new TimerConfig("capture index rebuild", false));
    }
    return status();
  }

  /**
   * Indexes one file again (its captures are replaced, not added twice), as after a crash between
   * the index's commit and the record of the file.
   *
   * @param file the file
   * @throws IllegalArgumentException naming the file if the archive does not know it
   */
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  public void reindex(String file) {
    if (admin.find(file).isEmpty()) {
      throw new IllegalArgumentException("Unknown file '" + file + "': it is not in the archive");
    }
    try {
      records.forget(file);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot mark " + file + " for indexing: " + e, e);
    }
    if (!paused) {
      timers.createSingleActionTimer(1, new TimerConfig("capture index of " + file, false));
    }
  }

  /**
   * How many captures the index holds of a file, and whether it holds the file at all.
   *
   * @param file the file
   * @return its captures, or -1 if the index does not hold the file
   */
  public long capturesOfFile(String file) {
    try {
      return records.captures(file) < 0 ? -1 : index.countOfFile(file);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the capture index's record: " + e, e);
    }
  }

  /**
   * What the indexer is doing; the figures are read now.
   *
   * @return the status
   */
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  public Status status() {
    readFigures();
    Status.Figures f = figures;
    Instant rebuild = rebuildStartedAt;
    return new Status(
        settings.captureIndexDirectory().toString(),
        paused,
        f.stored(),
        f.indexed(),
        f.stored() - f.indexed(),
        f.failed(),
        captures.get(),
        lastFile,
        lastIndexedAt,
        lastFailure,
        rebuild,
        rebuild == null ? null : f.stored() == 0 ? 1.0 : (double) f.indexed() / f.stored());
  }
}
