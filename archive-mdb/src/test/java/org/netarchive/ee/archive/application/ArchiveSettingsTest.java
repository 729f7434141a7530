package org.netarchive.ee.archive.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.archive.domain.model.repository.StorePolicy;
import org.netarchive.ee.scheduler.infrastructure.config.ServerSettings;

class ArchiveSettingsTest {

  /** Settings as the server has them: system properties (400) above the environment (300). */
  private static ServerSettings settings(
      Map<String, String> environment, Map<String, String> properties) {
    return new ServerSettings(
        new SmallRyeConfigBuilder()
            .withSources(
                new EnvConfigSource(environment, 300),
                new PropertiesConfigSource(properties, "system properties", 400))
            .build());
  }

  private static ArchiveSettings archive(Map<String, String> environment) {
    return new ArchiveSettings(settings(environment, Map.of()));
  }

  @Test
  void givenNoReplicaIds_whenRead_thenOneAndTwoAsProvisionedByDefault() {
    assertThat(ArchiveSettings.replicaIds(settings(Map.of(), Map.of())))
        .containsExactly("ONE", "TWO");
  }

  @Test
  void givenReplicaIdsAsTheProvisioningWritesThem_whenRead_thenThose() {
    assertThat(
            ArchiveSettings.replicaIds(
                settings(
                    Map.of("NAS_REPLICA_ONE", "X"),
                    Map.of("nas.replica.one", "SB", "nas.replica.two", "KB"))))
        .containsExactly("SB", "KB");
  }

  @Test
  void givenBadReplicaIds_whenRead_thenRefusedNamingTheSettingAndTheValue() {
    assertThatThrownBy(
            () -> ArchiveSettings.replicaIds(settings(Map.of("NAS_REPLICA_TWO", "ONE"), Map.of())))
        .hasMessage(
            "NAS_REPLICA_TWO (nas.replica.two) must differ from nas.replica.one, was 'ONE'");
    assertThatThrownBy(
            () -> ArchiveSettings.replicaIds(settings(Map.of("NAS_REPLICA_ONE", "o-1"), Map.of())))
        .hasMessageStartingWith("NAS_REPLICA_ONE (nas.replica.one) must be a replica id")
        .hasMessageEndingWith("was 'o-1'");
  }

  @Test
  void givenAskAgainAfter_whenRead_thenThoseSecondsAndZeroRefusedNamingTheSetting() {
    assertThat(ArchiveSettings.askAgainAfter(settings(Map.of(), Map.of())))
        .isEqualTo(StorePolicy.DEFAULT_ASK_AGAIN_AFTER);
    assertThat(
            ArchiveSettings.askAgainAfter(
                settings(Map.of("NAS_ARCHIVE_ASK_AGAIN_AFTER_SECONDS", "30"), Map.of())))
        .isEqualTo(Duration.ofSeconds(30));
    assertThatThrownBy(
            () ->
                ArchiveSettings.askAgainAfter(
                    settings(Map.of("NAS_ARCHIVE_ASK_AGAIN_AFTER_SECONDS", "0"), Map.of())))
        .hasMessageStartingWith(
            "NAS_ARCHIVE_ASK_AGAIN_AFTER_SECONDS (nas.archive.ask.again.after.seconds) must be a"
                + " whole number of at least 1")
        .hasMessageEndingWith("'0'");
  }

  @Test
  void givenReplicaList_whenRead_thenThoseInTheirOrderOverTheProvisionedTwo() {
    assertThat(
            ArchiveSettings.replicaIds(
                settings(
                    Map.of("NAS_REPLICAS", " ONE, TWO ,THREE"),
                    Map.of("nas.replica.one", "ONE", "nas.replica.two", "TWO"))))
        .containsExactly("ONE", "TWO", "THREE");
    assertThat(ArchiveSettings.replicaIds(settings(Map.of(), Map.of("nas.replicas", "SB"))))
        .containsExactly("SB");
    assertThat(ArchiveSettings.replicaIds(settings(Map.of("NAS_REPLICAS", " "), Map.of())))
        .as("a blank list is no list: the provisioned two")
        .containsExactly("ONE", "TWO");
  }

  @Test
  void givenNoLocalReplicas_whenRead_thenEveryReplicaIsHeldHereAsBefore() {
    ServerSettings configured = settings(Map.of("NAS_REPLICAS", "ONE,TWO,THREE"), Map.of());
    assertThat(ArchiveSettings.localReplicaIds(configured, ArchiveSettings.replicaIds(configured)))
        .containsExactly("ONE", "TWO", "THREE");
    ServerSettings blank = settings(Map.of("NAS_REPLICAS_LOCAL", " "), Map.of());
    assertThat(ArchiveSettings.localReplicaIds(blank, ArchiveSettings.replicaIds(blank)))
        .as("a blank list is no list: every replica")
        .containsExactly("ONE", "TWO");
  }

