package org.netarchive.ee.web.interfaces.index.web;

import jakarta.ejb.EJB;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import org.netarchive.ee.archive.application.IndexBuild;
import org.netarchive.ee.archive.application.IndexServer;
import org.netarchive.ee.archive.domain.model.index.JobSet;
import org.netarchive.ee.common.index.IndexKind;
import org.netarchive.ee.common.message.IndexBuildState;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs archive/indexes.xhtml: curators and admins ask the index server for an index of a kind over
 * a set of jobs; everyone sees the recent builds with their progress, the jobs found and missing,
 * and downloads a ready index (through the REST API).
 */
@Named
@ViewScoped
public class Indexes implements Serializable {
  private static final long serialVersionUID = 1L;

  static final String FORM = "index";

  @EJB private IndexServer indexServer;

  private String kind = IndexKind.DEDUP.name();
  private String jobs;

  /** Asks for the index the form describes. */
  public void request() {
    FacesContext context = FacesContext.getCurrentInstance();
    if (!Refusals.curatorOrAdmin(context)) {
      return;
    }
    Refusals.attempt(FORM, "jobs", () -> jobSet(jobs))
        .flatMap(set -> Refusals.attempt(FORM, "kind", () -> indexServer.request(kind(), set)))
        .ifPresent(build -> Refusals.info(Texts.text("indexes.requested", build.kind(), jobs)));
  }

  private IndexKind kind() {
    try {
      return IndexKind.parse(kind);
    } catch (IllegalArgumentException e) {
      throw new InvalidFieldException("kind", e.getMessage());
    }
  }

  /** The jobs typed in: IDs separated by commas, spaces or new lines. */
  static JobSet jobSet(String text) {
    List<String> ids =
        text == null
            ? List.of()
            : Arrays.stream(text.split("[,\\s]+")).filter(s -> !s.isEmpty()).toList();
    JobSet set;
    try {
      set = JobSet.parse(ids);
    } catch (IllegalArgumentException e) {
      throw new InvalidFieldException("jobs", e.getMessage());
    }
    if (set.ids().isEmpty()) {
      throw new InvalidFieldException("jobs", Texts.text("indexes.noJobs"));
    }
    return set;
  }

  /** The recent builds, newest first. */
  public List<IndexBuild.View> getBuilds() {
    return indexServer.recent();
  }

  /** Whether a build is not finished (the page then follows it). */
  public boolean isAnyBuilding() {
    return getBuilds().stream()
        .anyMatch(
            b -> b.state() == IndexBuildState.QUEUED || b.state() == IndexBuildState.BUILDING);
  }

  /** A build's progress in percent. */
  public int percent(IndexBuild.View build) {
    return (int) Math.round(build.progress() * 100);
  }

  /** The address of a ready index's bundle, in the REST API. */
  public String downloadUrl(IndexBuild.View build) {
    return FacesContext.getCurrentInstance().getExternalContext().getRequestContextPath()
        + "/api/index/"
        + build.kind().name().toLowerCase(java.util.Locale.ROOT)
        + "/"
        + build.name();
  }

  /** The kinds of index, for the form. */
  public List<IndexKind> getKinds() {
    return List.of(IndexKind.values());
  }

  public String getKind() {
    return kind;
  }

  public void setKind(String kind) {
    this.kind = kind;
  }

  public String getJobs() {
    return jobs;
  }

  public void setJobs(String jobs) {
    this.jobs = jobs;
  }
}
