package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.job.HarvestLimits;

class JobStoreNewJobTest {

  @Test
  void givenEverySetter_whenBuilt_thenEachValueIsInItsOwnComponent() {
    JobStore.NewJob job =
        JobStore.NewJob.builder()
            .harvest(11, 3, HarvestKind.SNAPSHOT)
            .splitId(12)
            .channelId(13)
            .templateVersionId(14)
            .maxBytesPerDomain(15, true)
            .limits(new HarvestLimits(16, 17, 18))
            .globalCrawlerTraps(List.of(".*/calendar/.*"))
            .totalExpectedObjects(19)
            .closedBy("END")
            .build();

    assertThat(job)
        .isEqualTo(
            new JobStore.NewJob(
                11,
                12,
                3,
                HarvestKind.SNAPSHOT,
                13,
                14,
                15,
                true,
                new HarvestLimits(16, 17, 18),
                List.of(".*/calendar/.*"),
                19,
                "END",
                List.of()));
  }

  @Test
  void givenNothingForTheLists_whenBuilt_thenTheyAreEmptyNotNull() {
    JobStore.NewJob job = JobStore.NewJob.builder().harvest(1, 1, HarvestKind.SELECTIVE).build();

    assertThat(job.globalCrawlerTraps()).isEmpty();
    assertThat(job.domains()).isEmpty();
  }
}
