package org.netarchive.ee.batch.interfaces.split.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.batch.interfaces.split.batch.SplitItems.item;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.netarchive.ee.batch.testing.FakeBatchContext;
import org.netarchive.ee.batch.testing.Injection;
import org.netarchive.ee.scheduler.domain.model.job.SplitConfiguration;

class SplitConfigurationReaderTest {

  @RegisterExtension final SplitDataDirectory data = new SplitDataDirectory();

  private final FakeJobSplitting splitting = new FakeJobSplitting();
  private final FakeBatchContext step = new FakeBatchContext("estimate", 1);

  private SplitConfigurationReader openReader(Long checkpoint) throws Exception {
    SplitConfigurationReader reader =
        Injection.inject(
            new SplitConfigurationReader(),
            "splitId",
            "42",
            "scheduling",
            FakeScheduling.ofDefaultSplit(),
            "splitting",
            splitting,
            "step",
            step);
    reader.open(checkpoint);
    return reader;
  }

  private static SplitConfiguration configuration(long id) {
    return new SplitConfiguration(
        id,
        100 + id,
        "d" + id + ".dk",
        "c",
        1,
        -1,
        -1,
        List.of("https://d.dk/"),
        List.of(),
        List.of());
  }

  private static SplitConfiguration.Page page(long lastScanned, boolean end, long... ids) {
    List<SplitConfiguration> configurations = new ArrayList<>();
    for (long id : ids) {
      configurations.add(configuration(id));
    }
    return new SplitConfiguration.Page(configurations, lastScanned, end);
  }

  private List<Long> readAll(SplitConfigurationReader reader, List<Object> userData)
      throws Exception {
    List<Long> ids = new ArrayList<>();
    for (Object item = reader.readItem(); item != null; item = reader.readItem()) {
      ids.add(((SplitConfiguration) item).configurationId());
      userData.add(step.getTransientUserData());
    }
    return ids;
  }

  @Test
  void givenPages_whenRead_thenEveryConfigurationComesInOrderWithItsIdForTheWriter()
      throws Exception {
    splitting.pages.add(page(3, false, 1, 3));
    splitting.pages.add(page(9, false)); // a page of aliases only: nothing to split, scan on
    splitting.pages.add(page(12, true, 10, 12));
    SplitConfigurationReader reader = openReader(null);
    List<Object> userData = new ArrayList<>();

    assertThat(readAll(reader, userData)).containsExactly(1L, 3L, 10L, 12L);
    assertThat(userData).containsExactly(1L, 3L, 10L, 12L);
    assertThat(splitting.pagesAskedAfter).containsExactly(0L, 3L, 9L);
    assertThat(reader.checkpointInfo()).isEqualTo(12L);
    assertThat(reader.readItem()).isNull();
    assertThat(splitting.pagesAskedAfter).hasSize(3);
  }

  @Test
  void givenRunFilesOfAnEarlierExecution_whenRestarted_thenReadingStartsAfterTheirRange()
      throws Exception {
    SortedRuns.of(42).write(List.of(item(1, 5), item(3, 5)), 1, 3);
    splitting.pages.add(page(3, false, 1, 3));
    splitting.pages.add(page(12, true, 10, 12));
    // the batch checkpoint does not matter: the run files say what is done
    SplitConfigurationReader reader = openReader(1L);

    assertThat(readAll(reader, new ArrayList<>())).containsExactly(10L, 12L);
    assertThat(splitting.pagesAskedAfter).containsExactly(3L);
  }

  @Test
  void givenNoConfigurations_whenRead_thenThereIsNoItem() throws Exception {
    SplitConfigurationReader reader = openReader(null);

    assertThat(reader.readItem()).isNull();
    assertThat(reader.checkpointInfo()).isEqualTo(0L);
  }
}
