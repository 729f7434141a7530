package org.netarchive.ee.archive.application;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.archive.domain.model.index.FileLocks;
import org.netarchive.ee.archive.domain.model.index.JobDataCache;
import org.netarchive.ee.archive.domain.model.index.JobDataCache.JobData;
import org.netarchive.ee.archive.domain.model.index.SortedLines;
import org.netarchive.ee.archive.domain.model.qa.JobCrawlLog;
import org.netarchive.ee.archive.domain.model.qa.JobCrawlLog.HostDomains;

/**
 * The QA views' source: each job's crawl.log, searchable ({@link JobCrawlLog}), made on first use
 * from the job's data in the index server's cache ({@link JobDataCache}, which takes it from the
 * job's metadata WARC in the archive). Making it can take a while for a large job, so it runs in
 * the background: {@link #prepare} answers at once whether the job is ready, being prepared (with
 * the lines indexed so far), or has no metadata in the archive, and starts the work if needed. The
 * index is kept beside the job's cached data ({@code jobs/<id>/qa}); the last {@value #OPEN} opened
 * indexes stay open for paging.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@PermitAll
public class JobCrawlLogs {

  private static final Logger LOG = Logger.getLogger(JobCrawlLogs.class.getName());

  /** Opened indexes kept. */
  static final int OPEN = 16;

  /** Where a job's QA data stands. */
  public enum State {
    /** Searchable now. */
    READY,
    /** Being taken from the archive and indexed. */
    PREPARING,
    /** The archive holds no metadata WARC of the job (looked for again at the next request). */
    NO_METADATA,
    /** The last preparation failed (tried again at the next request). */
    FAILED
  }

  /**
   * Where a job's QA data stands.
   *
   * @param jobId the job
   * @param state its state
   * @param linesIndexed crawl.log lines indexed so far (all of them when ready)
   * @param detail what is happening or went wrong, in words
   */
  public record Preparation(long jobId, State state, long linesIndexed, String detail) {}

  @Inject private ArchiveSettings settings;
  @EJB private ArchiveAdmin admin;
  @EJB private Bitarchives bitarchives;
  @Resource private ManagedExecutorService executor;

  private final Map<Long, Work> working = new ConcurrentHashMap<>();
  private final Map<Long, Opened> opened = new LinkedHashMap<>(OPEN, 0.75f, true);

  /** A preparation under way or just ended. */
  private static final class Work {
    final AtomicLong lines = new AtomicLong();
    volatile State state = State.PREPARING;
    volatile String detail = "taking the job's crawl.log from its metadata WARC in the archive";
  }

  /** An opened index and how many callers use it: closed when evicted and no longer used. */
  private static final class Opened {
    final JobCrawlLog log;
    int users;
    boolean evicted;

    Opened(JobCrawlLog log) {
      this.log = log;
    }
  }

  private Path jobsDir() {
    return settings.indexCacheDirectory().resolve("jobs");
  }

  private Path qaDir(long jobId) {
    return jobsDir().resolve(Long.toString(jobId)).resolve("qa");
  }

  /**
   * Where a job's QA data stands; starts preparing it if it is neither ready nor being prepared and
   * the archive holds the job's metadata.
   *
   * @param jobId the job
   * @param hostDomains how hosts are sorted into domains
   * @return the state
   */
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  public Preparation prepare(long jobId, HostDomains hostDomains) {
    if (Files.isDirectory(qaDir(jobId))) {
      return new Preparation(jobId, State.READY, -1, "ready");
    }
    Work work = working.get(jobId);
    if (work != null) {
      if (work.state == State.PREPARING) {
        return new Preparation(jobId, State.PREPARING, work.lines.get(), work.detail);
      }
      working.remove(jobId, work);
      if (work.state != State.READY) {
        return new Preparation(jobId, work.state, work.lines.get(), work.detail);
      }
    }
    JobDataCache cache;
    JobDataCache probe =
        new JobDataCache(
            settings.indexCacheDirectory(), id -> List.of(), SortedLines.DEFAULT_BUDGET_BYTES);
    if (probe.isCached(jobId)) {
      cache = probe;
    } else {
      List<Path> files;
      try {
        files =
            new ArchiveMetadataSource(admin, bitarchives, settings.replicaIds())
                .metadataFiles(jobId);
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Cannot look for the metadata of job " + jobId + " in the archive", e);
      }
      if (files.isEmpty()) {
        return new Preparation(
            jobId,
            State.NO_METADATA,
            0,
            "The archive holds no metadata of job "
                + jobId
                + " (a metadata WARC "
                + jobId
                + "-metadata-<n>.warc stored and checksum-verified in a replica of this server);"
                + " a job's metadata is stored when its harvest ends");
      }
      cache =
          new JobDataCache(
              settings.indexCacheDirectory(), id -> files, SortedLines.DEFAULT_BUDGET_BYTES);
    }
    Work started = new Work();
    Work running = working.putIfAbsent(jobId, started);
    if (running != null) {
      return new Preparation(jobId, running.state, running.lines.get(), running.detail);
    }
    executor.submit(() -> build(jobId, cache, hostDomains, started));
    return new Preparation(jobId, State.PREPARING, 0, started.detail);
  }

  private void build(long jobId, JobDataCache cache, HostDomains hostDomains, Work work) {
    try {
      Optional<JobData> data = cache.get(jobId);
      if (data.isEmpty()) {
        work.detail = "The archive holds no metadata of job " + jobId;
        work.state = State.NO_METADATA;
        return;
      }
      work.detail = "indexing the job's crawl.log";
      Path target = qaDir(jobId);
      FileLocks.withLock(
          jobsDir().resolve(jobId + "-qa.lock"),
          () -> {
            if (!Files.isDirectory(target)) {
              JobCrawlLog.build(data.get().crawlLog(), target, hostDomains, work.lines::set);
            }
            return null;
          });
      work.detail = "ready";
      work.state = State.READY;
      LOG.info(() -> "Indexed the crawl.log of job " + jobId + " for the QA views");
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.WARNING, "Cannot prepare the crawl.log of job " + jobId, e);
      work.detail =
          "Cannot prepare the crawl.log of job "
              + jobId
              + ": "
              + (e.getMessage() == null ? e.toString() : e.getMessage());
      work.state = State.FAILED;
    }
  }

  /**
   * Uses a job's index, which must be {@link State#READY}.
   *
   * @param jobId the job
   * @param use what to do with it
   * @param <T> what that gives
   * @return what it gives
   * @throws IllegalStateException if the job's index is not ready
   */
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  public <T> T read(long jobId, Function<JobCrawlLog, T> use) {
    Opened o = acquire(jobId);
    try {
      return use.apply(o.log);
    } finally {
      release(o);
    }
  }

  private synchronized Opened acquire(long jobId) {
    Opened o = opened.get(jobId);
    if (o == null) {
      Path dir = qaDir(jobId);
      if (!Files.isDirectory(dir)) {
        throw new IllegalStateException(
            "The crawl.log of job " + jobId + " is not prepared; ask for it first");
      }
      o = new Opened(JobCrawlLog.open(dir));
      opened.put(jobId, o);
      if (opened.size() > OPEN) {
        Long eldest = opened.keySet().iterator().next();
        Opened old = opened.remove(eldest);
        old.evicted = true;
        closeIfUnused(old);
      }
    }
    o.users++;
    return o;
  }

  private synchronized void release(Opened o) {
    o.users--;
    closeIfUnused(o);
  }

  private static void closeIfUnused(Opened o) {
    if (o.evicted && o.users == 0) {
      o.log.close();
    }
  }

  @PreDestroy
  synchronized void close() {
    for (Opened o : opened.values()) {
      o.evicted = true;
      closeIfUnused(o);
    }
    opened.clear();
  }
}
