package org.netarchive.ee.scheduler.application.imports;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.infrastructure.netarchivesuite.NasHarvestDatabase;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.NasImportRuns;

/**
 * Imports of NetarchiveSuite harvest databases (admin only: it creates templates, which are
 * executable configuration for Heritrix). {@link #start} checks that the database can be opened,
 * records the import and runs it in the background; {@link #status} follows it and, at its end,
 * gives its report, which stays with the import.
 */
@Stateless
@RolesAllowed("admin")
public class NetarchiveSuiteImports {

  /** Problems listed in a status; the count covers all of them. */
  public static final int STATUS_PROBLEMS = 1000;

  @Inject private NasImportRuns runs;
  @EJB private NasImportRunner runner;

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
            request.url().strip(), request.user(), request.dryRun(), startedBy, Instant.now());
    runner.run(id, request, startedBy);
    return id;
  }

  /** An import's progress and, once done, its report. */
  public Optional<NasImportStatus> status(long id) throws SQLException {
    return runs.find(id, STATUS_PROBLEMS);
  }
}
