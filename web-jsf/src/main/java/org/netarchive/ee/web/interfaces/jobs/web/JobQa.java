package org.netarchive.ee.web.interfaces.jobs.web;

import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.netarchive.ee.archive.application.JobCrawlLogs.Preparation;
import org.netarchive.ee.archive.application.JobCrawlLogs.State;
import org.netarchive.ee.archive.domain.model.qa.CrawlLogEntry;
import org.netarchive.ee.archive.domain.model.qa.CrawlLogFilter;
import org.netarchive.ee.archive.domain.model.qa.JobCrawlLog;
import org.netarchive.ee.archive.domain.model.qa.JobCrawlLog.DomainFigures;
import org.netarchive.ee.archive.domain.model.qa.JobCrawlLog.SeedOutcome;
import org.netarchive.ee.archive.domain.model.qa.MissingUrls.Comparison;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.web.interfaces.jobs.qa.JobQaViews;
import org.netarchive.ee.web.interfaces.web.PagedList;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs status/job-qa.xhtml?id=42: a job's QA views from the crawl.log in its metadata WARC — the
 * crawl.log searched by URL pattern, status, MIME type and domain, a page at a time; the seeds
 * report; the statuses and MIME types per domain; and the URLs a domain's previous harvest had that
 * this job lacks. While the job's crawl.log is being prepared the page says so and reloads itself
 * when it is ready.
 */
