package org.netarchive.ee.batch.interfaces.split.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.netarchive.ee.batch.interfaces.split.batch.SplitItems.item;
import static org.netarchive.ee.batch.interfaces.split.batch.SplitItems.merged;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.netarchive.ee.scheduler.domain.model.job.JobPacker;
import org.netarchive.ee.scheduler.domain.model.job.SplitItem;

class SortedRunsTest {

  @RegisterExtension final SplitDataDirectory data = new SplitDataDirectory();

  private SortedRuns runs;

  @BeforeEach
  void locateRuns() {
    // after the extension has pointed the data directory at the test's own
    runs = SortedRuns.of(42);
  }

  @Test
  void givenASplitId_whenLocatingItsRuns_thenTheyAreUnderTheServerDataDirectory() {
    assertThat(SortedRuns.of(7).directory())
        .isEqualTo(data.directory().resolve("netarchive").resolve("splits").resolve("7"));
  }

  @Test
  void givenNoRuns_whenAsked_thenNothingIsCoveredAndTheMergeIsEmpty() throws IOException {
    assertThat(runs.lastCoveredConfigurationId()).isZero();
    assertThat(runs.itemCount()).isZero();
    assertThat(merged(runs)).isEmpty();
  }

  @Test
  void givenOneRun_whenMerged_thenEveryFieldComesBackInSplitOrder() throws IOException {
    runs.write(
        List.of(item(1, 2, -1, 10), item(2, 1, 500, 10), item(3, 1, -1, 5), item(4, 1, -1, 50)),
        1,
        4);

    assertThat(merged(runs))
        .containsExactly(
            item(4, 1, -1, 50), item(3, 1, -1, 5), item(2, 1, 500, 10), item(1, 2, -1, 10));
    assertThat(runs.itemCount()).isEqualTo(4);
    assertThat(runs.lastCoveredConfigurationId()).isEqualTo(4);
  }

  @Test
  void givenManyRuns_whenMerged_thenTheWholeIsInSplitOrderAndNothingIsLostOrRepeated()
      throws IOException {
    Random random = new Random(7);
    List<SplitItem> all = new ArrayList<>();
    long id = 0;
    for (int run = 0; run < 40; run++) {
      List<SplitItem> chunk = new ArrayList<>();
      long first = id + 1;
      for (int i = 0; i < 1 + random.nextInt(60); i++) {
        id++;
        long template = 1 + random.nextInt(3);
        long maxBytes = random.nextBoolean() ? -1 : 1 + random.nextInt(5) * 1000L;
        chunk.add(item(id, template, maxBytes, random.nextInt(200)));
      }
      runs.write(chunk, first, id);
      all.addAll(chunk);
    }
    List<SplitItem> expected = new ArrayList<>(all);
    expected.sort(Comparator.comparing(SplitItem::candidate, JobPacker.SPLIT_ORDER));

    assertThat(merged(runs)).containsExactlyElementsOf(expected);
    assertThat(runs.itemCount()).isEqualTo(all.size());
    assertThat(runs.lastCoveredConfigurationId()).isEqualTo(id);
  }

  @Test
  void givenARangeWhoseConfigurationsWereAllLeftOut_whenWritten_thenItStillCountsAsCovered()
      throws IOException {
    runs.write(List.of(item(1, 5)), 1, 10);
    runs.write(List.of(), 11, 20);

    assertThat(runs.lastCoveredConfigurationId()).isEqualTo(20);
    assertThat(runs.itemCount()).isEqualTo(1);
    assertThat(merged(runs)).containsExactly(item(1, 5));
  }

  @Test
  void givenTheSameRangeWrittenAgain_whenMerged_thenTheSecondReplacesTheFirst() throws IOException {
    runs.write(List.of(item(1, 5), item(2, 6)), 1, 2);
    runs.write(List.of(item(1, 5), item(2, 7)), 1, 2);

    assertThat(merged(runs)).containsExactly(item(2, 7), item(1, 5));
    assertThat(runs.itemCount()).isEqualTo(2);
  }

  @Test
  void givenATemporaryFileLeftByACrash_whenResuming_thenOnlyCompleteRunsCount() throws IOException {
    runs.write(List.of(item(1, 5)), 1, 1);
    Files.writeString(runs.directory().resolve("0000000000000000002.run.tmp"), "half a run");

    assertThat(runs.lastCoveredConfigurationId()).isEqualTo(1);
    assertThat(merged(runs)).containsExactly(item(1, 5));
  }

  @Test
  void givenAFileThatIsNoRun_whenMerging_thenTheErrorNamesIt() throws IOException {
    Files.createDirectories(runs.directory());
    Path stranger =
        Files.writeString(
            runs.directory().resolve("0000000000000000002.run"), "not a run file at all");

    assertThatThrownBy(runs::merge)
        .isInstanceOf(IOException.class)
        .hasMessage("Not a split run file: " + stranger);
  }

  @Test
  void givenATruncatedRun_whenMerging_thenTheErrorSaysSo() throws IOException {
    runs.write(List.of(item(1, 5), item(2, 6)), 1, 2);
    Path run = runs.directory().resolve("0000000000000000001.run");
    byte[] bytes = Files.readAllBytes(run);
    Files.write(run, Arrays.copyOf(bytes, bytes.length - 10));

    assertThatThrownBy(() -> merged(runs))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("ends in the middle of an item");
  }

  @Test
  void givenRuns_whenDeleted_thenTheDirectoryIsGone() throws IOException {
    runs.write(List.of(item(1, 5)), 1, 1);

    runs.delete();
    runs.delete();

    assertThat(runs.directory()).doesNotExist();
    assertThat(runs.lastCoveredConfigurationId()).isZero();
  }
}
