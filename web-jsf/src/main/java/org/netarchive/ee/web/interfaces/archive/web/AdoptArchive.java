package org.netarchive.ee.web.interfaces.archive.web;

import jakarta.ejb.EJB;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.archive.application.adoption.AdminDataImport;
import org.netarchive.ee.archive.application.adoption.Adoption;
import org.netarchive.ee.archive.application.adoption.ImportReport;
import org.netarchive.ee.archive.domain.model.adoption.Verification;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.AdoptionRecords.AdoptedCopy;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.AdoptionRecords.AdoptedDirectory;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.web.interfaces.archive.ArchiveAccess;
import org.netarchive.ee.web.interfaces.web.PagedList;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs archive/adopt-archive.xhtml (admins only): takes over a NetarchiveSuite archive in place as
 * the REST API's {@code /api/archive/adoption} does. An admin imports the ArcRepository's admin
 * data file from a path on the server (with names of its replicas mapped to this archive's) and
 * adopts bitarchive directories where they lie; the page follows the background verification (the
 * copies by replica and verification) and lists the copies with their outcome, the corrupt and
 * missing ones first with the reason.
 */
@Named
@ViewScoped
public class AdoptArchive implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The admin data form, whose inputs are named after the REST API's fields. */
  static final String ADMIN_DATA_FORM = "adminData";

  /** The directory form. */
  static final String DIRECTORY_FORM = "directory";

  /** Failures listed of each kind (corrupt, missing); the counts cover all of them. */
  public static final int FAILURES_SHOWN = 100;

  /** Copies per page of the list. */
  public static final int COPIES_PER_PAGE = 50;

  /** One replica's adopted copies by verification. */
  public record ReplicaCounts(
      String replica, long unverified, long verified, long corrupt, long missing)
      implements Serializable {}

  @EJB private AdminDataImport imports;
  @EJB private Adoption adoption;
  @Inject private ArchiveAccess archive;

  private String path;
  private String replicaNames;
  private String replica;
  private String directory;
  private String verification;
  private String fileName;
  private ImportReport report;

  private transient Adoption.Overview overview;
  private transient List<AdoptedCopy> fileCopies;
  private transient List<AdoptedCopy> failures;
  private PagedList<AdoptedCopy> copies;

  /** Imports the admin data file the form names. */
  public void importAdminData() {
    String user = admin();
    if (user == null) {
      return;
    }
    report = null;
    Refusals.attempt(
            ADMIN_DATA_FORM,
            "path",
            () -> {
              Path file = adminDataFile(path);
              Map<String, String> names = replicaNames(replicaNames);
              return imports.importAdminData(
                  AdminDataImport.Text.of(file), file.toString(), names, user);
            })
        .ifPresent(
            imported -> {
              report = imported;
              Refusals.info(
                  Texts.text(
                      "adoptArchive.imported",
                      imported.source(),
                      imported.copiesAdded(),
                      imported.copiesUpdated(),
                      imported.refused().size()));
            });
    refresh();
  }

  /** Adopts the directory the form names for its replica. */
  public void adoptDirectory() {
    String user = admin();
    if (user == null) {
      return;
    }
    Refusals.attempt(
            DIRECTORY_FORM,
            "directory",
            () -> {
              if (replica == null || replica.isBlank()) {
                throw new InvalidFieldException(
                    "replica", "Choose a replica; the replicas are " + archive.replicaIds());
              }
              if (directory == null || directory.isBlank()) {
                throw new InvalidFieldException("directory", "'directory' is required");
              }
              return adoption.adoptDirectory(replica.strip(), directory.strip(), user);
            })
        .ifPresent(
            now ->
                Refusals.info(
                    Texts.text(
                        now ? "adoptArchive.adopted" : "adoptArchive.adoptedAlready",
                        directory.strip(),
                        replica)));
    refresh();
  }

  /** The admin's name, or null (and a refusal shown) if the user is no admin. */
  private static String admin() {
    ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
    if (!external.isUserInRole("admin")) {
      Refusals.error(null, null, Texts.text("refusal.role"));
      return null;
    }
    return external.getRemoteUser();
  }

  /**
   * The admin data file on the server.
   *
   * @throws InvalidFieldException for {@code path} if it is no absolute path of a readable file
   */
  static Path adminDataFile(String path) {
    if (path == null || path.isBlank()) {
      throw new InvalidFieldException("path", "'path' is required");
    }
    try {
      Path file = Path.of(path.strip());
      if (file.isAbsolute() && Files.isRegularFile(file) && Files.isReadable(file)) {
        return file;
      }
    } catch (InvalidPathException e) {
      // said below
    }
    throw new InvalidFieldException(
        "path",
        "Admin data file '" + path + "' is not an absolute path of a readable file on the server");
  }

  /**
   * Replica names of the admin data mapped to this archive's, written {@code NAME=REPLICA},
   * separated by commas or new lines.
   *
   * @throws InvalidFieldException for {@code replicas} naming an entry without {@code =}
   */
  static Map<String, String> replicaNames(String text) {
    Map<String, String> names = new LinkedHashMap<>();
    if (text == null) {
      return names;
    }
    for (String entry : text.split("[,\\n]")) {
      String e = entry.strip();
      if (e.isEmpty()) {
        continue;
      }
      int eq = e.indexOf('=');
      if (eq <= 0 || eq == e.length() - 1) {
        throw new InvalidFieldException(
            "replicas",
            "Replica mapping '" + e + "' is not written NAME=REPLICA, e.g. CS_THE_BAMON=TWO");
      }
      names.put(e.substring(0, eq).strip(), e.substring(eq + 1).strip());
    }
    return names;
  }

  /** Reads the adoption again (the page's poll, while the verification runs). */
  public void refresh() {
    overview = null;
    copies = null;
    fileCopies = null;
    failures = null;
  }

  /** Shows the copies of the file the search names. */
  public void findFile() {
    fileCopies = null;
    if (fileName == null || fileName.isBlank()) {
      Refusals.error("list", "fileName", Texts.text("adoptArchive.fileNameRequired"));
      return;
    }
    if (getFileCopies().isEmpty()) {
      Refusals.error("list", "fileName", Texts.text("adoptArchive.noSuchFile", fileName.strip()));
    }
  }

  /** The copies of the file searched for, as recorded and verified. */
  public List<AdoptedCopy> getFileCopies() {
    if (fileName == null || fileName.isBlank()) {
      return List.of();
    }
    if (fileCopies == null) {
      fileCopies = adoption.copiesOf(fileName.strip());
    }
    return fileCopies;
  }

  /** Shows the copies in the verification chosen. */
  public void filter() {
    copies = null;
  }

  private Adoption.Overview overview() {
    if (overview == null) {
      overview = adoption.overview();
    }
    return overview;
  }

  /** Whether the background verification runs (the page then follows it). */
  public boolean isVerifying() {
    return overview().verifying();
  }

  /** The adopted directories. */
  public List<AdoptedDirectory> getDirectories() {
    return overview().directories();
  }

  /** The adopted copies by replica and verification. */
  public List<ReplicaCounts> getCounts() {
    List<ReplicaCounts> counts = new ArrayList<>();
    overview()
        .copies()
        .forEach(
            (id, byState) ->
                counts.add(
                    new ReplicaCounts(
                        id,
                        byState.getOrDefault(Verification.UNVERIFIED.name(), 0L),
                        byState.getOrDefault(Verification.VERIFIED.name(), 0L),
                        byState.getOrDefault(Verification.CORRUPT.name(), 0L),
                        byState.getOrDefault(Verification.MISSING.name(), 0L))));
    return counts;
  }

  private long total(Verification state) {
    return overview().copies().values().stream()
        .mapToLong(
            byState ->
                state == null
                    ? byState.values().stream().mapToLong(Long::longValue).sum()
                    : byState.getOrDefault(state.name(), 0L))
        .sum();
  }

  /** The corrupt copies, then the missing ones (the first of each). */
  public List<AdoptedCopy> getFailures() {
    if (failures == null) {
      List<AdoptedCopy> found =
          new ArrayList<>(adoption.copies(Verification.CORRUPT, 0, FAILURES_SHOWN));
      found.addAll(adoption.copies(Verification.MISSING, 0, FAILURES_SHOWN));
      failures = found;
    }
    return failures;
  }

  /** How many corrupt and missing copies there are. */
  public long getFailureCount() {
    return total(Verification.CORRUPT) + total(Verification.MISSING);
  }

  /** The adopted copies in the verification chosen (all if none), a page at a time. */
  public PagedList<AdoptedCopy> getCopies() {
    if (copies == null) {
      Verification chosen = chosen();
      copies =
          new PagedList<>(
              COPIES_PER_PAGE,
              c -> c.fileName() + " " + c.replica(),
              (page, size) ->
                  new Page<>(
                      adoption.copies(chosen, page * size, size), total(chosen), page, size));
    }
    return copies;
  }

  private Verification chosen() {
    return verification == null || verification.isBlank()
        ? null
        : Verification.valueOf(verification);
  }

  /** The verification states, for the list's filter. */
  public List<String> getVerifications() {
    return Arrays.stream(Verification.values()).map(Enum::name).toList();
  }

  /** A verification state in the page's language. */
  public String label(Verification state) {
    return switch (state) {
      case UNVERIFIED -> Texts.text("adoptArchive.unverified");
      case VERIFIED -> Texts.text("adoptArchive.verified");
      case CORRUPT -> Texts.text("adoptArchive.corrupt");
      case MISSING -> Texts.text("adoptArchive.missing");
    };
  }

  /** As {@link #label(Verification)}, by name. */
  public String labelOf(String state) {
    return label(Verification.valueOf(state));
  }

  public List<String> getReplicas() {
    return archive.replicaIds();
  }

  public ImportReport getReport() {
    return report;
  }

  public String getPath() {
    return path;
  }

  public void setPath(String path) {
    this.path = path;
  }

  public String getReplicaNames() {
    return replicaNames;
  }

  public void setReplicaNames(String replicaNames) {
    this.replicaNames = replicaNames;
  }

  public String getReplica() {
    return replica;
  }

  public void setReplica(String replica) {
    this.replica = replica;
  }

  public String getDirectory() {
    return directory;
  }

  public void setDirectory(String directory) {
    this.directory = directory;
  }

  public String getFileName() {
    return fileName;
  }

  public void setFileName(String fileName) {
    this.fileName = fileName;
  }

  public String getVerification() {
    return verification;
  }

  public void setVerification(String verification) {
    this.verification = verification;
  }
}
