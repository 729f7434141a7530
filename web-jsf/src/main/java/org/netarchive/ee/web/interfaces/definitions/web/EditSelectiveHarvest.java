package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import org.netarchive.ee.batch.application.HarvestSeedAddition;
import org.netarchive.ee.batch.application.HarvestSeedAddition.Added;
import org.netarchive.ee.batch.application.HarvestSeedAddition.Outcome;
import org.netarchive.ee.batch.application.HarvestSeedAddition.SeedAdditionStatus;
import org.netarchive.ee.batch.application.HarvestSeedAddition.Started;
import org.netarchive.ee.scheduler.application.channel.ChannelService;
import org.netarchive.ee.scheduler.application.channel.ChannelView;
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
public class EditSelectiveHarvest implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The form whose inputs are named after the service's fields. */
  static final String FORM = "harvest";

  /** Refused lines of a long seed list shown on the page; the REST API lists more. */
  private static final int SHOWN_PROBLEMS = 20;

  /** The form seeds are added with. */
  static final String SEEDS_FORM = "seeds";

  @EJB private HarvestService harvests;
  @EJB private HarvestSeedAddition seedAddition;
  @EJB private ChannelService channelService;
  @EJB private ScheduleService scheduleService;

  private String name;
  private boolean creating = true;
  private boolean found = true;
  private String harvestName;
  private String comments;
  private String audience;
  private String channel;
  private String schedule;
  private int version;
  private HarvestView harvest;
  private String seeds;
  private SeedsAdded report;
  private Long seedRun;
  private SeedAdditionStatus seedRunStatus;
  private PagedList<HarvestConfigurationView> configurations;
  private List<String> channels;
  private List<String> schedules;

  public void load() {
    creating = name == null || name.isBlank();
    channels =
        channelService.ofKind(HarvestKind.SELECTIVE).stream().map(ChannelView::name).toList();
    schedules =
        scheduleService.list(null, 0, Page.MAX_SIZE).items().stream()
            .map(ScheduleView::name)
            .toList();
    if (creating) {
      return;
    }
    HarvestView view = Refusals.attempt(null, null, () -> harvests.get(name)).orElse(null);
    found = view != null && view.kind() == HarvestKind.SELECTIVE;
    if (found) {
      show(view);
    }
  }

  /** Creates or changes the harvest; a new one is then shown to add seeds to. */
  public String save() {
    HarvestSettings settings =
        creating
            ? HarvestSettings.selective(harvestName, channel, schedule, comments, audience)
            : HarvestSettings.selective(
                harvestName,
                channel,
                blankIfNone(schedule),
                blankIfNone(comments),
                blankIfNone(audience));
    HarvestView saved =
        Refusals.attempt(
                FORM,
                "name",
                () ->
                    creating
                        ? harvests.createSelective(settings)
                        : harvests.update(name, version, settings))
            .orElse(null);
    if (saved == null) {
      return null;
    }
    Refusals.infoAfterRedirect(Texts.text("editHarvest.saved", saved.name()));
    return "edit-selective-harvest?faces-redirect=true&name="
        + URLEncoder.encode(saved.name(), StandardCharsets.UTF_8);
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

  public void activate() {
    Refusals.attempt(FORM, null, () -> harvests.activate(name))
        .ifPresent(
            v -> {
              show(v);
              Refusals.info(Texts.text("editHarvest.activated", v.name()));
            });
  }

  public void deactivate() {
    Refusals.attempt(FORM, null, () -> harvests.deactivate(name))
        .ifPresent(
            v -> {
              show(v);
              Refusals.info(Texts.text("editHarvest.deactivated", v.name()));
            });
  }

  private void show(HarvestView view) {
    harvest = view;
    harvestName = view.name();
    comments = view.comments();
    audience = view.audience();
    channel = view.channel();
    schedule = view.schedule();
    version = view.version();
    String current = view.name();
    HarvestService service = harvests;
    configurations =
        new PagedList<>(
            HarvestService.CONFIGURATIONS_PAGE_SIZE,
            c -> c.domain() + "/" + c.configuration(),
            (p, s) -> service.get(current, p, s).configurations());
  }

  private static String blankIfNone(String text) {
    return text == null ? "" : text;
  }

  /** When the harvest runs next, or empty. */
  public Instant getNextDate() {
    return harvest == null ? null : harvest.nextDate();
  }

  public boolean isActive() {
    return harvest != null && harvest.active();
  }

  public HarvestView getHarvest() {
    return harvest;
  }

  public SeedsAdded getReport() {
    return report;
  }

  public PagedList<HarvestConfigurationView> getConfigurations() {
    return configurations;
  }

  public List<String> getChannels() {
    return channels;
  }

  public List<String> getSchedules() {
    return schedules;
  }

  public boolean isCreating() {
    return creating;
  }

  public boolean isFound() {
    return found;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getHarvestName() {
    return harvestName;
  }

  public void setHarvestName(String harvestName) {
    this.harvestName = harvestName;
  }

  public String getComments() {
    return comments;
  }

  public void setComments(String comments) {
    this.comments = comments;
  }

  public String getAudience() {
    return audience;
  }

  public void setAudience(String audience) {
    this.audience = audience;
  }

  public String getChannel() {
    return channel;
  }

  public void setChannel(String channel) {
    this.channel = channel;
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

  public int getVersion() {
    return version;
  }
}
