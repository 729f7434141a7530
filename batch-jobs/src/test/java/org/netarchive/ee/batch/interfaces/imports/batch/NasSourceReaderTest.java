package org.netarchive.ee.batch.interfaces.imports.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.batch.testing.Injection;
import org.netarchive.ee.scheduler.application.imports.NasImportPage;
import org.netarchive.ee.scheduler.application.imports.NasImportSteps;

class NasSourceReaderTest {

  /** Source ids with gaps, as NetarchiveSuite's domain ids after deletions. */
  private final List<Long> source = LongStream.rangeClosed(1, 25).map(i -> i * 3).boxed().toList();

  private final FakeNasImportSteps steps = new FakeNasImportSteps(source, 10);

  private NasSourceReader reader() {
    NasSourceReader reader =
        Injection.inject(
            new NasSourceReader(), "runId", "7", "step", NasImportSteps.DOMAINS, "steps", steps);
    return reader;
  }

  /** Reads and writes chunks as the batch runtime does; stops after {@code limit} chunks. */
  private List<NasImportPage> run(NasSourceReader reader, int limit) throws Exception {
    NasChunkWriter writer = Injection.inject(new NasChunkWriter(), "steps", steps);
    List<NasImportPage> pages = new ArrayList<>();
    for (int i = 0; i < limit; i++) {
      NasImportPage page = (NasImportPage) reader.readItem();
      if (page == null) {
        break;
      }
      writer.writeItems(List.of(page));
      pages.add(page);
    }
    return pages;
  }

  @Test
  void givenAFreshStep_whenRead_thenChunksInKeyOrderUntilTheEndAndTheStepEnds() throws Exception {
    NasSourceReader reader = reader();
    reader.open(null);

    List<NasImportPage> pages = run(reader, 100);
    reader.close();

    assertThat(pages).extracting(NasImportPage::position).containsExactly(30L, 60L, 75L);
    assertThat(steps.readFrom).containsExactly(Long.MIN_VALUE, 30L, 60L, 75L);
    assertThat(steps.written).isEqualTo(source);
    assertThat(steps.ended).contains(NasImportSteps.DOMAINS);
    assertThat(reader.checkpointInfo()).isEqualTo(75L);
    assertThat(steps.closed).isEqualTo(steps.opened);
  }

  @Test
  void givenACrashAfterTwoChunks_whenANewJobReads_thenItGoesOnAfterTheLastWrittenChunk()
      throws Exception {
    NasSourceReader first = reader();
    first.open(null);
    run(first, 2);
    // the crash: the reader's chunk in flight (read, not written) is lost with the server
    first.readItem();

    NasSourceReader second = reader();
    second.open(null);
    List<NasImportPage> rest = run(second, 100);

    assertThat(rest.get(0).rows()).first().isEqualTo(63L);
    assertThat(steps.written).isEqualTo(source);
    assertThat(steps.written).doesNotHaveDuplicates();
  }

  @Test
  void givenAnEndedStep_whenAResumedJobReadsIt_thenNothingIsReadAgain() throws Exception {
    steps.ended.add(NasImportSteps.DOMAINS);
    NasSourceReader reader = reader();
    reader.open(75L);

    assertThat(reader.readItem()).isNull();
    assertThat(steps.readFrom).isEmpty();
    assertThat(steps.written).isEmpty();
  }

  @Test
  void givenNoImportId_whenOpened_thenRefusedNamingTheParameter() {
    NasSourceReader reader =
        Injection.inject(new NasSourceReader(), "runId", "x", "step", "domains", "steps", steps);

    assertThatThrownBy(() -> reader.open(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("runId")
        .hasMessageContaining("'x'");
  }
}
