package org.netarchive.ee.web.interfaces.jobs.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import org.netarchive.ee.scheduler.application.job.JobService;
import org.netarchive.ee.scheduler.application.job.JobViews.HarvestRunView;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs status/harvest-runs.xhtml?harvest=Nightly: the runs of a harvest that were split into jobs,
 * newest first, each with how many configurations it placed in how many jobs, and a link to those
 * jobs.
 */
@Named
@ViewScoped
public class HarvestRuns implements Serializable {
  private static final long serialVersionUID = 1L;

  @EJB private JobService jobs;

  private String harvest;
  private List<HarvestRunView> runs;

  public void load() {
    runs = null;
    if (harvest == null || harvest.isBlank()) {
      Refusals.error(null, null, Texts.text("harvestRuns.noHarvest"));
      return;
    }
    String name = harvest.strip();
    runs = Refusals.attempt(null, null, () -> jobs.runs(name)).orElse(null);
  }

  /** Whether the harvest exists, so that its runs (perhaps none) can be shown. */
  public boolean isFound() {
    return runs != null;
  }

  /** The harvest's runs, or null if there is no such harvest. */
  public List<HarvestRunView> getRuns() {
    return runs;
  }

  public String getHarvest() {
    return harvest;
  }

  public void setHarvest(String harvest) {
    this.harvest = harvest;
  }
}
