package org.netarchive.ee.web.interfaces.archive.web;

import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.netarchive.ee.archive.application.CaptureSearch;
import org.netarchive.ee.archive.domain.model.capture.CaptureQuery;
import org.netarchive.ee.archive.domain.model.capture.MatchType;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.web.interfaces.web.Refusals;

/**
 * Backs archive/find-url.xhtml?url=...&matchType=...: the captures of a URL (exact), of URLs
 * starting with it (prefix) or of its host, from the archive-wide capture index, listed by date (at
 * most {@value #MAX} of them); each links to its replay ({@code
 * /archive/replay.xhtml?url=&timestamp=}) and to its record.
 */
@Named
@ViewScoped
public class FindUrl implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Captures the page lists at most. */
  public static final int MAX = 1000;

  static final String FORM = "search";

  @Inject private CaptureSearch search;

  private String url;
  private String matchType = "exact";
  private List<Capture> captures;
  private boolean truncated;

  /** Finds the captures the address names, if it names a URL. */
  public void load() {
    captures = null;
    truncated = false;
    if (url == null || url.isBlank()) {
      return;
    }
    List<Capture> found =
        Refusals.attempt(
                FORM,
                "url",
                () -> {
                  MatchType type = MatchType.parse(matchType);
                  if (type == MatchType.DOMAIN) {
                    throw new IllegalArgumentException("Search by exact URL, prefix or host");
                  }
                  return search.find(CaptureQuery.of(url.strip(), type, MAX + 1));
                })
            .orElse(null);
    if (found == null) {
      return;
    }
    truncated = found.size() > MAX;
    captures = new ArrayList<>(found.subList(0, Math.min(MAX, found.size())));
    captures.sort(Comparator.comparing(Capture::timestamp).thenComparing(Capture::urlKey));
  }

  /** Searches for the URL the form names, at an address that says which. */
  public String find() {
    return "find-url?faces-redirect=true&includeViewParams=true";
  }

  /** The replay page of a capture. */
  public String replayUrl(Capture capture) {
    Long job = capture.jobId();
    return context()
        + "/archive/replay.xhtml?url="
        + encode(capture.url())
        + "&timestamp="
        + capture.timestamp()
        + (job == null ? "" : "&job=" + job);
  }

  /** The record page of a capture. */
  public String recordUrl(Capture capture) {
    return context()
        + "/archive/get-record.xhtml?file="
        + encode(capture.file())
        + "&offset="
        + capture.offset();
  }

  /** A capture's date as {@code yyyy-MM-dd HH:mm:ss} (UTC). */
  public String date(Capture capture) {
    String t = capture.timestamp();
    return t.substring(0, 4)
        + "-"
        + t.substring(4, 6)
        + "-"
        + t.substring(6, 8)
        + " "
        + t.substring(8, 10)
        + ":"
        + t.substring(10, 12)
        + ":"
        + t.substring(12, 14);
  }

  private static String context() {
    return FacesContext.getCurrentInstance().getExternalContext().getRequestContextPath();
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  public List<Capture> getCaptures() {
    return captures;
  }

  public boolean isTruncated() {
    return truncated;
  }

  public String getUrl() {
    return url;
  }

  public void setUrl(String url) {
    this.url = url;
  }

  public String getMatchType() {
    return matchType;
  }

  public void setMatchType(String matchType) {
    this.matchType = matchType == null || matchType.isBlank() ? "exact" : matchType;
  }
}