  @Test
  void givenLocalReplicas_whenRead_thenOnlyThoseInTheOrderGiven() {
    ServerSettings configured =
        settings(
            Map.of("NAS_REPLICAS", "ONE,TWO,THREE", "NAS_REPLICAS_LOCAL", " THREE, ONE"), Map.of());
    assertThat(ArchiveSettings.localReplicaIds(configured, ArchiveSettings.replicaIds(configured)))
        .containsExactly("THREE", "ONE");
    ServerSettings property = settings(Map.of(), Map.of("nas.replicas.local", "ONE"));
    assertThat(ArchiveSettings.localReplicaIds(property, ArchiveSettings.replicaIds(property)))
        .containsExactly("ONE");
  }

  @Test
  void givenBadLocalReplicas_whenRead_thenRefusedNamingTheIdAndTheValue() {
    List<String> replicas = List.of("ONE", "TWO");
    assertThatThrownBy(
            () ->
                ArchiveSettings.localReplicaIds(
                    settings(Map.of("NAS_REPLICAS_LOCAL", "ONE,THREE"), Map.of()), replicas))
        .hasMessage(
            "NAS_REPLICAS_LOCAL (nas.replicas.local) names 'THREE', which is none of the replicas"
                + " [ONE, TWO] (nas.replicas), was 'ONE,THREE'");
    assertThatThrownBy(
            () ->
                ArchiveSettings.localReplicaIds(
                    settings(Map.of("NAS_REPLICAS_LOCAL", "TWO,TWO"), Map.of()), replicas))
        .hasMessage(
            "NAS_REPLICAS_LOCAL (nas.replicas.local) must name each replica once, but names 'TWO'"
                + " twice, was 'TWO,TWO'");
    assertThatThrownBy(
            () ->
                ArchiveSettings.localReplicaIds(
                    settings(Map.of("NAS_REPLICAS_LOCAL", "ONE,"), Map.of()), replicas))
        .hasMessage(
            "NAS_REPLICAS_LOCAL (nas.replicas.local) must name replica ids separated by ','"
                + " with none empty, was 'ONE,'");
  }

  @Test
  void givenBadReplicaList_whenRead_thenRefusedNamingTheIdAndTheValue() {
    assertThatThrownBy(
            () ->
                ArchiveSettings.replicaIds(
                    settings(Map.of("NAS_REPLICAS", "ONE,TWO,ONE"), Map.of())))
        .hasMessage(
            "NAS_REPLICAS (nas.replicas) must name each replica once, but names 'ONE' twice,"
                + " was 'ONE,TWO,ONE'");
    assertThatThrownBy(
            () ->
                ArchiveSettings.replicaIds(
                    settings(Map.of("NAS_REPLICAS", "ONE,o-1,THREE"), Map.of())))
        .hasMessageStartingWith(
            "NAS_REPLICAS (nas.replicas) names 'o-1', which is not a replica id")
        .hasMessageEndingWith("was 'ONE,o-1,THREE'");
    assertThatThrownBy(
            () ->
                ArchiveSettings.replicaIds(
                    settings(Map.of(), Map.of("nas.replicas", "ONE,COMMON"))))
        .hasMessageStartingWith(
            "NAS_REPLICAS (nas.replicas) names 'COMMON', which is not a replica id")
        .hasMessageEndingWith("was 'ONE,COMMON'");
    assertThatThrownBy(
            () ->
                ArchiveSettings.replicaIds(settings(Map.of("NAS_REPLICAS", "ONE,,TWO"), Map.of())))
        .hasMessage(
            "NAS_REPLICAS (nas.replicas) must name replica ids separated by ',' with none empty,"
                + " was 'ONE,,TWO'");
  }

  @Test
  void givenTheEnvironmentVariablesOfToday_whenRead_thenTheSameMeaning() {
    ArchiveSettings settings =
        archive(
            Map.of(
                "NAS_BITARCHIVE_ONE_DIRS", "/disk1/ba, /disk2/ba",
                "NAS_BITARCHIVE_TWO_CHECKSUM_ONLY", "true",
                "NAS_ARCHIVE_LOCAL_READ_DIRS", "/srv/agents",
                "NAS_BITARCHIVE_HEARTBEAT_SECONDS", "2",
                "NAS_INDEX_CACHE_DIR", "/srv/index-cache",
                "NAS_INDEX_CACHE_MAX_BYTES", "1000",
                "NAS_BITARCHIVE_RESERVE_BYTES", "0",
                "NAS_ARCHIVE_CORRECT_CREDENTIALS", " it-correct-Secret-1 "));

    assertThat(settings.bitarchiveDirectories("ONE"))
        .containsExactly(Path.of("/disk1/ba"), Path.of("/disk2/ba"));
    assertThat(settings.checksumOnly("ONE")).isFalse();
    assertThat(settings.checksumOnly("TWO")).isTrue();
    assertThat(settings.localReadDirectories()).containsExactly(Path.of("/srv/agents"));
    assertThat(settings.heartbeatInterval()).isEqualTo(Duration.ofSeconds(2));
    assertThat(settings.missingAfter()).isEqualTo(Duration.ofSeconds(6));
    assertThat(settings.monitorAnswerTimeout()).isEqualTo(Duration.ofSeconds(21600));
    assertThat(settings.indexCacheDirectory()).isEqualTo(Path.of("/srv/index-cache"));
    assertThat(settings.indexCacheMaxBytes()).isEqualTo(1000);
    assertThat(settings.reserveBytes()).isZero();
    assertThat(settings.checkCorrectCredentials("it-correct-Secret-1")).isNull();
    assertThat(settings.checkCorrectCredentials("guess"))
        .isEqualTo("wrong credentials for corrections");
  }

