package org.netarchive.ee.web.interfaces.replay;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.netarchive.ee.archive.application.ArchiveAdmin;
import org.netarchive.ee.archive.application.ArchiveAdmin.FileFilter;
import org.netarchive.ee.archive.application.ArchivedFileView;
import org.netarchive.ee.archive.application.ArchivedFileView.CopyView;
import org.netarchive.ee.archive.application.Bitarchives;
import org.netarchive.ee.archive.domain.model.bitarchive.BitarchiveStorage;
import org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState;
import org.netarchive.ee.archive.domain.model.wacz.WaczWriter;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.job.JobFilter;
import org.netarchive.ee.scheduler.application.job.JobService;
import org.netarchive.ee.scheduler.application.job.JobViews.JobDetails;
import org.netarchive.ee.scheduler.application.job.JobViews.JobDomainView;
import org.netarchive.ee.scheduler.application.job.JobViews.JobSummary;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.infrastructure.config.ServerSettings;
import org.netarchive.ee.web.interfaces.archive.ArchiveAccess;

/**
 * WACZ exports of a job, or of a harvest run (its jobs together), built in the background into a
 * bounded cache directory and served from there, also to the replay page.
 *
 * <p>A package holds the crawl WARC files of its jobs (not the metadata WARCs: they hold logs and
 * reports, no captures), each read from a replica that holds a checksum-verified copy: directly
 * from a replica of this server, otherwise fetched through the archive like any download. A cached
 * package is used while its jobs' files are the same (names and sizes); a file stored later for a
 * job (a late upload) makes the next request build it again. The cache ({@code NAS_WACZ_CACHE_DIR},
 * default {@code <server data>/wacz-cache}) keeps at most {@code NAS_WACZ_CACHE_MAX_BYTES} (default
 * 20 GB): after each build the packages served longest ago go first.
 */
@ApplicationScoped
public class WaczExports {

  private static final Logger LOG = Logger.getLogger(WaczExports.class.getName());

  /** The archive's files of one job at most (a job writes a few WARC files of 1 GB each). */
  private static final int MAX_FILES_PER_JOB = 10_000;

  /** The jobs of one harvest run in one package at most. */
  private static final int MAX_JOBS_PER_RUN = 1000;

  @EJB private ArchiveAdmin admin;
  @EJB private Bitarchives bitarchives;
  @EJB private JobService jobs;
  @Inject private ArchiveAccess access;
  @Resource private ManagedExecutorService executor;

  private final Clock clock = Clock.systemUTC();
  private final Map<String, WaczBuild> builds = new ConcurrentHashMap<>();
  private Path cache;
  private long maxBytes;