@Named
@ViewScoped
public class JobQa implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Lines a page of the crawl.log table shows. */
  public static final int PAGE_SIZE = 50;

  /** The comparison's tab, the fourth. */
  static final int COMPARE_TAB = 3;

  @Inject private JobQaViews qa;

  private Long id;
  private Preparation preparation;
  private String url;
  private String status;
  private String mime;
  private String domain;
  private PagedList<CrawlLogEntry> lines;
  private List<SeedOutcome> seeds;
  private List<DomainFigures> domains;
  private long lineCount;
  private String compareDomain;
  private Long previous;
  private Comparison comparison;
  private Long comparedWith;
  private int activeTab;
  private boolean comparing;

  /** Loads the job of the address: its state, and its views if it is ready. */
  public void load() {
    if (id == null) {
      Refusals.error(null, null, Texts.text("job.noId"));
      return;
    }
    preparation = qa.prepare(id);
    if (preparation.state() == State.READY) {
      long jobId = id;
      seeds = qa.read(jobId, JobCrawlLog::seeds);
      domains = qa.read(jobId, JobCrawlLog::domains);
      lineCount = qa.read(jobId, JobCrawlLog::lines);
      search();
    } else if (preparation.state() != State.PREPARING) {
      Refusals.error(null, null, preparation.detail());
    }
  }

  /** Asked by the page every few seconds while preparing: reloads it once the job is ready. */
  public void refresh() {
    preparation = qa.prepare(id);
    if (preparation.state() != State.PREPARING) {
      ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
      try {
        external.redirect(external.getRequestContextPath() + "/status/job-qa.xhtml?id=" + id);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Shows the lines the filter matches. */
  public void search() {
    CrawlLogFilter filter;
    try {
      filter = CrawlLogFilter.parse(url, status, mime, JobQaViews.domainKey(domain));
    } catch (IllegalArgumentException e) {
      Refusals.error("qa:crawlLogForm", fieldOf(e.getMessage()), e.getMessage());
      FacesContext.getCurrentInstance().validationFailed();
      return;
    }
    long jobId = id;
    JobQaViews views = qa;
    String u = filter.url();
    String s = status;
    String m = filter.mimeType();
    String d = filter.domain();
    lines =
        new PagedList<>(
            PAGE_SIZE,
            e -> e.url() + " " + e.fetchTime() + " " + e.status() + " " + e.time(),
            (page, size) -> {
              CrawlLogFilter f = CrawlLogFilter.parse(u, s, m, d);
              JobCrawlLog.Page answer =
                  views.read(jobId, log -> log.search(f, (long) page * size, size));
              return new Page<>(answer.entries(), answer.total(), page, size, false);
            });
  }

  /** The input a filter refusal is about: its message names the query parameter. */
  private static String fieldOf(String message) {
    for (String field : List.of("url", "status", "mime", "domain")) {
      if (message.contains("'" + field + "'")) {
        return field;
      }
    }
    return null;
  }

  /** Compares the chosen domain with its previous harvest. */
  public void compare() {
    comparing = false;
    comparison = null;
    comparedWith = null;
    if (compareDomain == null || compareDomain.isBlank()) {
      Refusals.error("qa:compareForm", "compareDomain", Texts.text("jobQa.domainRequired"));
      return;
    }
    String d = JobQaViews.domainKey(compareDomain);
    long jobId = id;
    Long before =
        previous != null
            ? previous
            : Refusals.attempt("qa:compareForm", "compareDomain", () -> qa.previousJob(jobId, d))
                .orElse(null);
    if (before == null) {
      return;
    }
    Preparation other = qa.prepare(before);
    comparing = other.state() == State.PREPARING;
    if (other.state() != State.READY) {
      // While the earlier job's crawl.log is prepared, the page's poll asks again.
      Refusals.error(
          "qa:compareForm",
          "compareDomain",
          comparing ? Texts.text("jobQa.previousPreparing", before) : other.detail());
      return;
    }
    comparedWith = before;
    comparison = qa.compare(before, jobId, d);
  }

  /** Shows a domain's comparison, on its tab: from the per-domain table. */
  public void compareDomain(String name) {
    compareDomain = name;
    previous = null;
    activeTab = COMPARE_TAB;
    compare();
  }

  /** The tab shown: the crawl log, or the comparison once a domain of the table was chosen. */
  public int getActiveTab() {
    return activeTab;
  }

  public void setActiveTab(int activeTab) {
    this.activeTab = activeTab;
  }

  /** A domain's lines per status, as text: {@code 200: 12, 404: 1}. */
  public String counts(Map<String, Long> counts) {
    return counts.entrySet().stream()
        .map(e -> e.getKey() + ": " + e.getValue())
        .collect(Collectors.joining(", "));
  }

  /** Whether a comparison waits for the earlier job's crawl.log to be prepared. */
  public boolean isComparing() {
    return comparing;
  }

  public boolean isReady() {
    return preparation != null && preparation.state() == State.READY;
  }

  public boolean isPreparing() {
    return preparation != null && preparation.state() == State.PREPARING;
  }

  public Preparation getPreparation() {
    return preparation;
  }

  public PagedList<CrawlLogEntry> getLines() {
    return lines;
  }

  public List<SeedOutcome> getSeeds() {
    return seeds;
  }

  public long getFailedSeeds() {
    return seeds == null ? 0 : seeds.stream().filter(SeedOutcome::failed).count();
  }

  public List<DomainFigures> getDomains() {
    return domains;
  }

  public long getLineCount() {
    return lineCount;
  }

  public Comparison getComparison() {
    return comparison;
  }

  public Long getComparedWith() {
    return comparedWith;
  }

  public Long getId() {
    return id;
  }

  public void setId(Long id) {
    this.id = id;
  }

  public String getUrl() {
    return url;
  }

  public void setUrl(String url) {
    this.url = url;
  }

  public String getStatus() {
    return status;
  }

  public void setStatus(String status) {
    this.status = status;
  }

  public String getMime() {
    return mime;
  }

  public void setMime(String mime) {
    this.mime = mime;
  }

  public String getDomain() {
    return domain;
  }

  public void setDomain(String domain) {
    this.domain = domain;
  }

  public String getCompareDomain() {
    return compareDomain;
  }

  public void setCompareDomain(String compareDomain) {
    this.compareDomain = compareDomain;
  }

  public Long getPrevious() {
    return previous;
  }

  public void setPrevious(Long previous) {
    this.previous = previous;
  }
}
