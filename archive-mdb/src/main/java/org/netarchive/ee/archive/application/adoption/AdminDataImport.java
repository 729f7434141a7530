package org.netarchive.ee.archive.application.adoption;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.domain.model.adoption.AdminDataLine;
import org.netarchive.ee.archive.domain.model.adoption.AdminDataReader;
import org.netarchive.ee.archive.domain.model.adoption.AdminDataSource;
import org.netarchive.ee.archive.domain.model.adoption.MalformedAdminDataException;
import org.netarchive.ee.archive.domain.model.adoption.ReplicaKeys;
import org.netarchive.ee.archive.infrastructure.netarchivesuite.NasAdminDatabase;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;

/**
 * Imports the admin data of a NetarchiveSuite ArcRepository, from its {@code admin.data} file or
 * its admin database: every file with its MD5 and its upload state on each replica becomes an
 * adopted copy to verify.
 *
 * <p>The source is read twice: first through to its end to refuse it whole if a line is malformed
 * or names a replica this archive does not have (so nothing of a bad file is half imported), then
 * in chunks of {@value #CHUNK} lines, each in a transaction of its own. Importing the same file
 * again changes nothing; a later admin data file updates the states of copies not verified yet.
 */
@PermitAll
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class AdminDataImport {

  private static final Logger LOG = Logger.getLogger(AdminDataImport.class.getName());
  private static final int CHUNK = 1000;

  /** Opens the admin data's text, again for each pass. */
  @FunctionalInterface
  public interface Text {
    BufferedReader open() throws IOException;

    /** A file on this server. */
    static Text of(Path file) {
      return () -> Files.newBufferedReader(file, StandardCharsets.UTF_8);
    }

    /** Text given in the request. */
    static Text of(String text) {
      return () -> new BufferedReader(new StringReader(text));
    }
  }

  /** Opens an admin data source, again for each pass. */
  @FunctionalInterface
  public interface Source {
    AdminDataSource open() throws IOException;
  }

  @Inject private ArchiveSettings settings;
  @Inject private PreservationRecords ledger;
  @EJB private AdoptionChunks chunks;
  @EJB private Adoption adoption;

  /**
   * Imports admin data and wakes the verification.
   *
   * @param text the admin data
   * @param source how it is named in the report and messages
   * @param replicaMap admin data replica names mapped to this archive's replicas (may be empty;
   *     {@code <ENV>_<ID>_THE_BAMON} and plain ids are recognised without it)
   * @param actor who imports
   * @return the report
   * @throws MalformedAdminDataException naming the first line that is malformed or names an unknown
   *     replica; nothing is imported then
   * @throws IllegalArgumentException if the file cannot be read or the mapping names an unknown
   *     replica
   */
  public ImportReport importAdminData(
      Text text, String source, Map<String, String> replicaMap, String actor) {
    return importFrom(() -> new AdminDataReader(text.open(), source), source, replicaMap, actor);
  }

  /**
   * Imports the admin database of a NetarchiveSuite installation (its database-based ArcRepository
   * admin: tables {@code file}, {@code replica}, {@code replicafileinfo}) and wakes the
   * verification. Files whose replicas disagree on their checksum, or that have none, are listed as
   * refused; nothing else of them is imported.
   *
   * @param url its {@code jdbc:postgresql:} URL
   * @param replicaMap its replica ids mapped to this archive's replicas (may be empty: the same ids
   *     need no mapping)
   * @throws MalformedAdminDataException naming the file_id of the first file on an unknown replica;
   *     nothing is imported then
   * @throws IllegalArgumentException if the database cannot be opened (the message names the URL,
   *     never the password)
   */
  public ImportReport importAdminDatabase(
      String url, String user, String password, Map<String, String> replicaMap, String actor) {
    if (url == null || url.isBlank()) {
      throw new AdoptionRefused(
          new IllegalArgumentException(
              "'url' is required: the JDBC URL of the NetarchiveSuite admin database"));
    }
    return importFrom(
        () -> NasAdminDatabase.open(url.strip(), user, password),
        NasAdminDatabase.sourceName(url.strip()),
        replicaMap,
        actor);
  }

  private ImportReport importFrom(
      Source opener, String source, Map<String, String> replicaMap, String actor) {
    try {
      return importChecked(opener, source, replicaMap, actor);
    } catch (AdoptionRefused e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw new AdoptionRefused(e);
    }
  }

  private ImportReport importChecked(
      Source opener, String source, Map<String, String> replicaMap, String actor) {
    ReplicaKeys keys = new ReplicaKeys(settings.replicaIds(), replicaMap);
    String version;
    long lines = 0;
    try (AdminDataSource reader = opener.open()) {
      version = reader.version();
      Optional<AdminDataLine> line;
      while ((line = reader.next()).isPresent()) {
        lines++;
        for (AdminDataLine.ReplicaState state : line.get().replicas()) {
          if (keys.replicaOf(state.replicaKey()).isEmpty()) {
            throw new MalformedAdminDataException(
                source,
                reader.position(),
                line.get().number(),
                line.get().fileName() + " ... " + state.replicaKey(),
                "replica '"
                    + state.replicaKey()
                    + "' is none of this archive's replicas "
                    + settings.replicaIds()
                    + "; map it to one (replicas: {\""
                    + state.replicaKey()
                    + "\": \"<replica>\"})");
          }
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "Cannot read admin data " + source + ": " + e.getMessage(), e);
    }

    Instant now = Instant.now();
    long added = 0;
    long updated = 0;
    long unchanged = 0;
    List<String> refused = new ArrayList<>();
    try (AdminDataSource reader = opener.open()) {
      List<AdminDataLine> chunk = new ArrayList<>(CHUNK);
      Optional<AdminDataLine> line;
      do {
        line = reader.next();
        line.ifPresent(chunk::add);
        if (chunk.size() == CHUNK || (line.isEmpty() && !chunk.isEmpty())) {
          AdoptionChunks.ChunkResult result =
              chunks.importLines(chunk, keys, now, reader.position());
          added += result.added();
          updated += result.updated();
          unchanged += result.unchanged();
          refused.addAll(result.refused());
          chunk.clear();
        }
      } while (line.isPresent());
      refused.addAll(reader.skipped());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read admin data " + source + " again: " + e.getMessage(), e);
    }
    ImportReport report =
        new ImportReport(source, version, lines, added, updated, unchanged, refused);
    try {
      ledger.record(
          Instant.now(),
          "ADMIN_DATA_IMPORTED",
          actor,
          null,
          null,
          null,
          null,
          null,
          String.format(
              "%s (version %s): %d lines, %d copies added, %d updated, %d unchanged, %d lines"
                  + " refused",
              source, version, lines, added, updated, unchanged, refused.size()));
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot write the ledger: " + e.getMessage(), e);
    }
    LOG.info(
        () ->
            "Imported admin data "
                + source
                + ": "
                + report.lines()
                + " lines, "
                + report.copiesAdded()
                + " copies added, "
                + report.refused().size()
                + " lines refused");
    adoption.wake();
    return report;
  }
}
