package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import org.netarchive.ee.batch.application.DomainBulkCreation;
import org.netarchive.ee.batch.application.DomainBulkCreation.BulkStatus;
import org.netarchive.ee.scheduler.application.domain.DomainService;
import org.netarchive.ee.scheduler.application.domain.DomainViews.DomainView;
import org.netarchive.ee.scheduler.domain.model.domain.BulkCreationReport;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;
import org.primefaces.model.file.UploadedFile;

/**
 * Backs definitions/create-domains.xhtml: creates one domain, or many from a typed list or an
 * uploaded file (one name per line) with the create-domains batch job. A started run is shown at
 * {@code create-domains.xhtml?execution=<id>}, its progress polled every second: percent done,
 * domains created, names that existed already, invalid lines, and the first refused lines.
 */
@Named
@ViewScoped
public class CreateDomains implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Refused lines the page shows; the counts cover all of them. */
  public static final int PROBLEMS_SHOWN = 20;

  private static final Set<String> FINISHED = Set.of("COMPLETED", "FAILED", "STOPPED", "ABANDONED");

  @EJB private DomainService domains;
  @EJB private DomainBulkCreation bulk;

  private String name;
  private DomainView created;
  private String list;
  private transient UploadedFile file;
  private Long execution;
  private BulkStatus status;

  /** Shows the run of the address, if there is one. */
  public void load() {
    if (execution != null) {
      refresh();
      if (status == null) {
        Refusals.error(null, null, Texts.text("createDomains.noSuchRun", execution));
      }
    }
  }

  /** Reads the run's progress again (the page polls this every second while it runs). */
  public void refresh() {
    if (execution == null) {
      return;
    }
    try {
      status = bulk.status(execution).orElse(null);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the progress of run " + execution, e);
    }
  }

  /** Creates the one domain typed in. */
  public void create() {
    String wanted = name;
    Refusals.attempt("single", "name", () -> domains.create(wanted, null))
        .ifPresent(
            view -> {
              created = view;
              name = null;
            });
  }

  /** Starts creating the domains of the typed list. */
  public String startList() {
    byte[] bytes = (list == null ? "" : list).getBytes(StandardCharsets.UTF_8);
    return start(
        "list",
        "list",
        new ByteArrayInputStream(bytes),
        Texts.text("createDomains.typedListSource"));
  }

  /** Starts creating the domains of the uploaded file. */
  public String startFile() {
    if (file == null || file.getSize() == 0) {
      Refusals.error("upload", "file", Texts.text("createDomains.noFile"));
      FacesContext.getCurrentInstance().validationFailed();
      return null;
    }
    try (InputStream in = file.getInputStream()) {
      return start("upload", "file", in, file.getFileName());
    } catch (IOException e) {
      Refusals.error("upload", "file", Texts.text("createDomains.unreadableFile", e.getMessage()));
      return null;
    }
  }

  private String start(String form, String field, InputStream names, String source) {
    String user = FacesContext.getCurrentInstance().getExternalContext().getRemoteUser();
    return Refusals.attempt(
            form,
            field,
            () -> {
              try {
                return bulk.start(names, source, user);
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            })
        .map(id -> "create-domains?faces-redirect=true&execution=" + id)
        .orElse(null);
  }

  /** Whether a run is shown and still going. */
  public boolean isRunning() {
    return execution != null && (status == null || !FINISHED.contains(status.status()));
  }

  public BulkCreationReport getReport() {
    return status == null ? null : status.report();
  }

  public int getPercentDone() {
    BulkCreationReport report = getReport();
    return report == null ? 0 : report.percentDone();
  }

  /** The first refused lines. */
  public List<BulkCreationReport.Problem> getProblems() {
    BulkCreationReport report = getReport();
    return report == null
        ? List.of()
        : report.problems().subList(0, Math.min(PROBLEMS_SHOWN, report.problems().size()));
  }

  /** Refused lines not shown. */
  public long getMoreProblems() {
    BulkCreationReport report = getReport();
    return report == null
        ? 0
        : Math.max(0, report.alreadyExisting() + report.invalid() - getProblems().size());
  }

  public BulkStatus getStatus() {
    return status;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public DomainView getCreated() {
    return created;
  }

  public String getList() {
    return list;
  }

  public void setList(String list) {
    this.list = list;
  }

  public UploadedFile getFile() {
    return file;
  }

  public void setFile(UploadedFile file) {
    this.file = file;
  }

  public Long getExecution() {
    return execution;
  }

  public void setExecution(Long execution) {
    this.execution = execution;
  }
}
