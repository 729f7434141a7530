package org.netarchive.ee.agent.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.netarchive.ee.agent.heritrix.CrawlEnd;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.CrawlStopReason;
import org.netarchive.ee.common.message.DomainStatistics;

/**
 * Per-domain statistics of a crawl, for each domain of the job (a host belongs to the job's domain
 * it equals or ends with):
 *
 * <ul>
 *   <li>objects and bytes: the crawl.log lines of the domain with a positive status (DNS answers
 *       and HTTP responses of any code, everything that was archived) and their content lengths;
 *   <li>duplicate objects and bytes: those of them archived as revisit records, found unchanged in
 *       the deduplication index (annotated {@code duplicate:"file,offset,..."}); their originals'
 *       files are the job's {@linkplain CrawlStatistics#revisitedFiles() revisited files};
 *   <li>stop reason: OBJECT_LIMIT or SIZE_LIMIT if Heritrix refused one of the domain's URIs for
 *       that quota ({@code Q:groupMaxFetchSuccesses}, {@code Q:groupMaxAllKb}); otherwise, if the
 *       crawl did not run out of URIs by itself and the hosts report shows URIs of the domain
 *       remaining (or there is no hosts report), TIME_LIMIT when the job's time limit ended the
 *       crawl and DOWNLOAD_UNFINISHED for any other stop; otherwise DOWNLOAD_COMPLETE.
 * </ul>
 */
public final class DomainStatisticsCollector {

  private static final String OBJECT_QUOTA = "Q:groupMaxFetchSuccesses";
  private static final String BYTE_QUOTA = "Q:groupMaxAllKb";

  private DomainStatisticsCollector() {}

  /**
   * Collects the statistics.
   *
   * @param request the job
   * @param launch Heritrix's launch directory (with {@code logs/} and {@code reports/}), if the job
   *     was launched
   * @param end how the crawl ended
   * @return one entry per domain of the job, in the job's order, and the files revisits point into
   */
  public static CrawlStatistics collect(CrawlRequest request, Optional<Path> launch, CrawlEnd end) {
    Map<String, Tally> tallies = new LinkedHashMap<>();
    Set<String> revisited = new TreeSet<>();
    for (CrawlDomain domain : request.domains()) {
      tallies.put(domain.domain().toLowerCase(Locale.ROOT), new Tally());
    }
    Map<String, String> domainOfHost = new HashMap<>();
    Path crawlLog = launch.map(l -> l.resolve("logs").resolve("crawl.log")).orElse(null);
    if (crawlLog != null && Files.isRegularFile(crawlLog)) {
      try (BufferedReader reader = Files.newBufferedReader(crawlLog, StandardCharsets.UTF_8)) {
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
          CrawlLogLine.parse(line)
              .ifPresent(
                  entry -> {
                    entry.duplicateOf().ifPresent(revisited::add);
                    entry
                        .host()
                        .map(h -> domainOfHost.computeIfAbsent(h, x -> domainOf(x, tallies)))
                        .filter(d -> !d.isEmpty())
                        .ifPresent(d -> tallies.get(d).add(entry));
                  });
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read " + crawlLog, e);
      }
    }
    Map<String, Long> remaining =
        launch
            .map(l -> l.resolve("reports").resolve("hosts-report.txt"))
            .filter(Files::isRegularFile)
            .map(report -> remainingByDomain(report, tallies))
            .orElse(null);

    List<DomainStatistics> statistics = new ArrayList<>();
    for (CrawlDomain domain : request.domains()) {
      String name = domain.domain().toLowerCase(Locale.ROOT);
      Tally tally = tallies.get(name);
      boolean unfinished =
          end != CrawlEnd.FINISHED && (remaining == null || remaining.getOrDefault(name, 0L) > 0);
      CrawlStopReason reason;
      if (tally.objectQuota) {
        reason = CrawlStopReason.OBJECT_LIMIT;
      } else if (tally.byteQuota) {
        reason = CrawlStopReason.SIZE_LIMIT;
      } else if (unfinished) {
        reason =
            end == CrawlEnd.TIME_LIMIT
                ? CrawlStopReason.TIME_LIMIT
                : CrawlStopReason.DOWNLOAD_UNFINISHED;
      } else {
        reason = CrawlStopReason.DOWNLOAD_COMPLETE;
      }
      statistics.add(
          new DomainStatistics(
              domain.domain(),
              tally.objects,
              tally.bytes,
              reason,
              tally.duplicateObjects,
              tally.duplicateBytes));
    }
    return new CrawlStatistics(statistics, List.copyOf(revisited));
  }

  /**
   * What a crawl got.
   *
   * @param domains one entry per domain of the job, in the job's order
   * @param revisitedFiles the archived files holding the originals of the crawl's revisit records,
   *     sorted
   */
  public record CrawlStatistics(List<DomainStatistics> domains, List<String> revisitedFiles) {

    /** Copies the lists. */
    public CrawlStatistics {
      domains = List.copyOf(domains);
      revisitedFiles = List.copyOf(revisitedFiles);
    }

    /** Nothing: the statistics could not be read. */
    public static final CrawlStatistics NONE = new CrawlStatistics(List.of(), List.of());
  }

  /** The job domain a host belongs to, or "" if none. */
  private static String domainOf(String host, Map<String, Tally> domains) {
    for (String candidate = host; ; ) {
      if (domains.containsKey(candidate)) {
        return candidate;
      }
      int dot = candidate.indexOf('.');
      if (dot < 0) {
        return "";
      }
      candidate = candidate.substring(dot + 1);
    }
  }

  /**
   * The URIs remaining per job domain, from hosts-report.txt ({@code #urls #bytes host #robots
   * #remaining ...}).
   */
  private static Map<String, Long> remainingByDomain(Path report, Map<String, Tally> domains) {
    Map<String, Long> remaining = new HashMap<>();
    try {
      for (String line : Files.readAllLines(report, StandardCharsets.UTF_8)) {
        String[] fields = line.strip().split("\\s+");
        if (fields.length < 5 || line.startsWith("[")) {
          continue;
        }
        String domain = domainOf(fields[2].toLowerCase(Locale.ROOT), domains);
        try {
          long left = Long.parseLong(fields[4]);
          if (!domain.isEmpty()) {
            remaining.merge(domain, left, Long::sum);
          }
        } catch (NumberFormatException e) {
          // Not a host line.
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + report, e);
    }
    return remaining;
  }

  private static final class Tally {
    long objects;
    long bytes;
    long duplicateObjects;
    long duplicateBytes;
    boolean objectQuota;
    boolean byteQuota;

    void add(CrawlLogLine line) {
      if (line.fetched()) {
        objects++;
        bytes += line.size();
        if (line.duplicateOf().isPresent()) {
          duplicateObjects++;
          duplicateBytes += line.size();
        }
      }
      if (line.status() == CrawlLogLine.QUOTA_REFUSED) {
        objectQuota |= line.annotations().contains(OBJECT_QUOTA);
        byteQuota |= line.annotations().contains(BYTE_QUOTA);
      }
    }
  }
}
