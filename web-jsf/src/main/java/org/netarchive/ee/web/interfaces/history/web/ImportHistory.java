package org.netarchive.ee.web.interfaces.history.web;

import jakarta.ejb.EJB;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.util.List;
import org.netarchive.ee.scheduler.application.history.HistoryService;
import org.netarchive.ee.scheduler.domain.model.history.HistoryCsv;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImportReport;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;
import org.primefaces.model.file.UploadedFile;

/**
 * Backs history/import-history.xhtml: uploads an earlier system's harvest history as a CSV file
 * (the format of {@link HistoryCsv}, as the REST API's import takes it) and shows the report: lines
 * read, imported and refused, and each refused line with its number and the reason. Curators and
 * admins only.
 */
@Named
@ViewScoped
public class ImportHistory implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The upload form, whose file input is named after the service's field. */
  static final String FORM = "upload";

  /** Refused lines the page shows; the counts cover all of them. */
  public static final int PROBLEMS_SHOWN = 100;

  @EJB private HistoryService history;

  private transient UploadedFile file;
  private transient HistoryImportReport report;
  private String fileName;

  /** Imports the uploaded file; the report is shown below the form. */
  public void upload() {
    report = null;
    if (file == null || file.getSize() == 0) {
      Refusals.error(FORM, HistoryService.FILE_FIELD, Texts.text("importHistory.noFile"));
      FacesContext.getCurrentInstance().validationFailed();
      return;
    }
    String uploaded = file.getFileName();
    try (InputStream in = file.getInputStream()) {
      report =
          Refusals.attempt(FORM, HistoryService.FILE_FIELD, () -> history.importCsv(in))
              .orElse(null);
    } catch (IOException e) {
      Refusals.error(
          FORM,
          HistoryService.FILE_FIELD,
          Texts.text("importHistory.unreadableFile", uploaded, e.getMessage()));
      return;
    }
    if (report != null) {
      fileName = uploaded;
      Refusals.info(
          Texts.text("importHistory.done", uploaded, report.imported(), report.refused()));
    }
    file = null;
  }

  /** The header every file starts with. */
  public String getHeader() {
    return HistoryCsv.HEADER;
  }

  /** The refused lines the page shows. */
  public List<HistoryImportReport.Problem> getProblems() {
    return report == null
        ? List.of()
        : report.problems().subList(0, Math.min(PROBLEMS_SHOWN, report.problems().size()));
  }

  /** How many refused lines the page does not show. */
  public long getMoreProblems() {
    return report == null ? 0 : report.refused() - getProblems().size();
  }

  public HistoryImportReport getReport() {
    return report;
  }

  public String getFileName() {
    return fileName;
  }

  public UploadedFile getFile() {
    return file;
  }

  public void setFile(UploadedFile file) {
    this.file = file;
  }
}
