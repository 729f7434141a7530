package org.netarchive.ee.scheduler.domain.model.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport.ImportedKey;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport.KnownDomain;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImportReport.Problem;

class HistoryImportTest {

  private static final String HEADER = HistoryCsv.HEADER + "\n";

  /** kb.dk (1) with defaultconfig (11) and deep (12); netarkivet.dk (2) with defaultconfig (21). */
  private static final class Database implements HistoryImport.Target {
    final Map<String, KnownDomain> domains =
        Map.of(
            "kb.dk", new KnownDomain(1, Map.of("defaultconfig", 11L, "deep", 12L)),
            "netarkivet.dk", new KnownDomain(2, Map.of("defaultconfig", 21L)));
    final List<HarvestHistory> stored = new ArrayList<>();
    final Set<ImportedKey> keys = new HashSet<>();
    final List<Integer> batches = new ArrayList<>();

    @Override
    public Map<String, KnownDomain> findDomains(Collection<String> asciiNames) {
      Map<String, KnownDomain> found = new HashMap<>();
      asciiNames.stream()
          .filter(domains::containsKey)
          .forEach(name -> found.put(name, domains.get(name)));
      return found;
    }

    @Override
    public Set<ImportedKey> alreadyImported(Collection<ImportedKey> wanted) {
      Set<ImportedKey> existing = new HashSet<>(wanted);
      existing.retainAll(keys);
      return existing;
    }

    @Override
    public void add(List<HarvestHistory> entries) {
      batches.add(entries.size());
      for (HarvestHistory entry : entries) {
        stored.add(entry);
        keys.add(
            new ImportedKey(
                entry.domainId(),
                entry.importedHarvestName().orElseThrow(),
                entry.importedJobId().orElseThrow()));
      }
    }
  }

  /** What the tests import into, a fresh one for every test. */
  private final Database database = new Database();

  private HistoryImportReport run(String csv) throws IOException {
    return HistoryImport.run(new BufferedReader(new StringReader(csv)), database);
  }

  @Test
  void givenLinesOfExistingConfigurations_whenImported_thenStoredAsImportedEntries()
      throws IOException {
    HistoryImportReport report =
        run(
            HEADER
                + "kb.dk,defaultconfig,Snapshot 2019,4711,2019-03-01T02:00:00Z,18223,1073741824,SIZE_LIMIT\n"
                + "\n"
                + "netarkivet.dk,defaultconfig,Snapshot 2019,4711,2019-03-01T02:00:00Z,312,2048,DOWNLOAD_COMPLETE\n"
                + "kb.dk,deep,Election 2019,4802,2019-06-05T08:30:00Z,99,990,CONFIG_OBJECT_LIMIT\n");

    assertThat(report).isEqualTo(new HistoryImportReport(3, 3, 0, List.of()));
    assertThat(report.complete()).isTrue();
    assertThat(database.stored)
        .extracting(HarvestHistory::configurationId)
        .containsExactly(11L, 21L, 12L);
    HarvestHistory first = database.stored.get(0);
    assertThat(first.isImported()).isTrue();
    assertThat(first.domainId()).isEqualTo(1);
    assertThat(first.importedHarvestName()).contains("Snapshot 2019");
    assertThat(first.importedJobId()).hasValue(4711);
    assertThat(first.objects()).isEqualTo(18223);
    assertThat(first.stopReason()).isEqualTo(StopReason.SIZE_LIMIT);
  }

  @Test
  void givenBadAndUnknownLines_whenImported_thenEachIsReportedInLineOrderAndTheRestIsImported()
      throws IOException {
    HistoryImportReport report =
        run(
            HEADER
                + "kb.dk,defaultconfig,Old,1,2019-01-01T00:00:00Z,1,1,TIME_LIMIT\n"
                + "bbc.co.uk,defaultconfig,Old,1,2019-01-01T00:00:00Z,1,1,TIME_LIMIT\n"
                + "kb.dk,defaultconfig,Old,1,yesterday,1,1,TIME_LIMIT\n"
                + "kb.dk,shallow,Old,1,2019-01-01T00:00:00Z,1,1,TIME_LIMIT\n"
                + "netarkivet.dk,defaultconfig,Old,1,2019-01-01T00:00:00Z,1,1,TIME_LIMIT\n");

    assertThat(report.lines()).isEqualTo(5);
    assertThat(report.imported()).isEqualTo(2);
    assertThat(report.refused()).isEqualTo(3);
    assertThat(report.complete()).isFalse();
    assertThat(report.problems())
        .extracting(Problem::lineNumber, Problem::reason)
        .containsExactly(
            tuple(3L, "there is no domain 'bbc.co.uk'; create it first"),
            tuple(
                4L,
                "started: an ISO-8601 date and time with an offset is required, e.g."
                    + " 2019-03-01T02:00:00Z, not 'yesterday'"),
            tuple(5L, "domain 'kb.dk' has no configuration 'shallow'; create it first"));
    assertThat(report.problems().get(0).input())
        .isEqualTo("bbc.co.uk,defaultconfig,Old,1,2019-01-01T00:00:00Z,1,1,TIME_LIMIT");
  }

