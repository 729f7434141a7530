package org.netarchive.ee.batch.interfaces.split.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.batch.interfaces.split.batch.SplitItems.item;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.netarchive.ee.batch.interfaces.split.batch.FakeJobSplitting.RecordedProgress;
import org.netarchive.ee.batch.interfaces.split.batch.FakeJobSplitting.StoredJob;
import org.netarchive.ee.batch.testing.Injection;
import org.netarchive.ee.scheduler.application.job.JobSplitting;
import org.netarchive.ee.scheduler.domain.model.job.JobCandidate;
import org.netarchive.ee.scheduler.domain.model.job.SplitItem;
import org.netarchive.ee.scheduler.domain.model.job.SplitSettings;

class JobPackingWriterTest {

  /** Three configurations a job; totals and size differences never close one. */
  private static final SplitSettings THREE_A_JOB =
      new SplitSettings(3, 1_000_000, 1000, 1_000_000, 10, 2, 38_000, 5000);

  @RegisterExtension final SplitDataDirectory data = new SplitDataDirectory();

  private final FakeScheduling scheduling =
      new FakeScheduling(FakeScheduling.split42(800, -1, OptionalLong.empty(), THREE_A_JOB));
  private final FakeJobSplitting splitting = new FakeJobSplitting();

  private JobPackingWriter openWriter() throws Exception {
    JobPackingWriter writer =
        Injection.inject(
            new JobPackingWriter(),
            "splitId",
            "42",
            "scheduling",
            scheduling,
            "splitting",
            splitting);
    writer.open(null);
    return writer;
  }

  private static List<Object> chunk(Object... items) {
    return new ArrayList<>(List.of(items));
  }

  private static List<Long> configurationIds(StoredJob job) {
    return job.domains().stream().map(d -> d.configurationId()).toList();
  }

  @Test
  void givenItemsInSplitOrder_whenWritten_thenJobsCloseAtTheFirstFailedCheckAndAtTheEnd()
      throws Exception {
    SortedRuns.of(42).write(List.of(), 1, 1); // the step before wrote the run files
    splitting.globalTraps = List.of(".*/trap/.*");
    JobPackingWriter writer = openWriter();

    writer.writeItems(chunk(item(1, 1, -1, 50), item(2, 1, -1, 40), item(3, 1, -1, 30)));
    writer.writeItems(chunk(item(4, 1, -1, 20), item(5, 2, -1, 10), SortedRunsReader.END));

    assertThat(splitting.jobs).hasSize(3);
    StoredJob first = splitting.jobs.get(0);
    assertThat(first.closedBy()).isEqualTo("TOO_MANY_CONFIGURATIONS");
    assertThat(configurationIds(first)).containsExactly(1L, 2L, 3L);
    assertThat(first.job().totalExpectedObjects()).isEqualTo(120);
    assertThat(first.split()).isEqualTo(scheduling.context);
    assertThat(first.templateVersionId()).isEqualTo(100);
    assertThat(first.globalCrawlerTraps()).containsExactly(".*/trap/.*");
    assertThat(first.domains().get(0)).isEqualTo(item(1, 1, -1, 50).domain());
    StoredJob second = splitting.jobs.get(1);
    assertThat(second.closedBy()).isEqualTo("OTHER_TEMPLATE");
    assertThat(configurationIds(second)).containsExactly(4L);
    StoredJob last = splitting.jobs.get(2);
    assertThat(last.closedBy()).isEqualTo("END");
    assertThat(configurationIds(last)).containsExactly(5L);
    assertThat(last.templateVersionId()).isEqualTo(200);
    assertThat(splitting.templateVersionsAsked).containsExactly(1L, 2L);
  }

  @Test
  void givenChunks_whenWritten_thenEachRecordsTheSplitsProgressAndResumePoint() throws Exception {
    List<SplitItem> estimated =
        List.of(item(1, 1, -1, 50), item(2, 1, -1, 40), item(3, 1, -1, 30), item(4, 1, -1, 20));
    SortedRuns.of(42).write(estimated, 1, 4);
    JobPackingWriter writer = openWriter();

    writer.writeItems(chunk(estimated.get(0), estimated.get(1)));
    writer.writeItems(chunk(estimated.get(2), estimated.get(3)));
    writer.writeItems(chunk(SortedRunsReader.END));

    assertThat(splitting.recorded)
        .containsExactly(
            new RecordedProgress(42, 4, 0, 0, null),
            new RecordedProgress(42, 4, 3, 1, estimated.get(2).candidate()),
            new RecordedProgress(42, 4, 4, 2, estimated.get(3).candidate()));
  }

  @Test
  void givenAnEndWithNothingOpen_whenWritten_thenNoEmptyJobIsStored() throws Exception {
    JobPackingWriter writer = openWriter();

    writer.writeItems(chunk(SortedRunsReader.END));

    assertThat(splitting.jobs).isEmpty();
    assertThat(splitting.recorded).containsExactly(new RecordedProgress(42, 0, 0, 0, null));
  }

  @Test
  void givenProgressOfAnEarlierExecution_whenRestarted_thenTheCountsGoOnFromIt() throws Exception {
    JobCandidate lastPlaced = new JobCandidate(3, 1, "resume-point", 1, -1, 30);
    splitting.progress = new JobSplitting.Progress(3, 1, Optional.of(lastPlaced));
    JobPackingWriter writer = openWriter();

    writer.writeItems(chunk(SortedRunsReader.END));
    writer.writeItems(chunk());

    assertThat(splitting.recorded)
        .containsExactly(
            new RecordedProgress(42, 0, 3, 1, lastPlaced),
            new RecordedProgress(42, 0, 3, 1, lastPlaced));
    writer = openWriter();
    writer.writeItems(chunk(item(4, 1, -1, 20), SortedRunsReader.END));
    assertThat(splitting.recorded.get(2))
        .isEqualTo(new RecordedProgress(42, 0, 4, 2, item(4, 1, -1, 20).candidate()));
  }

  @Test
  void givenTheSameDomainTwice_whenWritten_thenTheSecondStartsANewJob() throws Exception {
    JobPackingWriter writer = openWriter();
    SplitItem first = item(1, 1, -1, 50);
    SplitItem sameDomain =
        new SplitItem(
            new JobCandidate(2, first.candidate().domainId(), "d1.dk", 1, -1, 40),
            item(2, 1, -1, 40).domain());

    writer.writeItems(chunk(first, sameDomain, SortedRunsReader.END));

    assertThat(splitting.jobs)
        .extracting(StoredJob::closedBy)
        .containsExactly("SAME_DOMAIN", "END");
  }
}
