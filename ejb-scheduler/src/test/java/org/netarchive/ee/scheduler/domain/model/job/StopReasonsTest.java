package org.netarchive.ee.scheduler.domain.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.netarchive.ee.scheduler.domain.model.history.StopReason.CONFIG_OBJECT_LIMIT;
import static org.netarchive.ee.scheduler.domain.model.history.StopReason.CONFIG_SIZE_LIMIT;
import static org.netarchive.ee.scheduler.domain.model.history.StopReason.OBJECT_LIMIT;
import static org.netarchive.ee.scheduler.domain.model.history.StopReason.SIZE_LIMIT;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;

class StopReasonsTest {

  private static final long NONE = -1;

  private static StopReason objectStop(long objects, long configLimit, long harvestLimit) {
    return StopReasons.recorded(OBJECT_LIMIT, objects, 0, configLimit, NONE, harvestLimit, NONE);
  }

  private static StopReason sizeStop(long bytes, long configLimit, long harvestLimit) {
    return StopReasons.recorded(SIZE_LIMIT, 0, bytes, NONE, configLimit, NONE, harvestLimit);
  }

  @Test
  void givenAConfigurationObjectLimitAndNoHarvestLimit_whenObjectLimitReported_thenConfigs() {
    assertThat(objectStop(100, 100, NONE)).isEqualTo(CONFIG_OBJECT_LIMIT);
  }

  @Test
  void givenAConfigurationObjectLimitBelowTheHarvests_whenObjectLimitReported_thenConfigs() {
    assertThat(objectStop(100, 100, 200)).isEqualTo(CONFIG_OBJECT_LIMIT);
  }

  @Test
  void givenEqualObjectLimits_whenObjectLimitReported_thenTheConfigurationsLimit() {
    assertThat(objectStop(100, 100, 100)).isEqualTo(CONFIG_OBJECT_LIMIT);
  }

  @Test
  void givenAHarvestObjectLimitBelowTheConfigurations_whenReachedOnlyThat_thenTheHarvests() {
    assertThat(objectStop(200, 300, 200)).isEqualTo(OBJECT_LIMIT);
    assertThat(objectStop(299, 300, 200)).isEqualTo(OBJECT_LIMIT);
  }

  @Test
  void givenAHarvestObjectLimitBelowTheConfigurations_whenTheConfigurationsIsReached_thenIts() {
    assertThat(objectStop(300, 300, 200)).isEqualTo(CONFIG_OBJECT_LIMIT);
  }

  @Test
  void givenNoConfigurationObjectLimit_whenObjectLimitReported_thenTheHarvests() {
    assertThat(objectStop(200, NONE, 200)).isEqualTo(OBJECT_LIMIT);
    assertThat(objectStop(200, NONE, NONE)).isEqualTo(OBJECT_LIMIT);
  }

  @Test
  void givenAConfigurationByteLimitAndNoHarvestLimit_whenSizeLimitReported_thenConfigs() {
    assertThat(sizeStop(5_000_000, 5_000_000, NONE)).isEqualTo(CONFIG_SIZE_LIMIT);
  }

  @Test
  void givenAConfigurationByteLimitBelowTheHarvests_whenSizeLimitReported_thenConfigs() {
    assertThat(sizeStop(4_000_000, 5_000_000, 10_000_000)).isEqualTo(CONFIG_SIZE_LIMIT);
    assertThat(sizeStop(5_000_000, 5_000_000, 5_000_000)).isEqualTo(CONFIG_SIZE_LIMIT);
  }

  @Test
  void givenAHarvestByteLimitBelowTheConfigurations_whenSizeLimitReported_thenTheHarvests() {
    assertThat(sizeStop(5_000_100, 10_000_000, 5_000_000)).isEqualTo(SIZE_LIMIT);
    assertThat(sizeStop(10_000_000, 10_000_000, 5_000_000)).isEqualTo(CONFIG_SIZE_LIMIT);
  }

  @Test
  void givenNoConfigurationByteLimit_whenSizeLimitReported_thenTheHarvests() {
    assertThat(sizeStop(5_000_000, NONE, 5_000_000)).isEqualTo(SIZE_LIMIT);
    assertThat(sizeStop(5_000_000, NONE, NONE)).isEqualTo(SIZE_LIMIT);
  }

  @Test
  void givenOnlyAConfigurationByteLimit_whenObjectLimitReported_thenTheHarvestsObjectLimit() {
    StopReason recorded = StopReasons.recorded(OBJECT_LIMIT, 500, 9_000, NONE, 1000, 500, NONE);

    assertThat(recorded).isEqualTo(OBJECT_LIMIT);
  }

  @Test
  void givenOnlyAConfigurationObjectLimit_whenSizeLimitReported_thenTheHarvestsSizeLimit() {
    StopReason recorded = StopReasons.recorded(SIZE_LIMIT, 100, 9_000, 100, NONE, NONE, 9_000);

    assertThat(recorded).isEqualTo(SIZE_LIMIT);
  }

  @ParameterizedTest
  @EnumSource(
      value = StopReason.class,
      names = {"OBJECT_LIMIT", "SIZE_LIMIT"},
      mode = EnumSource.Mode.EXCLUDE)
  void givenAnyOtherReportedReason_whenRecorded_thenUnchangedEvenAtTheConfigurationsLimits(
      StopReason reported) {
    assertThat(StopReasons.recorded(reported, 100, 1000, 100, 1000, NONE, NONE))
        .isEqualTo(reported);
  }

  @Test
  void givenBadFigures_whenRecorded_thenErrorNamesThem() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> StopReasons.recorded(SIZE_LIMIT, -1, 0, NONE, NONE, NONE, NONE))
        .withMessage("objects must be 0 or more, was -1");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> StopReasons.recorded(SIZE_LIMIT, 0, 0, NONE, 0, NONE, NONE))
        .withMessage("configMaxBytes must be a positive number or -1 (no limit), was 0");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> StopReasons.recorded(null, 0, 0, NONE, NONE, NONE, NONE))
        .withMessage("The reported stop reason is missing");
  }
}