  @Test
  void givenALineRepeatingAnEarlierOne_whenImported_thenTheRepeatIsRefused() throws IOException {
    HistoryImportReport report =
        run(
            HEADER
                + "kb.dk,defaultconfig,Old,7,2019-01-01T00:00:00Z,1,1,TIME_LIMIT\n"
                + "kb.dk,deep,Old,7,2019-01-01T00:00:00Z,2,2,TIME_LIMIT\n");

    assertThat(report.imported()).isEqualTo(1);
    assertThat(report.problems())
        .singleElement()
        .isEqualTo(
            new Problem(
                3,
                "kb.dk,deep,Old,7,2019-01-01T00:00:00Z,2,2,TIME_LIMIT",
                "repeats line 2: domain 'kb.dk' in job 7 of harvest 'Old'"));
  }

  @Test
  void givenAFileImportedBefore_whenImportedAgain_thenNothingIsAddedTwice() throws IOException {
    String csv =
        HEADER
            + "kb.dk,defaultconfig,Old,7,2019-01-01T00:00:00Z,1,1,TIME_LIMIT\n"
            + "netarkivet.dk,defaultconfig,Old,7,2019-01-01T00:00:00Z,1,1,TIME_LIMIT\n";
    run(csv);

    HistoryImportReport again =
        run(csv + "kb.dk,defaultconfig,Old,8,2019-01-02T00:00:00Z,1,1,TIME_LIMIT\n");

    assertThat(again.imported()).isEqualTo(1);
    assertThat(again.refused()).isEqualTo(2);
    assertThat(again.problems().get(0).reason())
        .isEqualTo("was imported before: domain 'kb.dk' in job 7 of harvest 'Old'");
    assertThat(database.stored).hasSize(3);
  }

  @Test
  void givenAnEmptyFileOrAnotherHeader_whenImported_thenRefusedAsAWhole() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> run(""))
        .withMessageContaining("the file is empty");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> run("domain;configuration\n"))
        .withMessageContaining("not 'domain;configuration'");
    assertThat(database.stored).isEmpty();
  }

  @Test
  void givenMoreLinesThanAChunk_whenImported_thenStoredChunkByChunk() throws IOException {
    StringBuilder csv = new StringBuilder(HEADER);
    int lines = HistoryImport.CHUNK * 2 + 500;
    for (int job = 1; job <= lines; job++) {
      csv.append("kb.dk,defaultconfig,Old,")
          .append(job)
          .append(",2019-01-01T00:00:00Z,1,1,TIME_LIMIT\n");
    }

    HistoryImportReport report = run(csv.toString());

    assertThat(report.imported()).isEqualTo(lines);
    assertThat(database.batches).containsExactly(HistoryImport.CHUNK, HistoryImport.CHUNK, 500);
  }

  @Test
  void givenMoreBadLinesThanAReportLists_whenImported_thenAllAreCountedAndTheFirstListed()
      throws IOException {
    StringBuilder csv = new StringBuilder(HEADER);
    int bad = HistoryImportReport.MAX_PROBLEMS + 5;
    for (int i = 0; i < bad; i++) {
      csv.append("not a line\n");
    }

    HistoryImportReport report = run(csv.toString());

    assertThat(report.refused()).isEqualTo(bad);
    assertThat(report.problems()).hasSize(HistoryImportReport.MAX_PROBLEMS);
    assertThat(report.problems().get(0).lineNumber()).isEqualTo(2);
  }
}
