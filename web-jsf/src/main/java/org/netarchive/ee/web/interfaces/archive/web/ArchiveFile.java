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
  @EJB private org.netarchive.ee.archive.application.preservation.Preservation preservation;
  @EJB private org.netarchive.ee.archive.application.preservation.Repairs repairs;
  @jakarta.inject.Inject private org.netarchive.ee.web.interfaces.system.web.CurrentUser user;

  private org.netarchive.ee.archive.application.preservation.Preservation.FileRecord record;
  private String reason;

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
      return;
    }
    record = preservation.file(name);
  }

  /** Repairs the file's missing and corrupt copies, with the reason given (admin). */
  public void repair() {
    try {
      if (Refusals.attempt("repair", "reason", () -> repairs.repair(name, user.getName(), reason))
          .isPresent()) {
        Refusals.info(Texts.text("archiveFile.repaired", name));
        reason = null;
      }
    } catch (org.netarchive.ee.archive.application.preservation.PreservationConflict e) {
      Refusals.error(null, null, e.getMessage());
    }
    load();
  }

  /** What bit preservation knows about the file: its copies' checks, vote and history. */
  public org.netarchive.ee.archive.application.preservation.Preservation.FileRecord getRecord() {
    return record;
  }

  /** The checks of the file's copies, by replica. */
  public java.util.List<org.netarchive.ee.archive.application.preservation.CopyCheck> getChecks() {
    return record == null ? java.util.List.of() : java.util.List.copyOf(record.checks().values());
  }

  /** Whether the vote lets an admin repair the file. */
  public boolean isRepairable() {
    return record != null
        && record.decision() != null
        && record.decision().outcome().equals("REPAIRABLE");
  }

  public String getReason() {
    return reason;
  }

  public void setReason(String reason) {
    this.reason = reason;
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
