package org.netarchive.ee.web.interfaces.jobs.qa;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.netarchive.ee.archive.application.JobCrawlLogs;
import org.netarchive.ee.archive.application.JobCrawlLogs.Preparation;
import org.netarchive.ee.archive.domain.model.qa.JobCrawlLog;
import org.netarchive.ee.archive.domain.model.qa.JobCrawlLog.HostDomains;
import org.netarchive.ee.archive.domain.model.qa.MissingUrls;
import org.netarchive.ee.archive.domain.model.qa.MissingUrls.Comparison;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.history.HistoryEntryView;
import org.netarchive.ee.scheduler.application.history.HistoryService;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;

/**
 * A job's QA views: its crawl.log index ({@link JobCrawlLogs}) with hosts sorted into domains as
 * seeds are ({@link DomainName#ofHost}), and the previous harvest of a domain from the harvest
 * history.
 */
@ApplicationScoped
public class JobQaViews {

  /** Hosts into domains as the definitions do; a host under no known suffix is its own domain. */
  static final HostDomains DOMAINS = host -> DomainName.ofHost(host).ascii();

  /** History entries looked through for a job and the one before it. */
  private static final int HISTORY_PAGES = 20;

  private static final int HISTORY_PAGE = 100;

  @EJB private JobCrawlLogs logs;
  @EJB private HistoryService history;

  /**
   * A domain as the index keeps it: its ASCII form, {@code www.kb.dk} as {@code kb.dk}; a name
   * under no known public suffix as given, lower-cased.
   *
   * @param domain a domain or host, or null
   * @return the key, or null if none was given
   */
  public static String domainKey(String domain) {
    if (domain == null || domain.isBlank()) {
      return null;
    }
    try {
      return DomainName.ofHost(domain).ascii();
    } catch (IllegalArgumentException e) {
      return domain.strip().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * Where a job's crawl.log index stands; starts making it if needed.
   *
   * @param jobId the job
   * @return its state
   */
  public Preparation prepare(long jobId) {
    return logs.prepare(jobId, DOMAINS);
  }

  /**
   * Uses a job's index, which must be ready.
   *
   * @param jobId the job
   * @param use what to do with it
   * @param <T> what that gives
   * @return what it gives
   */
  public <T> T read(long jobId, Function<JobCrawlLog, T> use) {
    return logs.read(jobId, use);
  }

  /**
   * The job that harvested a domain before this one, from the domain's harvest history.
   *
   * @param jobId this job
   * @param domain the domain
   * @return the previous job
   * @throws NotFoundException if the domain is unknown, this job is not in its history, or no job
   *     before it is
   */
  public long previousJob(long jobId, String domain) {
    boolean seen = false;
    for (int page = 0; page < HISTORY_PAGES; page++) {
      Page<HistoryEntryView> entries = history.forDomain(domain, page, HISTORY_PAGE);
      List<HistoryEntryView> items = entries.items();
      for (HistoryEntryView entry : items) {
        if (entry.job() == jobId) {
          seen = true;
        } else if (seen) {
          return entry.job();
        }
      }
      if (items.size() < HISTORY_PAGE) {
        break;
      }
    }
    throw new NotFoundException(
        seen
            ? "Job " + jobId + " is the first harvest of '" + domain + "' in its harvest history"
            : "Job "
                + jobId
                + " is not in the harvest history of '"
                + domain
                + "'; name the job to compare with in 'previous'");
  }

  /**
   * Compares the URLs of a domain in two jobs, both ready.
   *
   * @param previousJob the earlier job
   * @param jobId the later job
   * @param domain the domain
   * @return the comparison
   */
  public Comparison compare(long previousJob, long jobId, String domain) {
    return MissingUrls.compare(
        domain, read(previousJob, l -> l.urlsOf(domain)), read(jobId, l -> l.urlsOf(domain)));
  }
}