  @PostConstruct
  void open() {
    cache = cacheDirectory();
    maxBytes = maxBytes();
    try {
      Files.createDirectories(cache);
      // What an interrupted build left: never served, since only complete packages are renamed.
      try (Stream<Path> left = Files.list(cache)) {
        for (Path path : left.toList()) {
          if (Files.isDirectory(path)) {
            deleteTree(path);
          } else if (path.getFileName().toString().endsWith(".part")) {
            Files.deleteIfExists(path);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot prepare the WACZ cache " + cache + ": " + e, e);
    }
  }

  /** What a package is of: one job, or the jobs of one run of a harvest. */
  public sealed interface Subject {
    /** The package's name in the cache and in downloads, e.g. {@code job-42.wacz}. */
    String fileName();

    /** Its title in the manifest. */
    String title();
  }

  /** One job. */
  public record OfJob(long jobId) implements Subject {
    @Override
    public String fileName() {
      return "job-" + jobId + ".wacz";
    }

    @Override
    public String title() {
      return "Job " + jobId;
    }
  }

  /** The jobs of a harvest run. */
  public record OfRun(long harvestId, String harvest, int run) implements Subject {
    @Override
    public String fileName() {
      return "harvest-" + harvestId + "-run-" + run + ".wacz";
    }

    @Override
    public String title() {
      return "Harvest '" + harvest + "', run " + run;
    }
  }

  /**
   * The package of one job, checked to be exportable.
   *
   * @throws NotFoundException naming the job if there is none
   * @throws WaczConflict naming the job and its status if it has not ended
   */
  public OfJob job(long jobId) {
    JobSummary job = jobs.details(jobId, 0, 1).job();
    requireEnded(job);
    return new OfJob(jobId);
  }

  /**
   * The package of a harvest run, checked to be exportable.
   *
   * @throws NotFoundException naming the harvest and run if it made no jobs
   * @throws WaczConflict naming a job of the run that has not ended
   */
  public OfRun run(String harvest, int run) {
    List<JobSummary> ofRun = jobsOfRun(harvest, run);
    ofRun.forEach(WaczExports::requireEnded);
    return new OfRun(ofRun.get(0).harvestId(), harvest, run);
  }

  private List<JobSummary> jobsOfRun(String harvest, int run) {
    Page<JobSummary> page =
        jobs.list(new JobFilter(null, harvest, run, null, null, null), 0, MAX_JOBS_PER_RUN);
    if (page.items().isEmpty()) {
      throw new NotFoundException(
          "Run " + run + " of harvest '" + harvest + "' made no jobs; there is nothing to export");
    }
    return page.items();
  }

  private static void requireEnded(JobSummary job) {
    if (!List.of("DONE", "FAILED", "RESUBMITTED").contains(job.status())) {
      throw new WaczConflict(
          "Job "
              + job.id()
              + " is "
              + job.status()
              + "; its WACZ can be exported once it has ended (DONE or FAILED)");
    }
  }

  /**
   * The package, starting its build unless it is cached and up to date or being built.
   *
   * @param subject what the package is of
   * @return its build: READY with the file, or BUILDING with its progress, or FAILED with why
   */
  public WaczBuild.View request(Subject subject) {
    List<ArchivedFileView> files = files(subject);
    String sources = sources(files);
    Path target = cache.resolve(subject.fileName());
    synchronized (builds) {
      WaczBuild current = builds.get(subject.fileName());
      if (current != null
          && current.sources().equals(sources)
          && current.state() != WaczBuild.State.FAILED) {
        return current.view();
      }
      if (current == null && Files.isRegularFile(target) && sources.equals(cachedSources(target))) {
        WaczBuild cached = WaczBuild.cached(subject, sources, target, size(target));
        builds.put(subject.fileName(), cached);
        return cached.view();
      }
      if (current != null
          && current.state() == WaczBuild.State.READY
          && !current.sources().equals(sources)) {
        LOG.info(() -> subject.fileName() + ": the archive holds other files now; building again");
      }
      WaczBuild build = new WaczBuild(subject, sources, target, clock.instant());
      builds.put(subject.fileName(), build);
      executor.execute(() -> build(build, files));
      return build.view();
    }
  }

  /**
   * The file of a ready package, marked as served now (the cache keeps what is used).
   *
   * @throws WaczConflict naming the package if it is not ready
   */
  public Path readyFile(Subject subject) {
    WaczBuild.View view = request(subject);
    if (view.state() != WaczBuild.State.READY) {
      throw new WaczConflict(
          "The WACZ of "
              + subject.title().toLowerCase(java.util.Locale.ROOT)
              + " is "
              + view.state()
              + (view.failure() != null ? ": " + view.failure() : ", " + view.percentDone() + "%")
              + "; follow its progress and download it when it is READY");
    }
    Path file = cache.resolve(subject.fileName());
    try {
      Files.setLastModifiedTime(file, FileTime.from(clock.instant()));
    } catch (IOException e) {
      LOG.fine(() -> "Cannot touch " + file + ": " + e);
    }
    return file;
  }

  /** The crawl WARC files of the subject's jobs whose store has completed, in name order. */
  private List<ArchivedFileView> files(Subject subject) {
    List<Long> jobIds =
        switch (subject) {
          case OfJob j -> List.of(j.jobId());
          case OfRun r -> jobsOfRun(r.harvest(), r.run()).stream().map(JobSummary::id).toList();
        };
    List<ArchivedFileView> files = new ArrayList<>();
    for (long jobId : jobIds) {
      for (ArchivedFileView file :
          admin.list(new FileFilter(jobId + "-", null, null, null), 0, MAX_FILES_PER_JOB)) {
        String name = file.name();
        if (!name.contains("-metadata-") && (name.endsWith(".warc") || name.endsWith(".warc.gz"))) {
          if (file.copies().stream()
              .anyMatch(c -> c.state() == ReplicaStoreState.UPLOAD_COMPLETED)) {
            files.add(file);
          }
        }
      }
    }
    return files;
  }

  private static String sources(List<ArchivedFileView> files) {
    StringBuilder text = new StringBuilder();
    for (ArchivedFileView file : files) {
      text.append(file.name()).append(' ').append(file.size()).append('\n');
    }
    return text.toString();
  }

  private static String cachedSources(Path wacz) {
    try {
      return Files.readString(sourcesFile(wacz), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return null;
    }
  }

  private static Path sourcesFile(Path wacz) {
    return wacz.resolveSibling(wacz.getFileName() + ".sources");
  }

  private void build(WaczBuild build, List<ArchivedFileView> files) {
    Subject subject = build.subject();
    Path work = cache.resolve(subject.fileName() + ".work");
    List<ArchiveAccess.FetchedFile> fetched = new ArrayList<>();
    try {
      deleteTree(work);
      Files.createDirectories(work);
      if (files.isEmpty()) {
        throw new WaczConflict(
            subject.title() + " has no WARC file that the archive has stored completely");
      }
      List<Path> warcs = new ArrayList<>();
      for (ArchivedFileView file : files) {
        warcs.add(readable(file.name(), fetched));
      }
      Path target = cache.resolve(subject.fileName());
      WaczWriter.Summary summary =
          new WaczWriter(work, subject.title(), "Netarchive EE", clock)
              .write(
                  warcs,
                  seeds(subject),
                  name -> readable(name, fetched),
                  target,
                  (phase, done, total) -> build.progress(phase, done, total));
      Files.writeString(sourcesFile(target), build.sources(), StandardCharsets.UTF_8);
      build.ready(summary, clock.instant());
      LOG.info(
          () ->
              "WACZ "
                  + subject.fileName()
                  + ": "
                  + summary.captures()
                  + " captures, "
                  + summary.bytes()
                  + " bytes"
                  + (summary.missingOriginals().isEmpty()
                      ? ""
                      : "; revisit originals missing: " + summary.missingOriginals()));
      evict(target);
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.WARNING, "WACZ " + subject.fileName() + " failed", e);
      build.failed(e.getMessage() == null ? e.toString() : e.getMessage(), clock.instant());
    } finally {
      fetched.forEach(ArchiveAccess.FetchedFile::close);
      deleteTree(work);
    }
  }

  /** An archived file, read in place from a replica of this server, else fetched. */
  private Path readable(String name, List<ArchiveAccess.FetchedFile> fetched) throws IOException {
    ArchivedFileView file =
        admin
            .find(name)
            .orElseThrow(() -> new IOException("file '" + name + "' is not in the archive"));
    for (String replica : admin.replicaIds()) {
      CopyView copy = file.copy(replica);
      if (copy == null || copy.state() != ReplicaStoreState.UPLOAD_COMPLETED) {
        continue;
      }
      Optional<Path> local = localCopy(replica, name);
      if (local.isPresent() && Files.size(local.get()) == file.size()) {
        return local.get();
      }
    }
    try {
      ArchiveAccess.FetchedFile copy = access.wholeFile(name, null);
      fetched.add(copy);
      return copy.file();
    } catch (RuntimeException e) {
      throw new IOException("cannot fetch '" + name + "' from the archive: " + e.getMessage(), e);
    }
  }

  private Optional<Path> localCopy(String replica, String name) {
    try {
      BitarchiveStorage storage = bitarchives.of(replica);
      return storage.checksumOnly() ? Optional.empty() : storage.find(name);
    } catch (RuntimeException e) {
      // a replica whose bitarchive is on another machine
      return Optional.empty();
    }
  }

  private List<String> seeds(Subject subject) {
    List<Long> jobIds =
        switch (subject) {
          case OfJob j -> List.of(j.jobId());
          case OfRun r -> jobsOfRun(r.harvest(), r.run()).stream().map(JobSummary::id).toList();
        };
    Set<String> seeds = new LinkedHashSet<>();
    for (long jobId : jobIds) {
      for (int page = 0; ; page++) {
        JobDetails details = jobs.details(jobId, page, Page.MAX_SIZE);
        for (JobDomainView domain : details.domains().items()) {
          seeds.addAll(domain.seeds());
        }
        if ((long) (page + 1) * Page.MAX_SIZE >= details.domains().total()) {
          break;
        }
      }
    }
    return List.copyOf(seeds);
  }

  /** Removes the packages served longest ago until the cache is within its bound. */
  private void evict(Path keep) throws IOException {
    List<Path> packages;
    try (Stream<Path> files = Files.list(cache)) {
      packages =
          files
              .filter(p -> p.getFileName().toString().endsWith(".wacz"))
              .sorted(Comparator.comparing(WaczExports::lastModified))
              .toList();
    }
    long total = 0;
    for (Path p : packages) {
      total += size(p);
    }
    for (Path p : packages) {
      if (total <= maxBytes) {
        break;
      }
      if (p.equals(keep)) {
        continue;
      }
      long size = size(p);
      synchronized (builds) {
        builds.remove(p.getFileName().toString());
        Files.deleteIfExists(sourcesFile(p));
        Files.deleteIfExists(p);
      }
      total -= size;
      LOG.info(() -> "WACZ cache: removed " + p.getFileName() + " to stay within " + maxBytes);
    }
  }

  private static Instant lastModified(Path p) {
    try {
      return Files.getLastModifiedTime(p).toInstant();
    } catch (IOException e) {
      return Instant.EPOCH;
    }
  }

  private static long size(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      return 0;
    }
  }

  private static Path cacheDirectory() {
    return ServerSettings.current()
        .absoluteDirectory("nas.wacz.cache.dir")
        .orElseGet(
            () ->
                Path.of(System.getProperty("jboss.server.data.dir", "data"), "wacz-cache")
                    .toAbsolutePath());
  }

  private static long maxBytes() {
    return ServerSettings.current().wholeNumber("nas.wacz.cache.max.bytes", 20_000_000_000L);
  }

  private static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      LOG.warning(() -> "Cannot remove " + root + ": " + e);
    }
  }
}
