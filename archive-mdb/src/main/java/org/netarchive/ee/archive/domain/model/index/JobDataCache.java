package org.netarchive.ee.archive.domain.model.index;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.common.io.FileTrees;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcTargetRecord;

/**
 * Each job's raw index data, taken once from its metadata WARC(s) and kept sorted (reference/004:
 * the crawl.log and CDX caches under the CrawlLogIndexCache): {@code jobs/<id>/crawl.log}
 * (Heritrix's crawl.log lines, sorted) and {@code jobs/<id>/cdx} (the CDX11 lines of every WARC
 * file of the job, sorted, without legend and comment lines). A job directory appears only complete
 * (made under a temporary name, then renamed); a job whose metadata the archive does not hold is
 * not cached, so a later request looks again.
 */
public final class JobDataCache {

  /** Where a job's metadata files are read from. */
  @FunctionalInterface
  public interface MetadataSource {
    /**
     * The job's metadata WARC files, complete and readable.
     *
     * @param jobId the job
     * @return the files; empty if the archive does not (yet) hold any
     * @throws IOException if the archive cannot be asked
     */
    List<Path> metadataFiles(long jobId) throws IOException;
  }

  /**
   * A job's cached data.
   *
   * @param jobId the job
   * @param crawlLog its crawl.log lines behind their keys, sorted by URL and fetch time
   * @param cdx its CDX11 lines, sorted
   */
  public record JobData(long jobId, Path crawlLog, Path cdx) {}

  /** The crawl.log record of a metadata WARC (MetadataWarc of the agent; NetarchiveSuite's). */
  static final Pattern CRAWL_LOG = Pattern.compile("metadata://[^/]+/crawl/logs/crawl\\.log.*");

  /** The CDX records, one per WARC file of the job. */
  static final Pattern CDX = Pattern.compile("metadata://[^/]+/crawl/index/cdx.*");

  private final Path dir;
  private final MetadataSource source;
  private final long sortBudgetBytes;

  /**
   * @param dir the cache's directory (its {@code jobs} subdirectory is used)
   * @param source where metadata files come from
   * @param sortBudgetBytes memory a sort may use
   */
  public JobDataCache(Path dir, MetadataSource source, long sortBudgetBytes) {
    this.dir = dir.resolve("jobs");
    this.source = source;
    this.sortBudgetBytes = sortBudgetBytes;
  }

  /**
   * A job's data, from the cache or taken from the archive now.
   *
   * @param jobId the job
   * @return its data, or empty if the archive holds no metadata of it
   * @throws IOException if the archive or the cache cannot be read or written
   */
  public Optional<JobData> get(long jobId) throws IOException {
    Path jobDir = dir.resolve(Long.toString(jobId));
    if (Files.isDirectory(jobDir)) {
      return Optional.of(data(jobId, jobDir));
    }
    return FileLocks.withLock(
        dir.resolve(jobId + ".lock"),
        () -> {
          if (Files.isDirectory(jobDir)) {
            return Optional.of(data(jobId, jobDir));
          }
          List<Path> files = source.metadataFiles(jobId);
          if (files.isEmpty()) {
            return Optional.empty();
          }
          extract(jobId, files, jobDir);
          return Optional.of(data(jobId, jobDir));
        });
  }

  /**
   * Whether a job's data is cached.
   *
   * @param jobId the job
   * @return true if it is
   */
  public boolean isCached(long jobId) {
    return Files.isDirectory(dir.resolve(Long.toString(jobId)));
  }

  private static JobData data(long jobId, Path jobDir) {
    return new JobData(jobId, jobDir.resolve("crawl.log"), jobDir.resolve("cdx"));
  }

  private void extract(long jobId, List<Path> files, Path jobDir) throws IOException {
    Path work = dir.resolve("tmp-" + jobId + "-" + UUID.randomUUID());
    Files.createDirectories(work);
    try (SortedLines crawlLog = new SortedLines(work.resolve("runs"), sortBudgetBytes / 2);
        SortedLines cdx = new SortedLines(work.resolve("runs"), sortBudgetBytes / 2)) {
      for (Path file : files) {
        try (WarcReader reader = new WarcReader(file)) {
          for (WarcRecord record : reader) {
            if (!(record instanceof WarcTargetRecord target)) {
              continue;
            }
            boolean isLog = CRAWL_LOG.matcher(target.target()).matches();
            boolean isCdx = !isLog && CDX.matcher(target.target()).matches();
            if (!isLog && !isCdx) {
              continue;
            }
            BufferedReader lines =
                new BufferedReader(
                    new InputStreamReader(record.body().stream(), StandardCharsets.UTF_8));
            String line;
            while ((line = lines.readLine()) != null) {
              if (isLog) {
                String key = CrawlLogLines.keyOf(line);
                if (key != null) {
                  crawlLog.add(key + "\t" + line);
                }
              } else if (isCaptureLine(line)) {
                cdx.add(line);
              }
            }
          }
        }
      }
      crawlLog.writeTo(work.resolve("crawl.log"));
      cdx.writeTo(work.resolve("cdx"));
      Files.writeString(
          work.resolve("source"),
          String.join("\n", files.stream().map(f -> f.getFileName().toString()).toList()) + "\n");
    } catch (IOException | RuntimeException e) {
      FileTrees.delete(work);
      throw new IOException(
          "Cannot take the index data of job " + jobId + " from " + files + ": " + e.getMessage(),
          e);
    }
    FileTrees.delete(work.resolve("runs"));
    Files.move(work, jobDir, StandardCopyOption.ATOMIC_MOVE);
  }

  /** A CDX line of a capture: not the legend, a comment, or a line that is not CDX11. */
  private static boolean isCaptureLine(String line) {
    try {
      return Capture.parseCdx11(line) != null;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
