package org.netarchive.ee.scheduler.infrastructure.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.netarchive.ee.scheduler.infrastructure.config.TestSettings.environment;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerSettingsTest {

  @Test
  void givenTheEnvironmentVariableOfToday_whenReadByTheSettingsName_thenItIsFound() {
    ServerSettings settings =
        environment(Map.of("NAS_INDEX_CACHE_DIR", "/srv/cache", "NAS_SECRETS_DIR", "/srv/s"));

    assertThat(settings.absoluteDirectory("nas.index.cache.dir")).contains(Path.of("/srv/cache"));
    assertThat(settings.text("nas.secrets.dir")).contains("/srv/s");
  }

  @Test
  void givenASystemPropertyAndAnEnvironmentVariable_whenRead_thenTheSystemPropertyWins() {
    ServerSettings settings =
        TestSettings.of(Map.of("NAS_ENVIRONMENT", "PROD"), Map.of("nas.environment", "TEST"));

    assertThat(settings.text("nas.environment")).contains("TEST");
  }

  @Test
  void givenNothingOrBlank_whenRead_thenTheDefault() {
    ServerSettings settings = environment(Map.of("NAS_ARCHIVE_REUPLOADS", "  "));

    assertThat(settings.text("nas.archive.reuploads")).isEmpty();
    assertThat(settings.wholeNumber("nas.archive.reuploads", 2)).isEqualTo(2);
    assertThat(settings.flag("nas.bitarchive.one.checksum.only", false)).isFalse();
    assertThat(settings.list("nas.archive.local.read.dirs")).isEmpty();
    assertThat(settings.absoluteDirectory("nas.capture.index.dir")).isEmpty();
  }

  @Test
  void givenValues_whenRead_thenParsedAndStripped() {
    ServerSettings settings =
        environment(
            Map.of(
                "NAS_ARCHIVE_REUPLOADS", " 5 ",
                "NAS_BITARCHIVE_TWO_CHECKSUM_ONLY", "TRUE",
                "NAS_BITARCHIVE_ONE_DIRS", " /a , ,/b,"));

    assertThat(settings.wholeNumber("nas.archive.reuploads", 2)).isEqualTo(5);
    assertThat(settings.flag("nas.bitarchive.two.checksum.only", false)).isTrue();
    assertThat(settings.list("nas.bitarchive.one.dirs")).containsExactly("/a", "/b");
  }

  @Test
  void givenBadValues_whenRead_thenRefusedNamingTheSettingAndTheValue() {
    ServerSettings settings =
        environment(
            Map.of(
                "NAS_ARCHIVE_REUPLOADS", "-1",
                "NAS_INDEX_CACHE_MAX_BYTES", "10 GB",
                "NAS_BITARCHIVE_ONE_CHECKSUM_ONLY", "yes",
                "NAS_INDEX_CACHE_DIR", "cache"));

    assertThatThrownBy(() -> settings.wholeNumber("nas.archive.reuploads", 2))
        .hasMessage(
            "NAS_ARCHIVE_REUPLOADS (nas.archive.reuploads) must be a whole number of at least 0,"
                + " was '-1'");
    assertThatThrownBy(() -> settings.wholeNumber("nas.index.cache.max.bytes", 1))
        .hasMessageContaining("NAS_INDEX_CACHE_MAX_BYTES (nas.index.cache.max.bytes)")
        .hasMessageContaining("'10 GB'");
    assertThatThrownBy(() -> settings.flag("nas.bitarchive.one.checksum.only", false))
        .hasMessage(
            "NAS_BITARCHIVE_ONE_CHECKSUM_ONLY (nas.bitarchive.one.checksum.only) must be true or"
                + " false, was 'yes'");
    assertThatThrownBy(() -> settings.absoluteDirectory("nas.index.cache.dir"))
        .hasMessage(
            "NAS_INDEX_CACHE_DIR (nas.index.cache.dir) must be an absolute directory, was 'cache'");
  }

  @Test
  void givenASecretWithDollarsAndBraces_whenRead_thenExactlyAsGiven() {
    ServerSettings settings =
        TestSettings.of(
            Map.of("NAS_ARCHIVE_CORRECT_CREDENTIALS", "pa$$word ${not.a.setting} "),
            Map.of("nas.agent.password", " "));

    assertThat(settings.secret("nas.archive.correct.credentials"))
        .contains("pa$$word ${not.a.setting} ");
    assertThat(settings.secret("nas.agent.password")).isEmpty();
  }

  @Test
  void givenSettingNames_whenMapped_thenTheEnvironmentVariablesOperatorsSet() {
    assertThat(ServerSettings.environmentVariable("nas.bitarchive.one.dirs"))
        .isEqualTo("NAS_BITARCHIVE_ONE_DIRS");
    assertThat(ServerSettings.environmentVariable("netarchive.split.runSize"))
        .isEqualTo("NETARCHIVE_SPLIT_RUNSIZE");
  }
}
