package org.netarchive.ee.web.interfaces.system.web;

import static org.netarchive.ee.web.Inputs.blankToNull;

import jakarta.ejb.EJB;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.scheduler.application.imports.NasImportRequest;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus;
import org.netarchive.ee.scheduler.application.imports.NasImportStatus.Problem;
import org.netarchive.ee.scheduler.application.imports.NasImportSummary;
import org.netarchive.ee.scheduler.application.imports.NetarchiveSuiteImports;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.web.interfaces.web.PagedList;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs system/netarchivesuite-import.xhtml (admins only, as the service): starts an import of a
 * NetarchiveSuite harvest database, or a dry run of one, follows it (phase, domains done) and shows
 * its report at the end: the counts per kind and the source rows not taken, a page at a time. The
 * earlier imports are listed, each opening its report. The password is passed on to the service and
 * forgotten: the form never shows it again and the view does not keep it.
 */
@Named
@ViewScoped
public class NetarchiveSuiteImport implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The form, whose inputs are named after the service's fields. */
  static final String FORM = "source";

  /** Earlier imports listed. */
  public static final int RECENT = 20;

  /** Refused rows per page of the report. */
  public static final int PROBLEMS_PER_PAGE = 25;

  /** The flash entry that carries the form to the page of the import it started. */
  private static final String FLASH = NetarchiveSuiteImport.class.getName() + ".form";

  /** The form without the password. */
  record Form(String url, String user, String timeZone, boolean dryRun) implements Serializable {}

  @EJB private NetarchiveSuiteImports imports;

  private String url;
  private String user;
  private transient String password;
  private String timeZone;
  private boolean dryRun = true;

  /** The import shown, from the page's {@code id} parameter. */
  private Long id;

  private transient NasImportStatus status;
  private transient List<NasImportSummary> recent;
  private PagedList<Problem> problems;

  /** Loads the import the page's {@code id} names, if any. */
  public void load() {
    // The form as it was sent, but for the password, after the redirect to the started import.
    Object sent = FacesContext.getCurrentInstance().getExternalContext().getFlash().get(FLASH);
    if (sent instanceof Form form) {
      url = form.url();
      user = form.user();
      timeZone = form.timeZone();
      dryRun = form.dryRun();
    }
    if (id != null && status().isEmpty()) {
      Refusals.error(null, null, Texts.text("nasImport.unknown", id));
      id = null;
    }
  }

  /**
   * Starts the import the form describes; on success the page follows it (the browser is sent to
   * the page of that import).
   */
  public String start() {
    ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
    if (!external.isUserInRole("admin")) {
      Refusals.error(null, null, Texts.text("refusal.role"));
      return null;
    }
    NasImportRequest request =
        new NasImportRequest(url, user, password, dryRun, blankToNull(timeZone));
    // The password is used once, here; it is neither redisplayed nor kept in the view.
    password = null;
    Optional<Long> started =
        Refusals.attempt(
            FORM,
            "url",
            () -> {
              try {
                return imports.start(request, external.getRemoteUser());
              } catch (SQLException e) {
                throw new IllegalStateException(
                    "Cannot record the import of " + request.url() + ": " + e.getMessage(), e);
              }
            });
    if (started.isEmpty()) {
      return null;
    }
    external.getFlash().put(FLASH, new Form(url, user, timeZone, dryRun));
    Refusals.infoAfterRedirect(
        Texts.text(dryRun ? "nasImport.startedDryRun" : "nasImport.started", started.get()));
    return "netarchivesuite-import?faces-redirect=true&id=" + started.get();
  }

  /** Reads the shown import again (the page's poll, while it runs). */
  public void refresh() {
    status = null;
    recent = null;
  }

  /** The import shown, as it stands; {@code null} if none is. */
  public NasImportStatus getStatus() {
    return status().orElse(null);
  }

  private Optional<NasImportStatus> status() {
    if (id == null) {
      return Optional.empty();
    }
    if (status == null) {
      try {
        status = imports.status(id).orElse(null);
      } catch (SQLException e) {
        throw new IllegalStateException("Cannot read import " + id + ": " + e.getMessage(), e);
      }
    }
    return Optional.ofNullable(status);
  }

  /** Whether the shown import or one of the listed ones still runs (the page then follows it). */
  public boolean isRunning() {
    return status().map(s -> "RUNNING".equals(s.state())).orElse(false)
        || getRecent().stream().anyMatch(s -> "RUNNING".equals(s.state()));
  }

  /** How far the shown import is through the domains, 0 to 100. */
  public int getPercentDone() {
    return status()
        .filter(s -> s.domainsTotal() > 0)
        .map(s -> (int) Math.min(100, s.domainsDone() * 100 / s.domainsTotal()))
        .orElse(0);
  }

  /** The source rows the shown import did not take, a page at a time. */
  public PagedList<Problem> getProblems() {
    if (problems == null && id != null) {
      long shown = id;
      problems =
          new PagedList<>(
              PROBLEMS_PER_PAGE,
              p -> p.table() + " " + p.key() + " " + p.reason().hashCode(),
              (page, size) -> problemPage(shown, page, size));
    }
    return problems;
  }

  private Page<Problem> problemPage(long shown, int page, int size) {
    try {
      long total = status().map(NasImportStatus::problemCount).orElse(0L);
      return new Page<>(imports.problems(shown, page * size, size), total, page, size);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot read the problems of import " + shown + ": " + e.getMessage(), e);
    }
  }

  /** The latest imports, newest first. */
  public List<NasImportSummary> getRecent() {
    if (recent == null) {
      try {
        recent = imports.recent(RECENT);
      } catch (SQLException e) {
        throw new IllegalStateException("Cannot list the imports: " + e.getMessage(), e);
      }
    }
    return recent;
  }

  public Long getId() {
    return id;
  }

  public void setId(Long id) {
    this.id = id;
    status = null;
    problems = null;
  }

  public String getUrl() {
    return url;
  }

  public void setUrl(String url) {
    this.url = url;
  }

  public String getUser() {
    return user;
  }

  public void setUser(String user) {
    this.user = user;
  }

  /** Never the password given: the form's field starts empty. */
  public String getPassword() {
    return null;
  }

  public void setPassword(String password) {
    this.password = password;
  }

  public String getTimeZone() {
    return timeZone;
  }

  public void setTimeZone(String timeZone) {
    this.timeZone = timeZone;
  }

  public boolean isDryRun() {
    return dryRun;
  }

  public void setDryRun(boolean dryRun) {
    this.dryRun = dryRun;
  }
}
