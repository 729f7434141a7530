package org.netarchive.ee.web.interfaces.replay.web;

import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.regex.Pattern;
import org.netarchive.ee.archive.application.CaptureSearch;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.web.interfaces.replay.WaczBuild;
import org.netarchive.ee.web.interfaces.replay.WaczConflict;
import org.netarchive.ee.web.interfaces.replay.WaczExports;

/**
 * Backs archive/replay.xhtml?url=...&timestamp=...&job=...: ReplayWeb.page over the WACZ of the job
 * that holds the capture, at that URL and time; without a URL, the job's seeds to start from;
 * without a job, the job of the URL's capture nearest the time (the latest without a time), from
 * the capture index. The job's WACZ is built first if it is not cached, and the page follows the
 * build.
 */
@Named
@ViewScoped
public class Replay implements Serializable {
  private static final long serialVersionUID = 1L;

  private static final Pattern TIMESTAMP = Pattern.compile("\\d{4,14}");

  /** A time after every capture: closest to it is the latest. */
  private static final String LATEST = "99991231235959";

  @Inject private WaczExports wacz;
  @Inject private CaptureSearch captures;

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
      job = jobOfCapture();
      if (job == null) {
        return;
      }
    }
    refresh();
  }

  /**
   * The job that holds the URL's capture nearest the timestamp (the latest without one), from the
   * capture index; null, with the problem said, when there is none.
   */
  private Long jobOfCapture() {
    if (url == null || url.isBlank()) {
      problem = "Name the URL to replay (url=...), or the job to browse (job=<id>)";
      return null;
    }
    String at = timestamp == null || timestamp.isBlank() ? LATEST : timestamp;
    Capture capture;
    try {
      capture = captures.closest(url, at).orElse(null);
    } catch (IllegalArgumentException e) {
      problem = e.getMessage();
      return null;
    }
    if (capture == null) {
      problem = "The capture index holds no capture of '" + url + "'";
      return null;
    }
    if (capture.jobId() == null) {
      problem =
          "The capture of '"
              + url
              + "' is in file "
              + capture.file()
              + ", whose name does not start with a job ID; replay works per job";
      return null;
    }
    timestamp = capture.timestamp();
    return capture.jobId();
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
