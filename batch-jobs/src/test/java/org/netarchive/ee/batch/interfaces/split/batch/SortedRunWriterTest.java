package org.netarchive.ee.batch.interfaces.split.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.batch.interfaces.split.batch.SplitItems.item;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.batch.testing.FakeStepContext;
import org.netarchive.ee.scheduler.domain.model.job.SplitItem;

class SortedRunWriterTest {

  private static final String DATA_DIR = "jboss.server.data.dir";

  @TempDir Path dataDirectory;
  private String dataDirectoryBefore;

  @BeforeEach
  void useTemporaryDataDirectory() {
    dataDirectoryBefore = System.getProperty(DATA_DIR);
    System.setProperty(DATA_DIR, dataDirectory.toString());
  }

  @AfterEach
  void restoreDataDirectory() {
    SortedRunsTest.restore(DATA_DIR, dataDirectoryBefore);
  }

  private static List<SplitItem> mergeAll(SortedRuns runs) throws Exception {
    List<SplitItem> items = new ArrayList<>();
    try (SortedRuns.Merge merge = runs.merge()) {
      for (SplitItem item = merge.next(); item != null; item = merge.next()) {
        items.add(item);
      }
    }
    return items;
  }

  /** Writes one chunk as the step does: the reader's last id is in the step's user data. */
  private static void writeChunk(
      SortedRunWriter writer, FakeStepContext step, long lastRead, SplitItem... items)
      throws Exception {
    step.setTransientUserData(lastRead);
    writer.writeItems(new ArrayList<>(List.of(items)));
  }

  @Test
  void givenChunks_whenWritten_thenEachIsARunCoveringUpToTheLastIdRead() throws Exception {
    FakeStepContext step = new FakeStepContext("estimate");
    SortedRunWriter writer = new SortedRunWriter(" 42 ", step);
    writer.open(null);

    writeChunk(writer, step, 3, item(1, 5), item(3, 9));
    writeChunk(writer, step, 8); // configurations 4 to 8 were all left out
    writeChunk(writer, step, 12, item(10, 7), item(12, 1));

    SortedRuns runs = SortedRuns.of(42);
    assertThat(runs.lastCoveredConfigurationId()).isEqualTo(12);
    assertThat(runs.itemCount()).isEqualTo(4);
    assertThat(mergeAll(runs)).containsExactly(item(3, 9), item(10, 7), item(1, 5), item(12, 1));
    assertThat(runs.directory())
        .isDirectoryContaining(p -> p.getFileName().toString().equals("0000000000000000001.run"))
        .isDirectoryContaining(p -> p.getFileName().toString().equals("0000000000000000004.run"))
        .isDirectoryContaining(p -> p.getFileName().toString().equals("0000000000000000009.run"));
  }

  @Test
  void givenRunsFromAnEarlierExecution_whenRestarted_thenTheNextRunStartsAfterThem()
      throws Exception {
    FakeStepContext step = new FakeStepContext("estimate");
    SortedRunWriter first = new SortedRunWriter("42", step);
    first.open(null);
    writeChunk(first, step, 5, item(2, 5), item(5, 6));

    SortedRunWriter restarted = new SortedRunWriter("42", step);
    restarted.open(4L); // the batch checkpoint does not matter: the run files say what is done
    writeChunk(restarted, step, 9, item(7, 1));

    SortedRuns runs = SortedRuns.of(42);
    assertThat(runs.directory())
        .isDirectoryContaining(p -> p.getFileName().toString().equals("0000000000000000006.run"));
    assertThat(mergeAll(runs)).containsExactly(item(5, 6), item(2, 5), item(7, 1));
    assertThat(runs.lastCoveredConfigurationId()).isEqualTo(9);
  }
}
