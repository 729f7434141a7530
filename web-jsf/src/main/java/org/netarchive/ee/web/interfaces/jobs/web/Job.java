package org.netarchive.ee.web.interfaces.jobs.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import org.netarchive.ee.scheduler.application.fleet.AgentFleet;
import org.netarchive.ee.scheduler.application.fleet.FleetCommandView;
import org.netarchive.ee.scheduler.application.job.JobService;
import org.netarchive.ee.scheduler.application.job.JobViews.JobDetails;
import org.netarchive.ee.scheduler.application.job.JobViews.JobDomainView;
import org.netarchive.ee.scheduler.application.job.JobViews.JobSummary;
import org.netarchive.ee.web.interfaces.web.PagedList;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs status/job.xhtml?id=42: one job — where it is in its life, its template, limits, crawler
 * traps and errors, and its domains a page at a time (with what was harvested of each once it has
 * finished); a failed job can be resubmitted, and a running one stopped, by curators and admins.
 */
@Named
@ViewScoped
public class Job implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Domains a page of the table shows. */
  public static final int PAGE_SIZE = 50;

  @EJB private JobService jobs;
  @EJB private AgentFleet fleet;

  private Long id;
  private JobDetails details;
  private PagedList<JobDomainView> domains;

  /** Loads the job of the address; a job that does not exist is said at the top. */
  public void load() {
    details = null;
    domains = null;
    if (id == null) {
      Refusals.error(null, null, Texts.text("job.noId"));
      return;
    }
    long jobId = id;
    JobService service = jobs;
    details = Refusals.attempt(null, null, () -> service.details(jobId, 0, 1)).orElse(null);
    if (details != null) {
      domains =
          new PagedList<>(
              PAGE_SIZE,
              d -> d.domain() + "/" + d.configuration(),
              (p, s) -> service.details(jobId, p, s).domains());
    }
  }

  /** Sends the failed job again as a new job, and shows the new one. */
  public String resubmit() {
    JobSummary copy = Refusals.attempt(null, null, () -> jobs.resubmit(id)).orElse(null);
    if (copy == null) {
      return null;
    }
    Refusals.infoAfterRedirect(Texts.text("job.resubmitted", id, copy.id()));
    return "job?faces-redirect=true&id=" + copy.id();
  }

  /**
   * Sends the job's agent the command to stop its crawl; the page then says so (the job ends FAILED
   * when the agent has stored its files and reported it).
   */
  public String stop() {
    FleetCommandView command = Refusals.attempt(null, null, () -> fleet.stopJob(id)).orElse(null);
    if (command == null) {
      return null;
    }
    Refusals.infoAfterRedirect(Texts.text("job.stopSent", id, command.agent()));
    return "job?faces-redirect=true&id=" + id;
  }

  /** Whether the job is crawling on an agent, so that it can be stopped. */
  public boolean isRunning() {
    return details != null && "STARTED".equals(details.job().status());
  }

  /** Whether the job has finished, so that its domains' results are known. */
  public boolean isFinished() {
    return details != null && details.job().finishedAt() != null;
  }

  public boolean isFailed() {
    return details != null && "FAILED".equals(details.job().status());
  }

  public boolean isFound() {
    return details != null;
  }

  public JobDetails getDetails() {
    return details;
  }

  public JobSummary getSummary() {
    return details == null ? null : details.job();
  }

  public PagedList<JobDomainView> getDomains() {
    return domains;
  }

  public Long getId() {
    return id;
  }

  public void setId(Long id) {
    this.id = id;
  }
}
