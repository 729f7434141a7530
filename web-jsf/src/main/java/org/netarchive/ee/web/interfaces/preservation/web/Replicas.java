package org.netarchive.ee.web.interfaces.preservation.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.netarchive.ee.archive.application.preservation.Audits;
import org.netarchive.ee.archive.application.preservation.Decision;
import org.netarchive.ee.archive.application.preservation.Preservation;
import org.netarchive.ee.archive.application.preservation.Preservation.ReplicaState;
import org.netarchive.ee.archive.application.preservation.PreservationConflict;
import org.netarchive.ee.archive.application.preservation.PreservationSettings;
import org.netarchive.ee.archive.domain.model.preservation.AuditKind;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords.ScheduleRow;
import org.netarchive.ee.web.interfaces.system.web.CurrentUser;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs preservation/replicas.xhtml: per replica the files and bytes it holds, copies not verified
 * lately, what the last audits found (with links to the lists), the last and the unfinished audits
 * with their progress; the files whose vote needs a person; the schedules and settings. Admins
 * start, pause and resume audits and change schedules and settings.
 */
@Named
@ViewScoped
public class Replicas implements Serializable {
  private static final long serialVersionUID = 1L;

  @EJB private Preservation preservation;
  @EJB private Audits audits;
  @EJB private PreservationSettings settings;
  @Inject private CurrentUser user;

  private List<ReplicaState> replicas;
  private List<Decision> decisions;
  private List<Schedule> schedules;
  private long rateMegabytesPerSecond;
  private boolean autoRepair;
  private int notVerifiedDays;

  /** A schedule as the form edits it. */
  public static final class Schedule implements Serializable {
    private static final long serialVersionUID = 1L;
    private final String replica;
    private final AuditKind kind;
    private int intervalHours;
    private final Instant nextRunAt;

    Schedule(ScheduleRow row) {
      replica = row.replica();
      kind = row.kind();
      intervalHours = row.intervalHours();
      nextRunAt = row.nextRunAt();
    }

    public String getReplica() {
      return replica;
    }

    public AuditKind getKind() {
      return kind;
    }

    public int getIntervalHours() {
      return intervalHours;
    }

    public void setIntervalHours(int intervalHours) {
      this.intervalHours = intervalHours;
    }

    public Instant getNextRunAt() {
      return nextRunAt;
    }
  }

  /** Reads everything the page shows. */
  public void load() {
    replicas = preservation.replicas();
    decisions = preservation.decisions(null, 1000);
    schedules = new ArrayList<>();
    for (ScheduleRow row : audits.schedules()) {
      schedules.add(new Schedule(row));
    }
    PreservationSettings.Values values = settings.values();
    rateMegabytesPerSecond = values.rateMegabytesPerSecond();
    autoRepair = values.autoRepair();
    notVerifiedDays = values.notVerifiedDays();
  }

  /** Starts an audit of a replica (admin). */
  public void start(String replica, String kind) {
    act(() -> audits.start(replica, AuditKind.parse(kind), user.getName()), "preservation.started");
  }

  /** Pauses a running audit (admin). */
  public void pause(long runId) {
    act(() -> audits.pause(runId, user.getName()), "preservation.paused");
  }

  /** Resumes a paused audit (admin). */
  public void resume(long runId) {
    act(() -> audits.resume(runId, user.getName()), "preservation.resumed");
  }

  /** Stores the schedules and settings (admin). */
  public void save() {
    act(
        () -> {
          for (Schedule s : schedules) {
            audits.schedule(s.replica, s.kind, s.intervalHours, null);
          }
          return settings.change(rateMegabytesPerSecond, autoRepair, notVerifiedDays);
        },
        "preservation.saved");
  }

  private void act(Supplier<Object> call, String done) {
    try {
      if (Refusals.attempt(null, null, call).isPresent()) {
        Refusals.info(Texts.text(done));
      }
    } catch (PreservationConflict e) {
      Refusals.error(null, null, e.getMessage());
    }
    load();
  }

  public List<ReplicaState> getReplicas() {
    return replicas;
  }

  /** The votes that need a person. */
  public List<Decision> getFlagged() {
    return decisions.stream().filter(Decision::needsPerson).toList();
  }

  /** The votes an admin can repair. */
  public List<Decision> getRepairable() {
    return decisions.stream().filter(d -> d.outcome().equals("REPAIRABLE")).toList();
  }

  public List<Schedule> getSchedules() {
    return schedules;
  }

  public long getRateMegabytesPerSecond() {
    return rateMegabytesPerSecond;
  }

  public void setRateMegabytesPerSecond(long rateMegabytesPerSecond) {
    this.rateMegabytesPerSecond = rateMegabytesPerSecond;
  }

  public boolean isAutoRepair() {
    return autoRepair;
  }

  public void setAutoRepair(boolean autoRepair) {
    this.autoRepair = autoRepair;
  }

  public int getNotVerifiedDays() {
    return notVerifiedDays;
  }

  public void setNotVerifiedDays(int notVerifiedDays) {
    this.notVerifiedDays = notVerifiedDays;
  }
}
