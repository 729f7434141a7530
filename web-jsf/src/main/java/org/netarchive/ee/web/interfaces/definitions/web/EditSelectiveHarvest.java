package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import org.netarchive.ee.batch.application.HarvestSeedAddition;
import org.netarchive.ee.batch.application.HarvestSeedAddition.Added;
import org.netarchive.ee.batch.application.HarvestSeedAddition.Outcome;
import org.netarchive.ee.batch.application.HarvestSeedAddition.SeedAdditionStatus;
import org.netarchive.ee.batch.application.HarvestSeedAddition.Started;
import org.netarchive.ee.scheduler.application.harvest.HarvestService;
import org.netarchive.ee.scheduler.application.harvest.HarvestSettings;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.HarvestConfigurationView;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.HarvestView;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.SeedsAdded;
import org.netarchive.ee.scheduler.application.schedule.ScheduleService;
import org.netarchive.ee.scheduler.application.schedule.ScheduleViews.ScheduleView;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.harvest.SeedAdditionReport;
import org.netarchive.ee.web.interfaces.web.PagedList;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs definitions/edit-selective-harvest.xhtml?name=Events: a selective harvest's definition, its
 * seeds and configurations, and whether it runs; without a name it creates one. The version the
 * page was loaded with is kept in the view and sent with a change.
 */
@Named
@ViewScoped
public class EditSelectiveHarvest extends EditHarvest {
  private static final long serialVersionUID = 1L;

  /** Refused lines of a long seed list shown on the page; the REST API lists more. */
  private static final int SHOWN_PROBLEMS = 20;

  /** The form seeds are added with. */
  static final String SEEDS_FORM = "seeds";

  @EJB private HarvestSeedAddition seedAddition;
  @EJB private ScheduleService scheduleService;

  private String schedule;
  private String seeds;
  private SeedsAdded report;
  private Long seedRun;
  private SeedAdditionStatus seedRunStatus;
  private PagedList<HarvestConfigurationView> configurations;
  private List<String> schedules;

  @Override
  HarvestKind kind() {
    return HarvestKind.SELECTIVE;
  }

  @Override
  String page() {
    return "edit-selective-harvest";
  }

  @Override
  void loadChoices() {
    schedules =
        scheduleService.list(null, 0, Page.MAX_SIZE).items().stream()
            .map(ScheduleView::name)
            .toList();
  }

  /** A new harvest is then shown to add seeds to. */
  @Override
  HarvestSettings settings() {
    return creating
        ? HarvestSettings.selective(harvestName, channel, schedule, comments, audience)
        : HarvestSettings.selective(
            harvestName,
            channel,
            blankIfNone(schedule),
            blankIfNone(comments),
            blankIfNone(audience));
  }

  @Override
  HarvestView create(HarvestSettings settings) {
    return harvests.createSelective(settings);
  }

  /**
   * Adds the typed seeds and shows what was created, added and refused; a list too long to add at
   * once is added by a batch job, whose progress the page then follows.
   */
  public void addSeeds() {
    report = null;
    String text = seeds == null ? "" : seeds;
    String user = FacesContext.getCurrentInstance().getExternalContext().getRemoteUser();
    Outcome outcome =
        Refusals.attempt(
                SEEDS_FORM,
                "seeds",
                () -> {
                  try {
                    return seedAddition.add(
                        name,
                        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                        null,
                        null,
                        null,
                        null,
                        user);
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                })
            .orElse(null);
    switch (outcome) {
      case null -> {}
      case Added added -> {
        report = added.seeds();
        show(report.harvest());
        if (report.refusedSeeds().isEmpty() && report.refusedDomains().isEmpty()) {
          seeds = null;
        }
      }
      case Started started -> {
        seedRun = started.executionId();
        seedRunStatus = null;
        seeds = null;
        Refusals.info(Texts.text("editSelectiveHarvest.seedRunStarted", started.lines()));
      }
    }
  }

  /** Follows the batch job adding a long seed list; when it has ended, shows the harvest again. */
  public void refreshSeedRun() throws SQLException {
    if (seedRun == null) {
      return;
    }
    seedRunStatus = seedAddition.status(name, seedRun).orElse(null);
    if (!isSeedRunActive()) {
      Refusals.attempt(null, null, () -> harvests.get(name)).ifPresent(this::show);
    }
  }

  /** Whether a batch job is adding seeds that this page started. */
  public boolean isSeedRunActive() {
    if (seedRun == null) {
      return false;
    }
    if (seedRunStatus == null) {
      return true;
    }
    String status = seedRunStatus.status();
    return status.equals("STARTING") || status.equals("STARTED") || status.equals("STOPPING");
  }

  public Long getSeedRun() {
    return seedRun;
  }

  public SeedAdditionStatus getSeedRunStatus() {
    return seedRunStatus;
  }

  /** The first lines the job refused, as many as the page shows. */
  public List<SeedAdditionReport.Problem> getSeedRunProblems() {
    if (seedRunStatus == null || seedRunStatus.report() == null) {
      return List.of();
    }
    List<SeedAdditionReport.Problem> problems = seedRunStatus.report().problems();
    return problems.subList(0, Math.min(problems.size(), SHOWN_PROBLEMS));
  }

  /** Share of the list's lines the job has handled, 0 to 100. */
  public int getSeedRunPercent() {
    return seedRunStatus == null || seedRunStatus.report() == null
        ? 0
        : seedRunStatus.report().percentDone();
  }

  @Override
  void showKind(HarvestView view) {
    schedule = view.schedule();
    String current = view.name();
    HarvestService service = harvests;
    configurations =
        new PagedList<>(
            HarvestService.CONFIGURATIONS_PAGE_SIZE,
            c -> c.domain() + "/" + c.configuration(),
            (p, s) -> service.get(current, p, s).configurations());
  }

  /** When the harvest runs next, or empty. */
  public Instant getNextDate() {
    return getHarvest() == null ? null : getHarvest().nextDate();
  }

  public SeedsAdded getReport() {
    return report;
  }

  public PagedList<HarvestConfigurationView> getConfigurations() {
    return configurations;
  }

  public List<String> getSchedules() {
    return schedules;
  }

  public String getSchedule() {
    return schedule;
  }

  public void setSchedule(String schedule) {
    this.schedule = schedule;
  }

  public String getSeeds() {
    return seeds;
  }

  public void setSeeds(String seeds) {
    this.seeds = seeds;
  }
}
