package org.netarchive.ee.agent.job;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.netarchive.ee.common.index.IndexBundle;
import org.netarchive.ee.common.io.FileTrees;

/**
 * The directory of one job under the agent's {@code jobs} directory, named {@code
 * <jobId>-<yyyyMMdd'T'HHmmss'Z'>} (the time the agent took the job):
 *
 * <pre>
 * crawl-request.json     the job as received (so that a restarted agent can finish it)
 * heritrix/crawl/        the Heritrix job: crawler-beans.cxml, and per launch logs/ and reports/
 * heritrix/crawl/state/  its database, with the je.properties the agent writes
 * crawler-beans-without-passwords.cxml
 *                        the job's crawler-beans.cxml without the domains' passwords, while
 *                        Heritrix runs (then it replaces the one with them)
 * warcs/                 the WARC files Heritrix writes
 * metadata/              the job's metadata WARC, once made
 * dedup-index/           the deduplication index of earlier jobs, if the job has one
 * heritrix.out           Heritrix's standard output and error
 * heritrix.pid           the process id of a running Heritrix
 * stored.log             the files the archive has confirmed, one name a line
 * finished.json          the final report, once sent
 * </pre>
 */
public final class JobDirectory {

  /** The name of the Heritrix job inside {@link #heritrixJobs()}. */
  public static final String HERITRIX_JOB = "crawl";

  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final Pattern NAME = Pattern.compile("(\\d+)-(\\d{8}T\\d{6}Z)");

  private final Path path;
  private final long jobId;

  private JobDirectory(Path path, long jobId) {
    this.path = path;
    this.jobId = jobId;
  }

