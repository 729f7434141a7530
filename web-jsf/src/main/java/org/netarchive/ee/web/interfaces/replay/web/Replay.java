package org.netarchive.ee.web.interfaces.replay.web;

import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.regex.Pattern;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.web.interfaces.replay.WaczBuild;
import org.netarchive.ee.web.interfaces.replay.WaczConflict;
import org.netarchive.ee.web.interfaces.replay.WaczExports;

/**
 * Backs archive/replay.xhtml?url=...&timestamp=...&job=...: ReplayWeb.page over the WACZ of the job
 * that holds the capture, at that URL and time; without a URL, the job's seeds to start from. The
 * job's WACZ is built first if it is not cached, and the page follows the build.
 */
@Named
@ViewScoped
public class Replay implements Serializable {
  private static final long serialVersionUID = 1L;

  private static final Pattern TIMESTAMP = Pattern.compile("\\d{4,14}");

  @Inject private WaczExports wacz;

  private String url;
  private String timestamp;
  private Long job;
  private String problem;
  private WaczBuild.View build;

  /** Checks the address and asks for the job's WACZ. */
  public void load() {
    problem = null;
    build = null;
    if (timestamp != null
        && !timestamp.isBlank()
        && !TIMESTAMP.matcher(timestamp.strip()).matches()) {
      problem =
          "Timestamp '"
              + timestamp
              + "' is not a capture time of 4 to 14 digits (yyyyMMddHHmmss, e.g. 20261125103000)";
      return;
    }
    if (job == null) {
      problem =
          "Name the job that holds the capture (job=<id>, as the archive's file names start with"
              + " it); the archive-wide capture index will find it by URL";
      return;
    }
    refresh();
  }

  /** Follows the build. */
  public void refresh() {
    try {
      build = wacz.request(wacz.job(job));
    } catch (NotFoundException | WaczConflict e) {
      problem = e.getMessage();
    }
  }

  /** Where ReplayWeb.page reads the WACZ, an address ending in its file name. */
  public String getSource() {
    String context = FacesContext.getCurrentInstance().getExternalContext().getRequestContextPath();
    return context + "/api/jobs/" + job + "/wacz/job-" + job + ".wacz";
  }

  /** ReplayWeb.page's files, whose service worker's scope is this directory. */
  public String getReplayBase() {
    return FacesContext.getCurrentInstance().getExternalContext().getRequestContextPath()
        + "/replay/";
  }

  public boolean isBuilding() {
    return build != null && build.state() == WaczBuild.State.BUILDING;
  }

  public boolean isReady() {
    return problem == null && build != null && build.state() == WaczBuild.State.READY;
  }

  public boolean isFailed() {
    return build != null && build.state() == WaczBuild.State.FAILED;
  }

  public WaczBuild.View getBuild() {
    return build;
  }

  public String getProblem() {
    return problem;
  }

  public String getUrl() {
    return url;
  }

  public void setUrl(String url) {
    this.url = url == null ? null : url.strip();
  }

  public String getTimestamp() {
    return timestamp;
  }

  public void setTimestamp(String timestamp) {
    this.timestamp = timestamp == null ? null : timestamp.strip();
  }

  public Long getJob() {
    return job;
  }

  public void setJob(Long job) {
    this.job = job;
  }
}
