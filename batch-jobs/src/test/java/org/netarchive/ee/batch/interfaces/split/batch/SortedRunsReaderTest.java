package org.netarchive.ee.batch.interfaces.split.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.batch.interfaces.split.batch.SplitItems.item;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.netarchive.ee.batch.testing.Injection;
import org.netarchive.ee.scheduler.application.job.JobSplitting;
import org.netarchive.ee.scheduler.domain.model.job.JobCandidate;
import org.netarchive.ee.scheduler.domain.model.job.SplitItem;

class SortedRunsReaderTest {

  @RegisterExtension final SplitDataDirectory data = new SplitDataDirectory();

  private final FakeJobSplitting splitting = new FakeJobSplitting();

  private SortedRunsReader openReader(Long checkpoint) throws Exception {
    SortedRunsReader reader =
        Injection.inject(new SortedRunsReader(), "splitId", "42", "splitting", splitting);
    reader.open(checkpoint);
    return reader;
  }

  private static List<Object> readAll(SortedRunsReader reader) throws Exception {
    List<Object> items = new ArrayList<>();
    for (Object item = reader.readItem(); item != null; item = reader.readItem()) {
      items.add(item);
    }
    return items;
  }

  @Test
  void givenRuns_whenRead_thenTheItemsComeInSplitOrderFollowedByOneEnd() throws Exception {
    SortedRuns runs = SortedRuns.of(42);
    runs.write(List.of(item(1, 10), item(2, 30)), 1, 2);
    runs.write(List.of(item(3, 20), item(4, 40)), 3, 4);
    SortedRunsReader reader = openReader(null);

    assertThat(readAll(reader))
        .containsExactly(item(4, 40), item(2, 30), item(3, 20), item(1, 10), SortedRunsReader.END);
    assertThat(reader.checkpointInfo()).isEqualTo(4L);
    assertThat(reader.readItem()).isNull();
    reader.close();
  }

  @Test
  void givenStoredJobs_whenRestarted_thenReadingGoesOnAfterTheirLastConfiguration()
      throws Exception {
    SortedRuns runs = SortedRuns.of(42);
    runs.write(List.of(item(1, 10), item(2, 30)), 1, 2);
    runs.write(List.of(item(3, 20), item(4, 40)), 3, 4);
    // the resume point as the store keeps it: the split order key, not the whole configuration
    JobCandidate lastPlaced = new JobCandidate(2, 1, "resume-point", 1, -1, 30);
    splitting.progress = new JobSplitting.Progress(2, 1, Optional.of(lastPlaced));
    SortedRunsReader reader = openReader(2L);

    assertThat(readAll(reader)).containsExactly(item(3, 20), item(1, 10), SortedRunsReader.END);
    reader.close();
  }

  @Test
  void givenEverythingAlreadyInJobs_whenRestarted_thenOnlyTheEndIsRead() throws Exception {
    SortedRuns.of(42).write(List.of(item(1, 10), item(2, 30)), 1, 2);
    splitting.progress =
        new JobSplitting.Progress(
            2, 1, Optional.of(new JobCandidate(1, 1, "resume-point", 1, -1, 10)));
    SortedRunsReader reader = openReader(null);

    assertThat(readAll(reader)).containsExactly(SortedRunsReader.END);
    reader.close();
  }

  @Test
  void givenManyRuns_whenRead_thenEachItemComesOnce() throws Exception {
    SortedRuns runs = SortedRuns.of(42);
    for (int run = 0; run < 100; run++) {
      List<SplitItem> chunk = new ArrayList<>();
      for (int i = 1; i <= 20; i++) {
        long id = run * 20L + i;
        chunk.add(item(id, 1 + id % 3, -1, id % 17));
      }
      runs.write(chunk, run * 20L + 1, run * 20L + 20);
    }
    SortedRunsReader reader = openReader(null);

    List<Object> items = readAll(reader);

    assertThat(items).hasSize(2001).doesNotHaveDuplicates().endsWith(SortedRunsReader.END);
    assertThat(reader.checkpointInfo()).isEqualTo(2000L);
    reader.close();
  }

  @Test
  void givenNoRuns_whenRead_thenOnlyTheEndIsRead() throws Exception {
    SortedRunsReader reader = openReader(null);

    assertThat(readAll(reader)).containsExactly(SortedRunsReader.END);
    reader.close();
  }
}
