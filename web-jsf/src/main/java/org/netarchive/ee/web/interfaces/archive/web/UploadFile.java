package org.netarchive.ee.web.interfaces.archive.web;

import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.List;
import org.netarchive.ee.web.interfaces.archive.ArchiveAccess;
import org.netarchive.ee.web.interfaces.archive.ArchiveTask;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;
import org.primefaces.model.file.UploadedFile;

/**
 * Backs archive/upload-file.xhtml (curators and admins): a file uploaded here is stored in every
 * replica under its own name, in the background; the page lists the recent uploads and follows them
 * until every replica holds the file or the store failed.
 */
@Named
@ViewScoped
public class UploadFile implements Serializable {
  private static final long serialVersionUID = 1L;

  static final String FORM = "upload";

  @Inject private ArchiveAccess archive;

  private transient UploadedFile file;

  /** Receives the file and starts storing it. */
  public void upload() {
    FacesContext context = FacesContext.getCurrentInstance();
    if (!Refusals.curatorOrAdmin(context)) {
      return;
    }
    if (file == null || file.getFileName() == null || file.getFileName().isBlank()) {
      Refusals.error(FORM, "file", Texts.text("uploadFile.noFile"));
      context.validationFailed();
      return;
    }
    String name = file.getFileName();
    String user = context.getExternalContext().getRemoteUser();
    try (InputStream in = file.getInputStream()) {
      Refusals.attempt(FORM, "file", () -> archive.upload(name, in, null, user))
          .ifPresent(task -> Refusals.info(Texts.text("uploadFile.started", name)));
    } catch (IOException | UncheckedIOException e) {
      Refusals.error(FORM, "file", Texts.text("uploadFile.unreadable", name, e.getMessage()));
    }
    file = null;
  }

  /** The recent uploads, newest first. */
  public List<ArchiveTask.View> getUploads() {
    return archive.tasks(ArchiveTask.Kind.UPLOAD);
  }

  /** Whether an upload is still being stored (the page then follows it). */
  public boolean isAnyRunning() {
    return getUploads().stream().anyMatch(t -> !t.state().finished());
  }

  public UploadedFile getFile() {
    return file;
  }

  public void setFile(UploadedFile file) {
    this.file = file;
  }
}
