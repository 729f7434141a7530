package org.netarchive.ee.web.interfaces.archive.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.io.Serializable;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.netarchive.ee.archive.application.ArchiveAdmin;
import org.netarchive.ee.archive.application.ArchivedFileView;
import org.netarchive.ee.archive.domain.model.repository.ChecksumStatus;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs archive/archive-file.xhtml?name=...: one archived file, its checksum, and its copy on each
 * replica with the store state, attempts, failure, the checksum the replica reported and when.
 */
@Named
@ViewScoped
public class ArchiveFile implements Serializable {
  private static final long serialVersionUID = 1L;

  @EJB private ArchiveAdmin admin;

  private String name;
  private ArchivedFileView file;

  /** Loads the file the address names. */
  public void load() {
    file = null;
    if (name == null || name.isBlank()) {
      Refusals.error(null, null, Texts.text("archiveFile.noName"));
      return;
    }
    file = admin.find(name).orElse(null);
    if (file == null) {
      Refusals.error(null, null, Texts.text("archiveFile.unknown", name));
    }
  }

  /** Whether every replica reported the file's own checksum for its copy. */
  public boolean isChecksumsEqual() {
    return file != null
        && !file.copies().isEmpty()
        && file.copies().stream()
            .allMatch(
                c -> c.checksumStatus() == ChecksumStatus.OK && file.sha512().equals(c.checksum()));
  }

  /** The file's name as one segment of an address. */
  public String getEncodedName() {
    return file == null
        ? null
        : URLEncoder.encode(file.name(), StandardCharsets.UTF_8).replace("+", "%20");
  }

  public boolean isFound() {
    return file != null;
  }

  public ArchivedFileView getFile() {
    return file;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }
}
