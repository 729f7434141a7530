package org.netarchive.ee.scheduler.application.history;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.PageRequest;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainConfiguration;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.domain.DomainRepository;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinition;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestDefinitionRepository;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistory;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistoryRepository;
import org.netarchive.ee.scheduler.domain.model.history.HistoryCsv;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImportReport;

/**
 * The harvest history: read by domain by everyone; loaded from an earlier system's CSV file ({@link
 * HistoryCsv}) by curators and admins. An import refuses bad lines one by one, with their number
 * and the reason, and stores the others; importing the same file again adds nothing.
 */
@Stateless
@RolesAllowed({"admin", "curator", "viewer"})
public class HistoryService {

  /** The field an unreadable file is refused as. */
  public static final String FILE_FIELD = "file";

  @Inject private HarvestHistoryRepository history;
  @Inject private HistoryImport.Target importTarget;
  @Inject private DomainRepository domains;
  @Inject private HarvestDefinitionRepository harvests;

  public HistoryService() {}

  /** A service outside the container, e.g. in a test. */
  HistoryService(
      HarvestHistoryRepository history,
      HistoryImport.Target importTarget,
      DomainRepository domains,
      HarvestDefinitionRepository harvests) {
    this.history = history;
    this.importTarget = importTarget;
    this.domains = domains;
    this.harvests = harvests;
  }

  /**
   * Imports a harvest history file, in this transaction.
   *
   * @param csv the file, UTF-8, starting with the header {@link HistoryCsv#HEADER}
   * @return how many lines were read, imported and refused, and why lines were refused
   * @throws InvalidFieldException for {@value #FILE_FIELD} if the file does not start with the
   *     header
   */
  @RolesAllowed({"admin", "curator"})
  public HistoryImportReport importCsv(InputStream csv) {
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(csv, StandardCharsets.UTF_8))) {
      return HistoryImport.run(reader, importTarget);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the harvest history file: " + e.getMessage(), e);
    } catch (InvalidFieldException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      // Lines are refused one by one inside the import; only the header fails the whole file.
      throw new InvalidFieldException(FILE_FIELD, e.getMessage(), e);
    }
  }

  /** One page of a domain's history, of all its configurations, newest first. */
  public Page<HistoryEntryView> forDomain(String domainName, int page, int size) {
    PageRequest request = new PageRequest(page, size);
    Domain domain = find(domainName);
    Map<Long, String> configurations = new HashMap<>();
    for (DomainConfiguration c : domain.configurations()) {
      configurations.put(c.id(), c.name());
    }
    Map<Long, String> harvestNames = new HashMap<>();
    return history
        .forDomain(domain.id(), request.page(), request.size())
        .map(entry -> view(entry, configurations, harvestNames));
  }

  private HistoryEntryView view(
      HarvestHistory entry, Map<Long, String> configurations, Map<Long, String> harvestNames) {
    String harvest;
    long job;
    if (entry.isImported()) {
      harvest = entry.importedHarvestName().orElseThrow();
      job = entry.importedJobId().orElseThrow();
    } else {
      long harvestId = entry.harvestId().orElseThrow();
      harvest =
          harvestNames.computeIfAbsent(
              harvestId,
              id -> harvests.find(id).map(HarvestDefinition::name).orElse("harvest " + id));
      job = entry.jobId().orElseThrow();
    }
    return new HistoryEntryView(
        configurations.getOrDefault(
            entry.configurationId(), "configuration " + entry.configurationId()),
        harvest,
        job,
        entry.isImported(),
        entry.startedAt(),
        entry.objects(),
        entry.bytes(),
        entry.stopReason(),
        entry.duplicateObjects(),
        entry.duplicateBytes());
  }

  private Domain find(String name) {
    DomainName domainName;
    try {
      domainName = DomainName.of(name);
    } catch (IllegalArgumentException e) {
      throw new NotFoundException("No domain named '" + name + "'");
    }
    return domains
        .findByName(domainName)
        .orElseThrow(() -> new NotFoundException("No domain named '" + name + "'"));
  }
}
