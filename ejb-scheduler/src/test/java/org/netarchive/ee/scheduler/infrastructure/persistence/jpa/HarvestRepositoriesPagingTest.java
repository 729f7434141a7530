package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;

/** Page requests out of range are refused before the database is asked. */
class HarvestRepositoriesPagingTest {

  @Test
  void givenANegativePage_whenListingHarvests_thenErrorNamesTheValue() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> new JpaHarvestDefinitionRepository().list(HarvestKind.SELECTIVE, "*", -1, 10))
        .withMessage("page must be 0 or more, not -1");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new JpaHarvestDefinitionRepository().configurations(1, -1, 10))
        .withMessage("page must be 0 or more, not -1");
  }

  @Test
  void givenATooLargePage_whenListingChannelsTrapListsOrHistory_thenErrorNamesTheValue() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new JpaHarvestChannelRepository().list(null, 0, 1001))
        .withMessage("size must be 1 to 1000, not 1001");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new JpaGlobalCrawlerTrapListRepository().list(null, 0, 0))
        .withMessage("size must be 1 to 1000, not 0");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new JpaHarvestHistoryRepository().forDomain(1, 0, 0))
        .withMessage("size must be 1 to 1000, not 0");
  }
}
