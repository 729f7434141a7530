package org.netarchive.ee.scheduler.domain.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SplitSettingsTest {

  @Test
  void givenNothing_whenDefaults_thenNetarchiveSuitesValues() {
    SplitSettings defaults = SplitSettings.defaults();

    assertThat(defaults.configChunkSize()).isEqualTo(10_000);
    assertThat(defaults.maxTotalSize()).isEqualTo(8_000_000);
    assertThat(defaults.maxRelativeSizeDifference()).isEqualTo(100);
    assertThat(defaults.minAbsoluteSizeDifference()).isEqualTo(2000);
    assertThat(defaults.errorFactorPrevResult()).isEqualTo(10);
    assertThat(defaults.errorFactorBestGuess()).isEqualTo(2);
    assertThat(defaults.expectedAverageBytesPerObject()).isEqualTo(38_000);
    assertThat(defaults.maxDomainSize()).isEqualTo(5000);
  }

  static Stream<Arguments> valuesBelowTheirLeast() {
    return Stream.of(
        Arguments.of(
            new long[] {0, 1, 1, 0, 1, 1, 1, 1}, "configChunkSize must be at least 1, was 0"),
        Arguments.of(new long[] {1, 0, 1, 0, 1, 1, 1, 1}, "maxTotalSize must be at least 1, was 0"),
        Arguments.of(
            new long[] {1, 1, 0, 0, 1, 1, 1, 1},
            "maxRelativeSizeDifference must be at least 1, was 0"),
        Arguments.of(
            new long[] {1, 1, 1, -1, 1, 1, 1, 1},
            "minAbsoluteSizeDifference must be at least 0, was -1"),
        Arguments.of(
            new long[] {1, 1, 1, 0, 0, 1, 1, 1}, "errorFactorPrevResult must be at least 1, was 0"),
        Arguments.of(
            new long[] {1, 1, 1, 0, 1, -3, 1, 1},
            "errorFactorBestGuess must be at least 1, was -3"),
        Arguments.of(
            new long[] {1, 1, 1, 0, 1, 1, 0, 1},
            "expectedAverageBytesPerObject must be at least 1, was 0"),
        Arguments.of(
            new long[] {1, 1, 1, 0, 1, 1, 1, 0}, "maxDomainSize must be at least 1, was 0"));
  }

  private static SplitSettings settings(long[] v) {
    return new SplitSettings((int) v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
  }

  @ParameterizedTest
  @MethodSource("valuesBelowTheirLeast")
  void givenASettingBelowItsLeast_whenMade_thenErrorNamesTheSettingAndValue(
      long[] values, String message) {
    assertThatIllegalArgumentException().isThrownBy(() -> settings(values)).withMessage(message);
  }

  @Test
  void givenEverySettingAtItsLeast_whenMade_thenAccepted() {
    SplitSettings least = settings(new long[] {1, 1, 1, 0, 1, 1, 1, 1});

    assertThat(least.minAbsoluteSizeDifference()).isZero();
  }

  @Test
  void givenSettings_whenAsMap_thenEveryNameInOrderWithItsValue() {
    SplitSettings settings = new SplitSettings(7, 8, 9, 10, 11, 12, 13, 14);

    assertThat(settings.asMap())
        .containsExactly(
            Map.entry("configChunkSize", "7"),
            Map.entry("maxTotalSize", "8"),
            Map.entry("maxRelativeSizeDifference", "9"),
            Map.entry("minAbsoluteSizeDifference", "10"),
            Map.entry("errorFactorPrevResult", "11"),
            Map.entry("errorFactorBestGuess", "12"),
            Map.entry("expectedAverageBytesPerObject", "13"),
            Map.entry("maxDomainSize", "14"));
    assertThat(settings.asMap().keySet()).containsExactlyElementsOf(SplitSettings.NAMES);
  }

  @Test
  void givenTheMapOfSettings_whenReadBack_thenTheSameSettings() {
    SplitSettings settings = new SplitSettings(7, 8, 9, 10, 11, 12, 13, 14);

    assertThat(SplitSettings.fromMap(settings.asMap())).isEqualTo(settings);
  }

  @Test
  void givenAnEmptyMap_whenRead_thenTheDefaults() {
    assertThat(SplitSettings.fromMap(Map.of())).isEqualTo(SplitSettings.defaults());
  }

  @Test
  void givenSomeSettings_whenRead_thenDefaultsForTheOthersAndBlanksAroundValuesIgnored() {
    SplitSettings settings =
        SplitSettings.fromMap(Map.of("maxTotalSize", " 100000 ", "errorFactorBestGuess", "3"));

    assertThat(settings)
        .isEqualTo(new SplitSettings(10_000, 100_000, 100, 2000, 10, 3, 38_000, 5000));
  }

  @Test
  void givenAnUnknownName_whenRead_thenErrorNamesItAndTheKnownOnes() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SplitSettings.fromMap(Map.of("maxTotalsize", "5")))
        .withMessage(
            "Unknown split setting 'maxTotalsize': the settings are configChunkSize,"
                + " maxTotalSize, maxRelativeSizeDifference, minAbsoluteSizeDifference,"
                + " errorFactorPrevResult, errorFactorBestGuess, expectedAverageBytesPerObject,"
                + " maxDomainSize");
  }

  @Test
  void givenAValueThatIsNoWholeNumber_whenRead_thenErrorNamesSettingAndValue() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SplitSettings.fromMap(Map.of("maxDomainSize", "5k")))
        .withMessage("Split setting maxDomainSize must be a whole number, was '5k'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SplitSettings.fromMap(Map.of("errorFactorPrevResult", "2.5")))
        .withMessage("Split setting errorFactorPrevResult must be a whole number, was '2.5'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SplitSettings.fromMap(Map.of("maxTotalSize", "")))
        .withMessage("Split setting maxTotalSize must be a whole number, was ''");
  }

  @Test
  void givenANullValue_whenRead_thenErrorNamesTheSetting() {
    Map<String, String> map = new HashMap<>();
    map.put("configChunkSize", null);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> SplitSettings.fromMap(map))
        .withMessage("Split setting configChunkSize has no value");
  }

  @Test
  void givenAValueOutOfRange_whenRead_thenTheSettingsOwnError() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SplitSettings.fromMap(Map.of("maxRelativeSizeDifference", "0")))
        .withMessage("maxRelativeSizeDifference must be at least 1, was 0");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SplitSettings.fromMap(Map.of("configChunkSize", "3000000000")))
        .withMessage("configChunkSize must be at most 2147483647, was 3000000000");
  }

  @Test
  void givenTheMapFromTheUi_whenEdited_thenItIsACopy() {
    Map<String, String> map = new LinkedHashMap<>(SplitSettings.defaults().asMap());
    map.put("maxDomainSize", "6000");

    assertThat(SplitSettings.fromMap(map).maxDomainSize()).isEqualTo(6000);
    assertThat(SplitSettings.defaults().asMap()).containsEntry("maxDomainSize", "5000");
  }
}
