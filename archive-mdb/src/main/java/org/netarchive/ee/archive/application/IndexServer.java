package org.netarchive.ee.archive.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.Destination;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.archive.domain.model.index.IndexBuilder;
import org.netarchive.ee.archive.domain.model.index.IndexSetCache;
import org.netarchive.ee.archive.domain.model.index.IndexSetCache.CachedIndex;
import org.netarchive.ee.archive.domain.model.index.JobDataCache;
import org.netarchive.ee.archive.domain.model.index.JobDataCache.JobData;
import org.netarchive.ee.archive.domain.model.index.JobSet;
import org.netarchive.ee.archive.domain.model.index.SortedLines;
import org.netarchive.ee.archive.infrastructure.messaging.jms.IndexReplies;
import org.netarchive.ee.common.index.IndexKind;
import org.netarchive.ee.common.message.IndexBuildState;
import org.netarchive.ee.common.message.IndexReply;
import org.netarchive.ee.common.message.IndexRequest;

/**
 * The index server (reference/004, "The index server"): indexes of a kind over a set of jobs, for
 * the REST API and for requests on {@code <ENV>_COMMON_INDEX_SERVER}. A request whose index is
 * cached is ready at once; otherwise a batch job ({@code build-index}) gathers each job's data
 * ({@link JobDataCache}) and builds the index of the jobs found ({@link IndexSetCache}). A request
 * for a set that is being built joins that build, so one set is built once; the cache's lock file
 * does the same across processes. Jobs whose metadata the archive lacks are named as missing and
 * looked for again by the next request. The last {@value #KEPT_BUILDS} builds are kept in memory
 * for clients to follow.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@PermitAll
public class IndexServer {

  private static final Logger LOG = Logger.getLogger(IndexServer.class.getName());

  /** Builds kept for clients to follow. */
  static final int KEPT_BUILDS = 200;

  @Inject private ArchiveSettings settings;
  @EJB private ArchiveAdmin admin;
  @EJB private Bitarchives bitarchives;
  @EJB private IndexBuildLauncher launcher;
  @Inject private IndexReplies replies;

  private final Clock clock = Clock.systemUTC();
  private final Map<String, IndexBuild> builds = new LinkedHashMap<>();
  private final Map<String, IndexBuild> active = new LinkedHashMap<>();
  private final Map<String, AtomicLong> buildCounts = new ConcurrentHashMap<>();
  private JobDataCache jobData;
  private IndexSetCache cache;

  @PostConstruct
  void open() {
    jobData =
        new JobDataCache(
            settings.indexCacheDirectory(),
            new ArchiveMetadataSource(admin, bitarchives, settings.replicaIds()),
            SortedLines.DEFAULT_BUDGET_BYTES);
    cache = new IndexSetCache(settings.indexCacheDirectory(), settings.indexCacheMaxBytes(), clock);
    LOG.info(
        () ->
            "Index server: cache in "
                + settings.indexCacheDirectory()
                + ", built indexes at most "
                + settings.indexCacheMaxBytes()
                + " bytes");
  }

  /**
   * Asks for an index.
   *
   * @param kind the kind
   * @param jobs the jobs
   * @return the build to follow (ready at once if the index is cached)
   */
  public IndexBuild.View request(IndexKind kind, JobSet jobs) {
    return start(kind, jobs).view();
  }

  /**
   * Asks for an index for a requester on the broker, who is answered at {@code replyTo}: a {@code
   * BUILDING} reply if it is not ready at once, then {@code READY} with the bundle, or {@code
   * FAILED}.
   *
   * @param request the request
   * @param replyTo where the answers go
   */
  public void request(IndexRequest request, Destination replyTo) {
    if (replyTo == null) {
      throw new IllegalArgumentException(
          "Index request "
              + request.requestId()
              + " from "
              + request.requester()
              + " names no reply destination (JMSReplyTo)");
    }
    JobSet jobs = JobSet.of(request.jobIds());
    IndexBuild build = start(request.kind(), jobs);
    LOG.info(
        () ->
            "Index request "
                + request.requestId()
                + " from "
                + request.requester()
                + ": "
                + request.kind()
                + " of "
                + jobs.ids().size()
                + " jobs ("
                + jobs.cacheName()
                + "), build "
                + build.id());
    if (build.isActive()) {
      replies.send(replyTo, reply(request, build.view()), null);
    }
    build.whenDone(done -> replies.send(replyTo, reply(request, done.view()), done.bundle()));
  }

  private static IndexReply reply(IndexRequest request, IndexBuild.View view) {
    return switch (view.state()) {
      case READY ->
          new IndexReply(
              request.requestId(),
              view.kind(),
              IndexBuildState.READY,
              view.name(),
              view.foundJobIds(),
              view.missingJobIds(),
              view.size(),
              view.sha256(),
              null);
      case FAILED -> IndexReply.failed(request, view.failure());
      default ->
          new IndexReply(
              request.requestId(),
              view.kind(),
              view.state(),
              null,
              List.of(),
              List.of(),
              0,
              null,
              null);
    };
  }

  private IndexBuild start(IndexKind kind, JobSet jobs) {
    String key = kind + "/" + jobs.cacheName();
    IndexBuild build;
    synchronized (this) {
      IndexBuild running = active.get(key);
      if (running != null && running.isActive()) {
        return running;
      }
      build = new IndexBuild(UUID.randomUUID().toString(), kind, jobs, clock.instant());
      keep(build);
      Optional<CachedIndex> cached = cache.find(kind, jobs);
      if (cached.isPresent()) {
        build.ready(cached.get(), true, buildCount(kind, cached.get().name()), clock.instant());
        return build;
      }
      active.put(key, build);
    }
    try {
      build.started(launcher.start(build.id()));
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "Cannot start the build of index " + key, e);
      finish(key, build);
      build.failed(
          "The build's batch job could not be started: " + e.getMessage(), clock.instant());
    }
    return build;
  }

  /**
   * Does a build: gathers the jobs' data and builds (or finds) the index of the jobs found. Called
   * by the {@code build-index} batch job.
   *
   * @param buildId the build
   * @throws IllegalArgumentException if there is no such build (the server restarted)
   */
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED) // Hours of file work, no data.
  public void run(String buildId) {
    IndexBuild build;
    synchronized (this) {
      build = builds.get(buildId);
    }
    if (build == null) {
      throw new IllegalArgumentException(
          "There is no index build '" + buildId + "' (builds are forgotten at a restart)");
    }
    String key = build.kind() + "/" + build.jobs().cacheName();
    try {
      build.building();
      List<JobData> found = new ArrayList<>();
      for (long jobId : build.jobs().ids()) {
        Optional<JobData> data;
        try {
          data = jobData.get(jobId);
        } catch (IOException e) {
          LOG.log(
              Level.WARNING, "Index build " + buildId + ": job " + jobId + " counts as missing", e);
          data = Optional.empty();
        }
        data.ifPresent(found::add);
        build.gathered(jobId, data.isPresent());
      }
      if (found.isEmpty()) {
        build.failed(
            "The archive holds no metadata of any of the jobs "
                + build.jobs().asText()
                + " (a job's metadata WARC <jobID>-metadata-<n>.warc, stored in a replica of this"
                + " server)",
            clock.instant());
        return;
      }
      JobSet subset = JobSet.of(found.stream().map(JobData::jobId).toList());
      build.foundJobs(subset.asList());
      IndexSetCache.Result result =
          cache.getOrBuild(
              build.kind(),
              subset,
              dir -> IndexBuilder.build(build.kind(), found, dir, build::indexed));
      long count =
          result.builtNow()
              ? buildCounts
                  .computeIfAbsent(build.kind() + "/" + subset.cacheName(), k -> new AtomicLong())
                  .incrementAndGet()
              : buildCount(build.kind(), subset.cacheName());
      if (result.builtNow()) {
        LOG.info(
            () ->
                "Built the "
                    + build.kind()
                    + " index "
                    + subset.cacheName()
                    + ": "
                    + result.index().entries()
                    + " entries, "
                    + result.index().size()
                    + " bytes"
                    + (subset.equals(build.jobs())
                        ? ""
                        : "; missing jobs " + build.view().missingJobIds()));
      }
      build.ready(result.index(), !result.builtNow(), count, clock.instant());
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.WARNING, "Index build " + buildId + " (" + key + ") failed", e);
      build.failed(e.getMessage() == null ? e.toString() : e.getMessage(), clock.instant());
    } finally {
      finish(key, build);
    }
  }

  private synchronized void finish(String key, IndexBuild build) {
    active.remove(key, build);
  }

  private long buildCount(IndexKind kind, String name) {
    AtomicLong count = buildCounts.get(kind + "/" + name);
    return count == null ? 0 : count.get();
  }

  private void keep(IndexBuild build) {
    builds.put(build.id(), build);
    if (builds.size() > KEPT_BUILDS) {
      String oldest = builds.keySet().iterator().next();
      if (!builds.get(oldest).isActive()) {
        builds.remove(oldest);
      }
    }
  }

  /**
   * A build.
   *
   * @param id its id
   * @return the build, if this server still knows it
   */
  public synchronized Optional<IndexBuild> find(String id) {
    return Optional.ofNullable(builds.get(id));
  }

  /**
   * The builds this server knows, newest first.
   *
   * @return their views
   */
  public List<IndexBuild.View> recent() {
    List<IndexBuild> all;
    synchronized (this) {
      all = new ArrayList<>(builds.values());
    }
    List<IndexBuild.View> views = new ArrayList<>();
    for (int i = all.size() - 1; i >= 0; i--) {
      views.add(all.get(i).view());
    }
    return views;
  }

  /**
   * A cached index, by kind and cache name.
   *
   * @param kind the kind
   * @param name the name
   * @return the index, if it is cached
   */
  public Optional<CachedIndex> cached(IndexKind kind, String name) {
    return cache.find(kind, name);
  }
}
