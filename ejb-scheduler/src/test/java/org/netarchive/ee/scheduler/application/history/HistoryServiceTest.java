package org.netarchive.ee.scheduler.application.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.harvest.InMemoryDomainRepository;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.history.HistoryCsv;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImportReport;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;

class HistoryServiceTest {

  private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");

  private final InMemoryDomainRepository domains = new InMemoryDomainRepository();
  private final InMemoryHistory history = new InMemoryHistory(domains);
  private final HistoryService service = new HistoryService(history, history, domains, null);

  @BeforeEach
  void kbExists() {
    domains.add(Domain.create(DomainName.of("kb.dk"), 1, CrawlSettings.defaults(), NOW));
  }

  private static InputStream csv(String... lines) {
    return new ByteArrayInputStream(
        (HistoryCsv.HEADER + "\n" + String.join("\n", lines)).getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void givenGoodBadAndUnknownDomainLines_whenImporting_thenGoodOnesStoredOthersReportedByLine() {
    HistoryImportReport report =
        service.importCsv(
            csv(
                "kb.dk,defaultconfig,Snapshot 2019,4711,2019-03-01T02:00:00Z,18223,1073741824,"
                    + "SIZE_LIMIT",
                "kb.dk,defaultconfig,Snapshot 2019,4712,yesterday,1,1,SIZE_LIMIT",
                "nowhere.dk,defaultconfig,Snapshot 2019,4711,2019-03-01T02:00:00Z,1,1,"
                    + "DOWNLOAD_COMPLETE"));

    assertThat(report.lines()).isEqualTo(3);
    assertThat(report.imported()).isEqualTo(1);
    assertThat(report.refused()).isEqualTo(2);
    assertThat(report.problems())
        .extracting(HistoryImportReport.Problem::lineNumber)
        .containsExactly(3L, 4L);
    assertThat(report.problems().get(0).reason()).startsWith("started:");
    assertThat(report.problems().get(1).reason()).contains("there is no domain 'nowhere.dk'");

    List<HistoryEntryView> entries = service.forDomain("KB.dk", 0, 10).items();
    assertThat(entries)
        .containsExactly(
            new HistoryEntryView(
                "defaultconfig",
                "Snapshot 2019",
                4711,
                true,
                Instant.parse("2019-03-01T02:00:00Z"),
                18223,
                1073741824,
                StopReason.SIZE_LIMIT,
                0,
                0));
  }

  @Test
  void givenAFileImportedBefore_whenImportingAgain_thenNothingIsAdded() {
    String line =
        "kb.dk,defaultconfig,Snapshot 2019,4711,2019-03-01T02:00:00Z,18223,1073741824,SIZE_LIMIT";
    service.importCsv(csv(line));

    HistoryImportReport again = service.importCsv(csv(line));

    assertThat(again.imported()).isZero();
    assertThat(again.refused()).isEqualTo(1);
    assertThat(again.problems().get(0).reason()).startsWith("was imported before");
    assertThat(service.forDomain("kb.dk", 0, 10).total()).isEqualTo(1);
  }

  @Test
  void givenAFileWithoutTheHeader_whenImporting_thenTheFileIsRefused() {
    InvalidFieldException e =
        catchThrowableOfType(
            InvalidFieldException.class,
            () ->
                service.importCsv(
                    new ByteArrayInputStream(
                        "kb.dk,defaultconfig".getBytes(StandardCharsets.UTF_8))));

    assertThat(e.field()).isEqualTo(HistoryService.FILE_FIELD);
    assertThat(e).hasMessageStartingWith("A harvest history file starts with the line");
  }

  @Test
  void givenAnUnknownDomain_whenReadingItsHistory_thenNotFound() {
    assertThatExceptionOfType(NotFoundException.class)
        .isThrownBy(() -> service.forDomain("nowhere.dk", 0, 10))
        .withMessage("No domain named 'nowhere.dk'");
  }
}
