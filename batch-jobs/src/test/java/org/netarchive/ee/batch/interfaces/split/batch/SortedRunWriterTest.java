package org.netarchive.ee.batch.interfaces.split.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.batch.interfaces.split.batch.SplitItems.item;
import static org.netarchive.ee.batch.interfaces.split.batch.SplitItems.merged;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.netarchive.ee.batch.testing.FakeBatchContext;
import org.netarchive.ee.batch.testing.Injection;
import org.netarchive.ee.scheduler.domain.model.job.SplitItem;

class SortedRunWriterTest {

  @RegisterExtension final SplitDataDirectory data = new SplitDataDirectory();

  private final FakeBatchContext step = new FakeBatchContext("estimate", 1);

  private SortedRunWriter openWriter(String splitId, Long checkpoint) throws Exception {
    SortedRunWriter writer =
        Injection.inject(new SortedRunWriter(), "splitId", splitId, "step", step);
    writer.open(checkpoint);
    return writer;
  }

  /** Writes one chunk as the step does: the reader's last id is in the step's user data. */
  private void writeChunk(SortedRunWriter writer, long lastRead, SplitItem... items)
      throws Exception {
    step.setTransientUserData(lastRead);
    writer.writeItems(new ArrayList<>(List.of(items)));
  }

  private static boolean named(Path file, String name) {
    return file.getFileName().toString().equals(name);
  }

  @Test
  void givenChunks_whenWritten_thenEachIsARunCoveringUpToTheLastIdRead() throws Exception {
    SortedRunWriter writer = openWriter(" 42 ", null);

    writeChunk(writer, 3, item(1, 5), item(3, 9));
    writeChunk(writer, 8); // configurations 4 to 8 were all left out
    writeChunk(writer, 12, item(10, 7), item(12, 1));

    SortedRuns runs = SortedRuns.of(42);
    assertThat(runs.lastCoveredConfigurationId()).isEqualTo(12);
    assertThat(runs.itemCount()).isEqualTo(4);
    assertThat(merged(runs)).containsExactly(item(3, 9), item(10, 7), item(1, 5), item(12, 1));
    assertThat(runs.directory())
        .isDirectoryContaining(p -> named(p, "0000000000000000001.run"))
        .isDirectoryContaining(p -> named(p, "0000000000000000004.run"))
        .isDirectoryContaining(p -> named(p, "0000000000000000009.run"));
  }

  @Test
  void givenRunsFromAnEarlierExecution_whenRestarted_thenTheNextRunStartsAfterThem()
      throws Exception {
    writeChunk(openWriter("42", null), 5, item(2, 5), item(5, 6));

    // the batch checkpoint does not matter: the run files say what is done
    writeChunk(openWriter("42", 4L), 9, item(7, 1));

    SortedRuns runs = SortedRuns.of(42);
    assertThat(runs.directory()).isDirectoryContaining(p -> named(p, "0000000000000000006.run"));
    assertThat(merged(runs)).containsExactly(item(5, 6), item(2, 5), item(7, 1));
    assertThat(runs.lastCoveredConfigurationId()).isEqualTo(9);
  }
}