  @Test
  void givenNothingConfigured_whenRead_thenTheDefaults() {
    ArchiveSettings settings = archive(Map.of());

    assertThat(settings.bitarchiveDirectories("TWO")).hasSize(1);
    assertThat(settings.bitarchiveDirectories("TWO").get(0).endsWith(Path.of("bitarchive", "TWO")))
        .isTrue();
    assertThat(settings.localReadDirectories()).isEmpty();
    assertThat(settings.heartbeatInterval()).isEqualTo(Duration.ofSeconds(60));
    assertThat(settings.missingAfter()).isEqualTo(Duration.ofSeconds(180));
    assertThat(settings.indexCacheMaxBytes()).isEqualTo(10_000_000_000L);
    assertThat(settings.reserveBytes()).isEqualTo(100_000_000L);
    assertThat(settings.correctCredentials()).isNull();
    assertThat(settings.checkCorrectCredentials("x")).startsWith("corrections are disabled");
  }

  @Test
  void givenTheStagingMaxAge_whenRead_thenSevenDaysByDefault_andLessThanADayRefused() {
    assertThat(archive(Map.of()).stagingMaxAge()).isEqualTo(java.time.Duration.ofDays(7));
    assertThat(archive(Map.of("NAS_ARCHIVE_STAGING_MAX_AGE_DAYS", "2")).stagingMaxAge())
        .isEqualTo(java.time.Duration.ofDays(2));
    assertThatThrownBy(
            () -> archive(Map.of("NAS_ARCHIVE_STAGING_MAX_AGE_DAYS", "0")).stagingMaxAge())
        .hasMessage(
            "NAS_ARCHIVE_STAGING_MAX_AGE_DAYS (nas.archive.staging.max.age.days) must be at least"
                + " 1 (days), was '0'");
  }

  @Test
  void givenBadDirectories_whenRead_thenRefusedNamingTheSettingAndTheValue() {
    ArchiveSettings settings =
        archive(
            Map.of(
                "NAS_ARCHIVE_LOCAL_READ_DIRS", "/srv/agents,agents",
                "NAS_BITARCHIVE_ONE_DIRS", " , ",
                "NAS_CAPTURE_INDEX_DIR", "captures"));

    assertThatThrownBy(settings::localReadDirectories)
        .hasMessage(
            "NAS_ARCHIVE_LOCAL_READ_DIRS (nas.archive.local.read.dirs) must name absolute"
                + " directories, not 'agents', was '/srv/agents,agents'");
    assertThatThrownBy(() -> settings.bitarchiveDirectories("ONE"))
        .hasMessage(
            "NAS_BITARCHIVE_ONE_DIRS (nas.bitarchive.one.dirs) names no directory, was ','");
    assertThatThrownBy(settings::captureIndexDirectory)
        .hasMessageStartingWith(
            "NAS_CAPTURE_INDEX_DIR (nas.capture.index.dir) must be an absolute");
  }

  @Test
  void givenNodeNames_whenRead_thenEachReplicasListAndTheNodesOwnName() {
    ArchiveSettings central = archive(Map.of("NAS_BITARCHIVE_TWO_NODES", "N1, N2"));
    assertThat(central.nodeNames("TWO")).containsExactly("N1", "N2");
    assertThat(central.nodeNames("THREE")).as("one node without a name").isEmpty();
    assertThat(central.nodeName()).isEmpty();
    assertThat(archive(Map.of("NAS_NODE_NAME", "N2")).nodeName()).contains("N2");
  }

  @Test
  void givenBadNodeNames_whenRead_thenRefusedNamingTheSettingAndTheValue() {
    assertThatThrownBy(() -> archive(Map.of("NAS_BITARCHIVE_TWO_NODES", "N1,N1")).nodeNames("TWO"))
        .hasMessage(
            "NAS_BITARCHIVE_TWO_NODES (nas.bitarchive.two.nodes) must name each node once, but"
                + " names 'N1' twice, was 'N1,N1'");
    assertThatThrownBy(() -> archive(Map.of("NAS_BITARCHIVE_TWO_NODES", "N1,n-2")).nodeNames("TWO"))
        .hasMessageStartingWith(
            "NAS_BITARCHIVE_TWO_NODES (nas.bitarchive.two.nodes) names 'n-2', which is no node name")
        .hasMessageEndingWith("was 'N1,n-2'");
    assertThatThrownBy(() -> archive(Map.of("NAS_NODE_NAME", "NODE_ONE")).nodeName())
        .hasMessageStartingWith("NAS_NODE_NAME (nas.node.name) names 'NODE_ONE', which is no node")
        .hasMessageEndingWith("was 'NODE_ONE'");
  }
}
