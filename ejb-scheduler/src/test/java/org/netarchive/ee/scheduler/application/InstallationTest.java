package org.netarchive.ee.scheduler.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.netarchive.ee.scheduler.infrastructure.config.TestSettings.environment;

import java.util.Map;
import org.junit.jupiter.api.Test;

class InstallationTest {

  @Test
  void givenNoEnvironmentName_whenRead_thenDevAsProvisionedByDefault() {
    assertThat(Installation.channelsOf(environment(Map.of())).theSched().name())
        .isEqualTo("DEV_COMMON_THE_SCHED");
  }

  @Test
  void givenAnEnvironmentName_whenRead_thenEveryChannelStartsWithIt() {
    assertThat(Installation.channelsOf(environment(Map.of("NAS_ENVIRONMENT", "PROD"))).theRepos())
        .extracting(channel -> channel.name())
        .isEqualTo("PROD_COMMON_THE_REPOS");
  }

  @Test
  void givenAnInvalidEnvironmentName_whenRead_thenRefusedNamingTheSettingAndTheValue() {
    assertThatThrownBy(
            () -> Installation.channelsOf(environment(Map.of("NAS_ENVIRONMENT", "prod-1"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("NAS_ENVIRONMENT (nas.environment) must be a channel name part")
        .hasMessageEndingWith("was 'prod-1'");
  }
}
