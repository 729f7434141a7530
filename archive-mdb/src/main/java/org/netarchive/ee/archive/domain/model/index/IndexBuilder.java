package org.netarchive.ee.archive.domain.model.index;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;
import org.netarchive.ee.archive.domain.model.index.JobDataCache.JobData;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.common.index.CaptureIndexWriter;
import org.netarchive.ee.common.index.DedupIndexWriter;
import org.netarchive.ee.common.index.IndexKind;

/**
 * Builds an index of a kind from the cached data of some jobs into an empty directory: a Lucene
 * deduplication index ({@link DedupRule}; a CDX line without a digest takes its crawl.log line's),
 * a Lucene full index of every capture, or one sorted CDX file ({@value #CDX_FILE}, CDX11 with its
 * legend line). Streams the jobs' files line by line, so memory does not grow with their size
 * (Lucene's own buffer is bounded).
 */
public final class IndexBuilder {

  /** The file of a CDX index. */
  public static final String CDX_FILE = "index.cdx";

  private static final String CDX11_LEGEND = " CDX N b a m s k r M S V g";

  private IndexBuilder() {}

  /**
   * Builds an index.
   *
   * @param kind the kind
   * @param jobs the jobs' data
   * @param target the directory, empty or absent
   * @param jobDone told the number of jobs done after each job
   * @return the number of entries (captures, or CDX lines) in the index
   * @throws IOException if a job's data cannot be read or the index written
   */
  public static long build(IndexKind kind, List<JobData> jobs, Path target, LongConsumer jobDone)
      throws IOException {
    Files.createDirectories(target);
    try {
      return switch (kind) {
        case DEDUP -> {
          try (DedupIndexWriter writer = DedupIndexWriter.create(target)) {
            long done = 0;
            for (JobData job : jobs) {
              dedup(job, writer, target.resolveSibling(target.getFileName() + "-join"));
              jobDone.accept(++done);
            }
            yield writer.count();
          }
        }
        case FULL -> {
          try (CaptureIndexWriter writer = CaptureIndexWriter.create(target)) {
            eachCapture(jobs, jobDone, writer::add);
            yield writer.count();
          }
        }
        case CDX -> cdx(jobs, target.resolve(CDX_FILE), jobDone);
      };
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static void eachCapture(
      List<JobData> jobs, LongConsumer jobDone, java.util.function.Consumer<Capture> each)
      throws IOException {
    long done = 0;
    for (JobData job : jobs) {
      try (BufferedReader lines = Files.newBufferedReader(job.cdx(), StandardCharsets.UTF_8)) {
        String line;
        while ((line = lines.readLine()) != null) {
          Capture capture = Capture.parseCdx11(line);
          if (capture != null) {
            each.accept(capture);
          }
        }
      }
      jobDone.accept(++done);
    }
  }

  /**
   * Adds a job's DEDUP entries. A CDX line without a payload digest takes the digest of its
   * crawl.log line (same URL, fetch time to the second): those lines are sorted by that key and
   * merged with the job's crawl.log, which is kept in that order, so memory stays bounded.
   */
  private static void dedup(JobData job, DedupIndexWriter writer, Path work) throws IOException {
    try (SortedLines withoutDigest = new SortedLines(work, SortedLines.DEFAULT_BUDGET_BYTES / 2)) {
      try (BufferedReader lines = Files.newBufferedReader(job.cdx(), StandardCharsets.UTF_8)) {
        String line;
        while ((line = lines.readLine()) != null) {
          Capture capture = Capture.parseCdx11(line);
          if (capture == null) {
            continue;
          }
          if (capture.hasDigest()) {
            DedupRule.entryOf(capture).ifPresent(writer::add);
          } else {
            withoutDigest.add(capture.url() + " " + capture.timestamp() + "\t" + line);
          }
        }
      }
      if (withoutDigest.count() == 0 || !Files.exists(job.crawlLog())) {
        return;
      }
      Path sorted = Files.createDirectories(work).resolve("without-digest-" + job.jobId());
      withoutDigest.writeTo(sorted);
      joinWithCrawlLog(sorted, job.crawlLog(), writer);
      Files.delete(sorted);
    }
  }

  private static void joinWithCrawlLog(Path cdx, Path crawlLog, DedupIndexWriter writer)
      throws IOException {
    try (BufferedReader captures = Files.newBufferedReader(cdx, StandardCharsets.UTF_8);
        BufferedReader log = Files.newBufferedReader(crawlLog, StandardCharsets.UTF_8)) {
      String logLine = log.readLine();
      String line;
      while ((line = captures.readLine()) != null) {
        int tab = line.indexOf('\t');
        String key = line.substring(0, tab);
        while (logLine != null && logLine.substring(0, logLine.indexOf('\t')).compareTo(key) < 0) {
          logLine = log.readLine();
        }
        if (logLine == null) {
          return;
        }
        if (logLine.substring(0, logLine.indexOf('\t')).equals(key)) {
          String digest = CrawlLogLines.digestOf(logLine.substring(logLine.indexOf('\t') + 1));
          Capture c = Capture.parseCdx11(line.substring(tab + 1));
          if (digest != null) {
            DedupRule.entryOf(
                    new Capture(
                        c.urlKey(),
                        c.timestamp(),
                        c.url(),
                        c.mimeType(),
                        c.status(),
                        digest,
                        c.redirect(),
                        c.length(),
                        c.offset(),
                        c.file()))
                .ifPresent(writer::add);
          }
        }
      }
    }
  }

  private static long cdx(List<JobData> jobs, Path file, LongConsumer jobDone) throws IOException {
    long[] count = {0};
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write(CDX11_LEGEND);
      out.write('\n');
      SortedLines.merge(
          jobs.stream().map(JobData::cdx).toList(),
          line -> {
            try {
              out.write(line);
              out.write('\n');
              count[0]++;
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
    }
    jobDone.accept(jobs.size());
    return count[0];
  }
}