  /**
   * Makes a new, empty job directory.
   *
   * @param jobsRoot the agent's {@code jobs} directory; created if missing
   * @param jobId the job
   * @param takenAt when the agent took the job
   * @return the directory
   * @throws UncheckedIOException if it cannot be made, or exists already
   */
  public static JobDirectory create(Path jobsRoot, long jobId, Instant takenAt) {
    Path path = jobsRoot.resolve(jobId + "-" + TIME.format(takenAt));
    try {
      Files.createDirectories(jobsRoot);
      Files.createDirectory(path);
      Files.createDirectories(path.resolve("heritrix").resolve(HERITRIX_JOB));
      Files.createDirectories(path.resolve("warcs"));
      Files.createDirectories(path.resolve("metadata"));
    } catch (FileAlreadyExistsException e) {
      throw new UncheckedIOException("The job directory " + path + " exists already", e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot make the job directory " + path, e);
    }
    return new JobDirectory(path, jobId);
  }

  /**
   * The job directories under the agent's {@code jobs} directory, oldest first; directories not
   * named like a job's are left out.
   *
   * @param jobsRoot the agent's {@code jobs} directory
   * @return the job directories; empty if there is no {@code jobs} directory
   */
  public static List<JobDirectory> list(Path jobsRoot) {
    List<JobDirectory> found = new ArrayList<>();
    if (!Files.isDirectory(jobsRoot)) {
      return found;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(jobsRoot, Files::isDirectory)) {
      for (Path entry : entries) {
        of(entry).ifPresent(found::add);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the job directories in " + jobsRoot, e);
    }
    found.sort(
        Comparator.comparing((JobDirectory d) -> d.path.getFileName().toString().split("-")[1])
            .thenComparingLong(d -> d.jobId));
    return found;
  }

  /**
   * An existing job directory.
   *
   * @param path a directory
   * @return the job directory, or empty if the name is not that of a job directory
   */
  public static Optional<JobDirectory> of(Path path) {
    Matcher m = NAME.matcher(path.getFileName().toString());
    return m.matches()
        ? Optional.of(new JobDirectory(path, Long.parseLong(m.group(1))))
        : Optional.empty();
  }

  public long jobId() {
    return jobId;
  }

  public Path path() {
    return path;
  }

  public Path request() {
    return path.resolve("crawl-request.json");
  }

  /** The directory given to Heritrix as its jobs directory ({@code -j}). */
  public Path heritrixJobs() {
    return path.resolve("heritrix");
  }

  /** The Heritrix job's directory, holding its crawler-beans.cxml. */
  public Path heritrixJob() {
    return heritrixJobs().resolve(HERITRIX_JOB);
  }

  /**
   * The directory of the Heritrix job's database (the BdbModule's default, {@code state}), holding
   * its {@code je.properties}.
   */
  public Path heritrixDatabase() {
    return heritrixJob().resolve("state");
  }

  public Path crawlerBeans() {
    return heritrixJob().resolve("crawler-beans.cxml");
  }

  /**
   * The job's crawler-beans.cxml with its passwords left out: what is archived as the job's setup,
   * and what replaces {@link #crawlerBeans()} once Heritrix has stopped.
   */
  public Path crawlerBeansWithoutPasswords() {
    return path.resolve("crawler-beans-without-passwords.cxml");
  }

  /**
   * Replaces the job's crawler-beans.cxml, which holds the domains' passwords while Heritrix runs,
   * with its copy {@linkplain #crawlerBeansWithoutPasswords() without them}, once Heritrix has
   * stopped; does nothing if that was done before (or the job has no crawler-beans.cxml yet).
   */
  public void forgetPasswords() {
    Path copy = crawlerBeansWithoutPasswords();
    if (!Files.exists(copy)) {
      return;
    }
    try {
      // Heritrix copies crawler-beans.cxml into each launch's directory.
      if (Files.isDirectory(heritrixJob())) {
        try (Stream<Path> entries = Files.list(heritrixJob())) {
          for (Path launch :
              entries.filter(p -> p.getFileName().toString().matches("\\d{14}")).toList()) {
            Path launched = launch.resolve("crawler-beans.cxml");
            if (Files.exists(launched)) {
              Files.copy(copy, launched, StandardCopyOption.REPLACE_EXISTING);
            }
          }
        }
      }
      Files.move(
          copy,
          crawlerBeans(),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot replace " + crawlerBeans() + " with " + copy, e);
    }
  }

  /**
   * The directory of the job's deduplication index (a {@link
   * org.netarchive.ee.common.index.DedupIndex}); a job deduplicates against earlier jobs only if it
   * exists when the crawler-beans.cxml is written and the template has {@code %{DEDUP_INDEX}}.
   */
  public Path dedupIndex() {
    return path.resolve("dedup-index");
  }

  /**
   * Whether the job has a deduplication index.
   *
   * @return {@code true} if {@link #dedupIndex()} is a directory
   */
  public boolean hasDedupIndex() {
    return Files.isDirectory(dedupIndex());
  }

  /**
   * Where a deduplication index is unpacked while it is fetched, before {@link
   * #completeDedupIndex()} makes it the job's index; removed first if a crash left one.
   *
   * @return the directory, which does not exist
   * @throws UncheckedIOException if a left-over one cannot be removed
   */
  public Path dedupIndexInProgress() {
    Path temporary = path.resolve("dedup-index.tmp");
    try {
      FileTrees.delete(temporary);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot remove " + temporary, e);
    }
    return temporary;
  }

  /**
   * Makes the index unpacked in {@link #dedupIndexInProgress()} the job's index, in one rename.
   *
   * @throws UncheckedIOException if it cannot be renamed
   */
  public void completeDedupIndex() {
    try {
      Files.move(path.resolve("dedup-index.tmp"), dedupIndex(), StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot install the deduplication index of job " + jobId, e);
    }
  }

  /**
   * What the agent did about the job's deduplication (JSON: the earlier jobs, the index fetched,
   * the jobs it covers and lacks, or why there is none), archived in the metadata WARC.
   *
   * @return the file, which exists once the agent has tried to fetch an index
   */
  public Path deduplicationNote() {
    return path.resolve("deduplication.json");
  }

  /**
   * Unpacks a deduplication index bundle ({@link IndexBundle}) as the job's index: into a temporary
   * directory first, renamed to {@link #dedupIndex()} once complete, so that a half-unpacked index
   * is never used. Call it before the job's crawler-beans.cxml is written.
   *
   * @param bundle the bundle; read to its end, not closed
   * @param maxBytes the most bytes the unpacked index may have
   * @throws IOException if the bundle is not one, is larger than {@code maxBytes}, or cannot be
   *     written; nothing is left behind then
   * @throws IllegalStateException if the job has an index already
   */
  public void installDedupIndex(InputStream bundle, long maxBytes) throws IOException {
    if (hasDedupIndex()) {
      throw new IllegalStateException("Job " + jobId + " has a deduplication index already");
    }
    Path temporary = path.resolve("dedup-index.tmp");
    FileTrees.delete(temporary);
    try {
      IndexBundle.read(bundle, temporary, maxBytes);
      Files.move(temporary, dedupIndex(), StandardCopyOption.ATOMIC_MOVE);
    } finally {
      FileTrees.delete(temporary);
    }
  }

  /**
   * Removes the job's directory and everything in it, once the job is done with (discarded, or
   * stored and reported).
   *
   * @throws UncheckedIOException if something in it cannot be removed
   */
  public void delete() {
    try {
      FileTrees.delete(path);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + path, e);
    }
  }

  public Path warcs() {
    return path.resolve("warcs");
  }

  public Path metadata() {
    return path.resolve("metadata");
  }

  public Path heritrixOut() {
    return path.resolve("heritrix.out");
  }

  public Path heritrixPid() {
    return path.resolve("heritrix.pid");
  }

  public Path finished() {
    return path.resolve("finished.json");
  }

  private Path storedLog() {
    return path.resolve("stored.log");
  }

  /**
   * The directory of Heritrix's latest launch of the job ({@code heritrix/crawl/<timestamp>},
   * holding {@code logs/} and {@code reports/}), if it was launched.
   *
   * @return the launch directory
   */
  public Optional<Path> latestLaunch() {
    if (!Files.isDirectory(heritrixJob())) {
      return Optional.empty();
    }
    try (Stream<Path> entries = Files.list(heritrixJob())) {
      return entries
          .filter(p -> Files.isDirectory(p) && p.getFileName().toString().matches("\\d{14}"))
          .max(Comparator.comparing(p -> p.getFileName().toString()));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + heritrixJob(), e);
    }
  }

  /**
   * The job's WARC files written by Heritrix (finished ones, and ones left open by a crash), by
   * name.
   *
   * @return the files
   */
  public List<Path> crawlWarcs() {
    return filesIn(warcs(), n -> n.contains(".warc"));
  }

  /**
   * The metadata WARC files of the job, by name.
   *
   * @return the files
   */
  public List<Path> metadataWarcs() {
    return filesIn(metadata(), n -> n.endsWith(".warc") || n.endsWith(".warc.gz"));
  }

  private static List<Path> filesIn(Path dir, java.util.function.Predicate<String> name) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries
          .filter(p -> Files.isRegularFile(p) && name.test(p.getFileName().toString()))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + dir, e);
    }
  }

  /**
   * Records that the archive confirmed a file (before the file is deleted), durably.
   *
   * @param fileName the file's name
   */
  public void recordStored(String fileName) {
    try {
      Files.writeString(
          storedLog(),
          fileName + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND,
          StandardOpenOption.SYNC);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot record in " + storedLog() + " that " + fileName + " is stored", e);
    }
  }

  /**
   * The names of the files the archive has confirmed.
   *
   * @return the names
   */
  public Set<String> stored() {
    if (!Files.exists(storedLog())) {
      return Set.of();
    }
    try {
      return new HashSet<>(Files.readAllLines(storedLog(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + storedLog(), e);
    }
  }

  /**
   * Writes a text file of the job atomically (temporary file, then rename).
   *
   * @param file a file inside the job directory
   * @param text its content
   */
  public static void writeAtomically(Path file, String text) {
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      Files.writeString(temporary, text, StandardCharsets.UTF_8);
      Files.move(
          temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + file, e);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof JobDirectory that && path.equals(that.path);
  }

  @Override
  public int hashCode() {
    return Objects.hash(path);
  }

  @Override
  public String toString() {
    return path.toString();
  }
}
