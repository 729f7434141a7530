package org.netarchive.ee.batch.interfaces.domains.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.batch.interfaces.lists.batch.ListLine;
import org.netarchive.ee.batch.testing.FakeBatchContext;
import org.netarchive.ee.batch.testing.Injection;
import org.netarchive.ee.scheduler.application.domain.DomainBulkCreationRuns;
import org.netarchive.ee.scheduler.domain.model.domain.BulkCreationReport.Problem;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;

class NewDomainWriterTest {

  /** Domains and bookkeeping in memory. */
  private static final class FakeRuns extends DomainBulkCreationRuns {
    final Set<String> existing = new HashSet<>();
    final List<String> started = new ArrayList<>();
    final List<String> created = new ArrayList<>();
    final List<String> chunks = new ArrayList<>();
    final List<List<Problem>> problems = new ArrayList<>();

    @Override
    public void start(
        long jobInstanceId, String sourceName, long totalLines, String startedBy, Instant now) {
      assertThat(now).isCloseTo(Instant.now(), within(1, ChronoUnit.MINUTES));
      started.add(jobInstanceId + " " + sourceName + " " + totalLines + " " + startedBy);
    }

    @Override
    public Set<String> existingNames(Collection<String> asciiNames) {
      Set<String> found = new HashSet<>(asciiNames);
      found.retainAll(existing);
      return found;
    }

    @Override
    public long[] create(
        List<DomainName> names, long templateId, CrawlSettings settings, Instant now) {
      assertThat(settings).isEqualTo(CrawlSettings.defaults());
      for (DomainName name : names) {
        created.add(name.ascii() + " template " + templateId);
        existing.add(name.ascii());
      }
      return new long[names.size()];
    }

    @Override
    public void recordChunk(
        long jobInstanceId,
        long lastLine,
        int created,
        int alreadyExisting,
        List<Problem> problems) {
      chunks.add(
          jobInstanceId
              + ": to line "
              + lastLine
              + ", "
              + created
              + " new, "
              + alreadyExisting
              + " existing");
      this.problems.add(problems);
    }
  }

  private final FakeRuns runs = new FakeRuns();
  private final DomainLineValidator validator = new DomainLineValidator();

  private NewDomainWriter writer(String sourceName, String totalLines, String startedBy) {
    return Injection.inject(
        new NewDomainWriter(),
        "templateId",
        "4",
        "sourceName",
        sourceName,
        "totalLines",
        totalLines,
        "startedBy",
        startedBy,
        "job",
        new FakeBatchContext("create-domains", 17),
        "runs",
        runs);
  }

  private List<Object> lines(String... texts) {
    List<Object> lines = new ArrayList<>();
    long number = 0;
    for (String text : texts) {
      number++;
      if (text != null) {
        lines.add(validator.processItem(new ListLine(number, text)));
      }
    }
    return lines;
  }

  @Test
  void givenAJob_whenOpened_thenItsRunIsStartedWithItsParametersOrTheirDefaults() throws Exception {
    writer("domains.txt", "12", "alice").open(null);
    writer(null, null, null).open(null);

    assertThat(runs.started).containsExactly("17 domains.txt 12 alice", "17 domain list 0 system");
  }

  @Test
  void givenAChunk_whenWritten_thenNewNamesAreCreatedAndBadRepeatedAndExistingOnesNamedByLine()
      throws Exception {
    runs.existing.add("netarkivet.dk");
    NewDomainWriter writer = writer("domains.txt", "7", "alice");
    writer.open(null);

    writer.writeItems(
        lines("kb.dk", "www.kb.dk", "netarkivet.dk", null, "KB.dk", "sb.dk", "not a domain"));

    assertThat(runs.created).containsExactly("kb.dk template 4", "sb.dk template 4");
    assertThat(runs.chunks).containsExactly("17: to line 7, 2 new, 2 existing");
    List<Problem> problems = runs.problems.get(0);
    assertThat(problems).extracting(Problem::lineNumber).containsExactly(2L, 3L, 5L, 7L);
    assertThat(problems.get(0).input()).isEqualTo("www.kb.dk");
    assertThat(problems.get(0).reason()).contains("below the domain 'kb.dk'");
    assertThat(problems.get(1))
        .isEqualTo(new Problem(3, "netarkivet.dk", DomainBulkCreationRuns.EXISTS));
    assertThat(problems.get(2))
        .isEqualTo(new Problem(5, "KB.dk", DomainBulkCreationRuns.REPEATED + " (1)"));
    assertThat(problems.get(3).input()).isEqualTo("not a domain");
  }

  @Test
  void givenALaterChunk_whenItNamesDomainsMadeByAnEarlierOne_thenTheyAreExisting()
      throws Exception {
    NewDomainWriter writer = writer("domains.txt", "4", "alice");
    writer.open(null);

    writer.writeItems(lines("kb.dk", "sb.dk"));
    writer.writeItems(new ArrayList<>(List.of(validator.processItem(new ListLine(3, "kb.dk")))));

    assertThat(runs.chunks)
        .containsExactly("17: to line 2, 2 new, 0 existing", "17: to line 3, 0 new, 1 existing");
    assertThat(runs.problems.get(1))
        .containsExactly(new Problem(3, "kb.dk", DomainBulkCreationRuns.EXISTS));
  }
}
