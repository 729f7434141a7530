package org.netarchive.ee.web.interfaces.jobs.web;

import static org.netarchive.ee.web.Inputs.blankToNull;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.channel.ChannelService;
import org.netarchive.ee.scheduler.application.channel.ChannelView;
import org.netarchive.ee.scheduler.application.job.JobFilter;
import org.netarchive.ee.scheduler.application.job.JobService;
import org.netarchive.ee.scheduler.application.job.JobViews.JobSummary;
import org.netarchive.ee.scheduler.application.job.JobViews.StatusCount;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;
import org.netarchive.ee.web.interfaces.web.PagedList;
import org.netarchive.ee.web.interfaces.web.Refusals;

/**
 * Backs status/jobs.xhtml?status=FAILED&harvest=Nightly&run=3&channel=HIGHPRIORITY
 * &from=2026-11-01&to=2026-11-21: all jobs, newest first, a page at a time (the service pages in
 * the database); how many jobs there are in each status; and the channels whose jobs wait because
 * no agent serves them. The filter is the page's address, so a filtered list can be linked to.
 */
@Named
@ViewScoped
public class Jobs implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Jobs a page of the table shows. */
  public static final int PAGE_SIZE = 50;

  /** The form of the filter, whose inputs are named after the filter's parts. */
  static final String FORM = "filter";

  @EJB private JobService jobs;
  @EJB private ChannelService channelService;

  private String status;
  private String harvest;
  private Integer run;
  private String channel;
  private LocalDate from;
  private LocalDate to;
  private PagedList<JobSummary> list;
  private List<StatusCount> counts;
  private List<String> channelsWithoutAgents;
  private List<String> channels;

  /** Loads the jobs the address asks for, the counts and the waiting channels. */
  public void load() {
    counts = jobs.countsByStatus();
    channelsWithoutAgents = jobs.channelsWithoutAgents();
    channels =
        channelService.list(null, 0, Page.MAX_SIZE).items().stream()
            .map(ChannelView::name)
            .toList();
    list = null;
    JobService service = jobs;
    // The parts, not the filter, are kept in the list: they are what the view can keep.
    String st = status;
    String h = harvest;
    Integer r = run;
    String c = channel;
    LocalDate f = from;
    LocalDate t = to;
    // The first page answers whether the harvest and the channel exist.
    if (Refusals.attempt(FORM, "harvest", () -> service.list(filter(st, h, r, c, f, t), 0, 1))
        .isPresent()) {
      list =
          new PagedList<>(
              PAGE_SIZE,
              j -> Long.toString(j.id()),
              (p, s) -> service.list(filter(st, h, r, c, f, t), p, s));
    }
  }

  /** Shows the jobs the filter asks for, at an address that says which. */
  public String search() {
    return "jobs?faces-redirect=true&includeViewParams=true";
  }

  /**
   * The service's filter for the parts of the address; blank parts mean any, {@code to} includes
   * its whole day (UTC, the zone the jobs' times are shown in).
   *
   * @throws InvalidFieldException naming the part of the filter at fault and its value
   */
  static JobFilter filter(
      String status, String harvest, Integer run, String channel, LocalDate from, LocalDate to) {
    JobStatus jobStatus = null;
    if (status != null && !status.isBlank()) {
      try {
        jobStatus = JobStatus.valueOf(status.strip().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new InvalidFieldException(
            "status",
            "Status '" + status + "' is no job status; the statuses are " + statuses(),
            e);
      }
    }
    String harvestName = blankToNull(harvest);
    if (run != null && harvestName == null) {
      throw new InvalidFieldException(
          "run", "Run " + run + " needs the harvest it is a run of; give its name as well");
    }
    if (run != null && run < 0) {
      throw new InvalidFieldException("run", "Run must be 0 or more, was " + run);
    }
    if (from != null && to != null && to.isBefore(from)) {
      throw new InvalidFieldException(
          "to", "The date range ends (" + to + ") before it starts (" + from + ")");
    }
    return new JobFilter(
        jobStatus, harvestName, run, blankToNull(channel), startOf(from), startOfDayAfter(to));
  }

  private static Instant startOf(LocalDate day) {
    return day == null ? null : day.atStartOfDay().toInstant(ZoneOffset.UTC);
  }

  private static Instant startOfDayAfter(LocalDate day) {
    return day == null ? null : startOf(day.plusDays(1));
  }

  /** The job statuses, in the order of a job's life. */
  public static List<String> statuses() {
    return Arrays.stream(JobStatus.values()).map(JobStatus::name).toList();
  }

  /** The jobs the filter asks for, or null if the filter was refused. */
  public PagedList<JobSummary> getList() {
    return list;
  }

  /**
   * How many jobs there are in each status (all statuses, in the order of a job's life); a count
   * marked {@code atLeast} stopped at {@link JobService#COUNT_REACH}.
   */
  public List<StatusCount> getCounts() {
    return counts;
  }

  public List<String> getChannelsWithoutAgents() {
    return channelsWithoutAgents;
  }

  public List<String> getChannels() {
    return channels;
  }

  public List<String> getStatuses() {
    return statuses();
  }

  public String getStatus() {
    return status;
  }

  public void setStatus(String status) {
    this.status = status;
  }

  public String getHarvest() {
    return harvest;
  }

  public void setHarvest(String harvest) {
    this.harvest = harvest;
  }

  public Integer getRun() {
    return run;
  }

  public void setRun(Integer run) {
    this.run = run;
  }

  public String getChannel() {
    return channel;
  }

  public void setChannel(String channel) {
    this.channel = channel;
  }

  public LocalDate getFrom() {
    return from;
  }

  public void setFrom(LocalDate from) {
    this.from = from;
  }

  public LocalDate getTo() {
    return to;
  }

  public void setTo(LocalDate to) {
    this.to = to;
  }
}
