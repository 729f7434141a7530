package org.netarchive.ee.scheduler.domain.model.history;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Loads harvest history from an earlier system ({@link HistoryCsv} format) into the history of
 * existing domain configurations.
 *
 * <p>Every line is checked; a bad line is reported with its number and the reason, and the import
 * goes on. A line is also refused, not imported, if its domain or its configuration does not exist
 * (they are never created), if it repeats an earlier line (same domain, harvest and job), or if it
 * was imported before, so that importing a file again, after fixing it or after an interruption,
 * adds only the lines that are missing. Lines are read, matched and stored in chunks of {@value
 * #CHUNK}, so a file of any length takes little memory.
 */
public final class HistoryImport {

  /** Lines matched and stored at a time. */
  public static final int CHUNK = 1000;

  private static final int MAX_INPUT = 1000;

  private final Target target;
  private final List<HistoryImportReport.Problem> problems = new ArrayList<>();
  private final List<HistoryImportReport.Problem> chunkProblems = new ArrayList<>();
  private final List<Parsed> pending = new ArrayList<>();
  private long lines;
  private int linesInChunk;
  private long imported;
  private long refused;

  private HistoryImport(Target target) {
    this.target = target;
  }

  /**
   * Imports a file.
   *
   * @param csv the file, positioned at its header
   * @param target where domains are looked up and entries stored
   * @return what was imported and what was refused, and why
   * @throws IllegalArgumentException if the file does not start with {@link HistoryCsv#HEADER}
   * @throws IOException if the file cannot be read
   */
  public static HistoryImportReport run(BufferedReader csv, Target target) throws IOException {
    HistoryCsv.checkHeader(csv.readLine());
    HistoryImport run = new HistoryImport(target);
    long lineNumber = 1;
    String line;
    while ((line = csv.readLine()) != null) {
      lineNumber++;
      if (!line.isBlank()) {
        run.read(lineNumber, line);
      }
    }
    run.store();
    return new HistoryImportReport(run.lines, run.imported, run.refused, run.problems);
  }

  private void read(long lineNumber, String line) {
    lines++;
    try {
      pending.add(new Parsed(lineNumber, line, HistoryCsv.parse(line)));
    } catch (IllegalArgumentException e) {
      refuse(lineNumber, line, e.getMessage());
    }
    if (++linesInChunk == CHUNK) {
      store();
    }
  }

  /** Matches and stores the pending lines, then lists the chunk's problems in line order. */
  private void store() {
    if (!pending.isEmpty()) {
      match();
      pending.clear();
    }
    chunkProblems.sort(Comparator.comparingLong(HistoryImportReport.Problem::lineNumber));
    for (HistoryImportReport.Problem problem : chunkProblems) {
      if (problems.size() < HistoryImportReport.MAX_PROBLEMS) {
        problems.add(problem);
      }
    }
    chunkProblems.clear();
    linesInChunk = 0;
  }

  private void match() {
    Set<String> names = new LinkedHashSet<>();
    pending.forEach(p -> names.add(p.line().domain().ascii()));
    Map<String, KnownDomain> domains = target.findDomains(names);

    Map<ImportedKey, Parsed> matched = new HashMap<>();
    List<Matched> entries = new ArrayList<>();
    for (Parsed parsed : pending) {
      HistoryLine line = parsed.line();
      KnownDomain domain = domains.get(line.domain().ascii());
      if (domain == null) {
        refuse(parsed, "there is no domain '" + line.domain() + "'; create it first");
        continue;
      }
      Long configurationId = domain.configurationIds().get(line.configuration());
      if (configurationId == null) {
        refuse(
            parsed,
            "domain '"
                + line.domain()
                + "' has no configuration '"
                + line.configuration()
                + "'; create it first");
        continue;
      }
      ImportedKey key = new ImportedKey(domain.id(), line.harvest(), line.job());
      Parsed earlier = matched.putIfAbsent(key, parsed);
      if (earlier != null) {
        refuse(parsed, "repeats line " + earlier.lineNumber() + ": " + line.describe());
        continue;
      }
      entries.add(new Matched(parsed, key, domain.id(), configurationId));
    }

    Set<ImportedKey> existing =
        entries.isEmpty() ? Set.of() : target.alreadyImported(matched.keySet());
    List<HarvestHistory> stored = new ArrayList<>();
    for (Matched entry : entries) {
      HistoryLine line = entry.parsed().line();
      if (existing.contains(entry.key())) {
        refuse(entry.parsed(), "was imported before: " + line.describe());
        continue;
      }
      stored.add(
          HarvestHistory.imported(
              entry.domainId(),
              entry.configurationId(),
              line.harvest(),
              line.job(),
              line.started(),
              line.objects(),
              line.bytes(),
              line.stopReason()));
    }
    if (!stored.isEmpty()) {
      target.add(stored);
      imported += stored.size();
    }
  }

  private void refuse(Parsed parsed, String reason) {
    refuse(parsed.lineNumber(), parsed.input(), reason);
  }

  private void refuse(long lineNumber, String input, String reason) {
    refused++;
    String kept = input.length() <= MAX_INPUT ? input : input.substring(0, MAX_INPUT);
    chunkProblems.add(new HistoryImportReport.Problem(lineNumber, kept, reason));
  }

  private record Parsed(long lineNumber, String input, HistoryLine line) {}

  private record Matched(Parsed parsed, ImportedKey key, long domainId, long configurationId) {}

  /**
   * Where an import looks up domains and stores entries; the import's transaction is the caller's.
   */
  public interface Target {

    /**
     * The domains of these names that exist, with their configurations.
     *
     * @param asciiNames ASCII domain names
     * @return by ASCII name; names that are no domain are absent
     */
    Map<String, KnownDomain> findDomains(Collection<String> asciiNames);

    /** Which of these imported entries are stored already. */
    Set<ImportedKey> alreadyImported(Collection<ImportedKey> keys);

    /** Stores new imported entries. */
    void add(List<HarvestHistory> entries);
  }

  /**
   * A domain that exists.
   *
   * @param id its id
   * @param configurationIds its configurations' ids by name
   */
  public record KnownDomain(long id, Map<String, Long> configurationIds) {
    public KnownDomain {
      configurationIds = Map.copyOf(configurationIds);
    }
  }

  /**
   * What identifies an imported entry: a domain in a job of a harvest of the earlier system.
   *
   * @param domainId the domain's id
   * @param harvestName the earlier system's harvest name
   * @param jobNumber the earlier system's job number
   */
  public record ImportedKey(long domainId, String harvestName, long jobNumber) {}
}
