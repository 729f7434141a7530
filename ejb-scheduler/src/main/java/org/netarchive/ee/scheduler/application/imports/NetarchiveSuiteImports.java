package org.netarchive.ee.scheduler.application.imports;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.infrastructure.netarchivesuite.NasHarvestDatabase;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasImportRuns;
import org.netarchive.ee.scheduler.infrastructure.secrets.PasswordSeal;

/**
 * Imports of NetarchiveSuite harvest databases (admin only: it creates templates, which are
 * executable configuration for Heritrix). {@link #start} checks that the database can be opened,
 * records the import and starts its batch job ({@code import-netarchivesuite}, batch-jobs), which a
 * stop of the server does not end: it is resumed at start-up from its last recorded chunk; {@link
 * #status} follows it and, at its end, gives its report, which stays with the import.
 *
 * <p>So that a resumed import can open its source again, the source's password is kept while the
 * import runs, sealed as the domains' crawler passwords are, and removed at its end.
 */
@Stateless
@RolesAllowed("admin")
public class NetarchiveSuiteImports {

  /** Problems listed in a status; the count covers all of them. */
  public static final int STATUS_PROBLEMS = 1000;

  @Inject private NasImportRuns runs;
  @Inject private PasswordSeal seal;
  @Inject private NasImportJobControl jobs;

  /**
   * Starts an import.
   *
   * @return its id
   * @throws InvalidFieldException for {@code url} if the database cannot be opened as a
   *     NetarchiveSuite harvest database (the message says why, never with the password), for
   *     {@code timeZone} if it is not a zone id
   */
  @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
  public long start(NasImportRequest request, String startedBy) throws SQLException {
    if (request.url() == null || request.url().isBlank()) {
      throw new InvalidFieldException(
          "url", "'url' is required: the JDBC URL of the NetarchiveSuite harvest database");
    }
    if (request.timeZone() != null) {
      try {
        ZoneId.of(request.timeZone());
      } catch (DateTimeException e) {
        throw new InvalidFieldException(
            "timeZone",
            "'"
                + request.timeZone()
                + "' is not a time zone id; give one such as UTC or Europe/Copenhagen");
      }
    }
    try (NasHarvestDatabase database =
        NasHarvestDatabase.open(request.url().strip(), request.user(), request.password())) {
      // opened: the URL, the account and the schema are usable
    } catch (IllegalArgumentException e) {
      throw new InvalidFieldException("url", e.getMessage());
    }
    long id =
        runs.start(
            request.url().strip(),
            request.user(),
            request.dryRun(),
            startedBy,
            // also the creation time of what it makes: a resumed import knows its own by it
            Instant.now().truncatedTo(ChronoUnit.MILLIS),
            request.timeZone(),
            null);
    runs.seal(
        id,
        request.password() == null || request.password().isEmpty()
            ? ""
            : seal.seal(NasImportRunner.secretOwner(id), request.password()));
    jobs.start(id);
    return id;
  }

  /** An import's progress and, once done, its report. */
  public Optional<NasImportStatus> status(long id) throws SQLException {
    return runs.find(id, STATUS_PROBLEMS);
  }

  /**
   * The latest imports, newest first, with their state and how many problems they had ({@link
   * #status} gives an import's report).
   *
   * @param max how many, 1 to {@value #STATUS_PROBLEMS}
   */
  public List<NasImportSummary> recent(int max) throws SQLException {
    if (max < 1 || max > STATUS_PROBLEMS) {
      throw new InvalidFieldException(
          "size", "Size must be 1 to " + STATUS_PROBLEMS + ", was " + max);
    }
    return runs.recent(max);
  }

  /**
   * A page of an import's problems, in the order the import met them (a page beyond the first
   * {@value #STATUS_PROBLEMS} that {@link #status} lists).
   *
   * @param first the first problem, from 0
   * @param max how many at most, 1 to {@value #STATUS_PROBLEMS}
   */
  public List<NasImportStatus.Problem> problems(long id, int first, int max) throws SQLException {
    if (first < 0) {
      throw new InvalidFieldException("first", "First must be 0 or more, was " + first);
    }
    if (max < 1 || max > STATUS_PROBLEMS) {
      throw new InvalidFieldException(
          "size", "Size must be 1 to " + STATUS_PROBLEMS + ", was " + max);
    }
    return runs.problems(id, first, max);
  }
}
