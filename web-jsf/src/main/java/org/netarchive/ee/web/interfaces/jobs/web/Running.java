package org.netarchive.ee.web.interfaces.jobs.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import org.netarchive.ee.scheduler.application.job.JobService;
import org.netarchive.ee.scheduler.application.job.JobViews.JobSummary;

/**
 * Backs status/running.xhtml: the running (STARTED) jobs with their agents' last progress reports;
 * the page asks again every few seconds, so the bars move while the crawls go on.
 */
@Named
@ViewScoped
public class Running implements Serializable {
  private static final long serialVersionUID = 1L;

  /** How often the page asks for new figures, in seconds. */
  public static final int REFRESH_SECONDS = 5;

  @EJB private JobService jobs;

  private List<JobSummary> list;

  public void load() {
    refresh();
  }

  /** Reads the running jobs and their progress again. */
  public void refresh() {
    list = jobs.running();
  }

  public List<JobSummary> getList() {
    return list;
  }

  public int getRefreshSeconds() {
    return REFRESH_SECONDS;
  }
}
