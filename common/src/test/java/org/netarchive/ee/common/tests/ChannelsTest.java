package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.common.channel.Channel;
import org.netarchive.ee.common.channel.ChannelKind;
import org.netarchive.ee.common.channel.ChannelPrefix;
import org.netarchive.ee.common.channel.Channels;

class ChannelsTest {

  private final Channels prod = Channels.forEnvironment("PROD");

  private static Channel queue(String name) {
    return new Channel(name, ChannelKind.QUEUE);
  }

  private static Channel topic(String name) {
    return new Channel(name, ChannelKind.TOPIC);
  }

  // The replica of an address

  @Test
  void givenAReplicaChannelAddress_whenLookingUpItsReplica_thenTheReplicaWithOrWithoutPrefix() {
    List<String> replicas = List.of("ONE", "TWO");
    assertThat(prod.replicaOfChannel("jms.queue.PROD_TWO_ANY_BA", replicas)).contains("TWO");
    assertThat(prod.replicaOfChannel("jms.topic.PROD_ONE_ALL_BA", replicas)).contains("ONE");
    assertThat(prod.replicaOfChannel("PROD_TWO_THE_BAMON", replicas)).contains("TWO");
    assertThat(prod.replicaOfChannel("PROD_THREE_ANY_BA", replicas))
        .as("a replica not configured")
        .isEmpty();
    assertThat(prod.replicaOfChannel("DEV_ONE_ANY_BA", replicas))
        .as("another environment's channel")
        .isEmpty();
    assertThat(prod.replicaOfChannel("jms.queue.PROD_COMMON_THE_REPOS", replicas)).isEmpty();
  }

  // Environment

  @Test
  void givenValidEnvironment_whenCreatingChannels_thenItIsKept() {
    assertThat(prod.environment()).isEqualTo("PROD");
    assertThat(Channels.forEnvironment("TEST2").theSched().name())
        .isEqualTo("TEST2_COMMON_THE_SCHED");
    assertThat(Channels.forEnvironment("PROD")).isEqualTo(prod).hasSameHashCodeAs(prod);
  }

  @ParameterizedTest
  @ValueSource(strings = {"prod", "", " ", "PROD ", "2PROD", "PR_OD", "PRØD"})
  void givenInvalidEnvironment_whenCreatingChannels_thenErrorNamesTheValue(String environment) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Channels.forEnvironment(environment))
        .withMessageContaining("environment name '" + environment + "'");
  }

  @Test
  void givenNullEnvironment_whenCreatingChannels_thenIllegalArgument() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Channels.forEnvironment(null))
        .withMessageContaining("environment name null");
  }

  // Common channels

  @Test
  void givenProd_whenAskingForTheScheduler_thenCommonQueue() {
    assertThat(prod.theSched()).isEqualTo(queue("PROD_COMMON_THE_SCHED"));
    assertThat(prod.theSched().isTopic()).isFalse();
    assertThat(prod.theSched().isQueue()).isTrue();
  }

  @Test
  void givenProd_whenAskingForOtherCommonChannels_thenCommonQueues() {
    assertThat(prod.theRepos()).isEqualTo(queue("PROD_COMMON_THE_REPOS"));
    assertThat(prod.indexServer()).isEqualTo(queue("PROD_COMMON_INDEX_SERVER"));
    assertThat(prod.monitor()).isEqualTo(queue("PROD_COMMON_MONITOR"));
    assertThat(prod.error()).isEqualTo(queue("PROD_COMMON_ERROR"));
  }

  @Test
  void givenProd_whenAskingForTheAgentsTopic_thenOneCommonTopic() {
    assertThat(prod.allHarvesterAgents()).isEqualTo(topic("PROD_COMMON_ALL_HACO"));
    assertThat(prod.allHarvesterAgents().isQueue()).isFalse();
  }

  // Harvest job queues

  @Test
  void givenDefaultHarvestChannels_whenAskingForJobQueues_thenAnyHacoQueues() {
    assertThat(prod.highPriorityHarvestJobs())
        .isEqualTo(queue("PROD_COMMON_ANY_HIGHPRIORITY_HACO"));
    assertThat(prod.lowPriorityHarvestJobs()).isEqualTo(queue("PROD_COMMON_ANY_LOWPRIORITY_HACO"));
    assertThat(prod.commonChannel(ChannelPrefix.ANY_HIGHPRIORITY_HACO))
        .isEqualTo(prod.highPriorityHarvestJobs());
  }

  @Test
  void givenLowerCaseHarvestChannel_whenAskingForJobQueue_thenItIsUpperCased() {
    assertThat(prod.harvestJobs("focused")).isEqualTo(queue("PROD_COMMON_ANY_FOCUSED_HACO"));
    assertThat(prod.harvestJobs("Snapshot2")).isEqualTo(queue("PROD_COMMON_ANY_SNAPSHOT2_HACO"));
  }

  @ParameterizedTest
  @NullAndEmptySource
  @ValueSource(strings = {" ", "focused crawl", "focused_crawl", "fokusé"})
  void givenInvalidHarvestChannel_whenAskingForJobQueue_thenErrorNamesTheValue(String name) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> prod.harvestJobs(name))
        .withMessageContaining(
            "harvest channel name " + (name == null ? "null" : "'" + name + "'"));
  }

  // Replica channels

  @Test
  void givenReplicaOne_whenAskingForAllBa_thenTopicAnnotatedWithReplica() {
    assertThat(prod.allBa("ONE")).isEqualTo(topic("PROD_ONE_ALL_BA"));
    assertThat(prod.allBa("ONE").isTopic()).isTrue();
  }

  @Test
  void givenReplicaTwo_whenAskingForAnyBa_thenQueueAnnotatedWithReplica() {
    assertThat(prod.anyBa("TWO")).isEqualTo(queue("PROD_TWO_ANY_BA"));
  }

  @Test
  void givenReplica_whenAskingForMonitorAndChecksumReplica_thenReplicaQueues() {
    assertThat(prod.theBamon("ONE")).isEqualTo(queue("PROD_ONE_THE_BAMON"));
    assertThat(prod.theCr("THREE")).isEqualTo(queue("PROD_THREE_THE_CR"));
    assertThat(prod.replicaChannel(ChannelPrefix.ALL_BA, "2")).isEqualTo(topic("PROD_2_ALL_BA"));
  }

  @ParameterizedTest
  @NullAndEmptySource
  @ValueSource(strings = {"one two", "one", "ONE TWO", "ONE_TWO", " ONE"})
  void givenInvalidReplicaId_whenAskingForReplicaChannel_thenErrorNamesTheValue(String replica) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> prod.allBa(replica))
        .withMessageContaining("replica id " + (replica == null ? "null" : "'" + replica + "'"));
  }

  @Test
  void givenReplicaIdCommon_whenAskingForReplicaChannel_thenItIsRejectedAsReserved() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> prod.anyBa("COMMON"))
        .withMessageContaining("'COMMON'")
        .withMessageContaining("reserved");
  }

  @Test
  void givenPrefixNotMatchingTheMethod_whenBuildingChannel_thenErrorSaysWhatItNeeds() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> prod.commonChannel(ChannelPrefix.ALL_BA))
        .withMessageContaining("ALL_BA needs a replica id");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> prod.replicaChannel(ChannelPrefix.THE_SCHED, "ONE"))
        .withMessageContaining("THE_SCHED does not belong to a replica");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> prod.instanceChannel(ChannelPrefix.MONITOR, "host", "App", null))
        .withMessageContaining("MONITOR is not for one application instance");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> prod.commonChannel(ChannelPrefix.THIS_REPOS_CLIENT))
        .withMessageContaining("a machine and an application instance");
  }

  // Application instance channels

  @Test
  void givenMachineAndApplicationWithInstance_whenAskingForReposClient_thenAllPartsInOrder() {
    assertThat(prod.thisReposClient("130.226.258.7", "HarvestControllerApplication", "HIGH"))
        .isEqualTo(queue("PROD_COMMON_THIS_REPOS_CLIENT_130.226.258.7_HCA_HIGH"));
  }

  @Test
  void givenBlankInstanceId_whenAskingForIndexClient_thenOnlyTheAbbreviationEnds() {
    Channel channel = prod.thisIndexClient("kb-prod-idx.kb.dk", "IndexServerApplication", " ");

    assertThat(channel).isEqualTo(queue("PROD_COMMON_THIS_INDEX_CLIENT_kb-prod-idx.kb.dk_ISA"));
    assertThat(channel.name()).endsWith("_ISA");
    assertThat(prod.thisIndexClient("h", "IndexServerApplication", null).name()).endsWith("_h_ISA");
  }

  @Test
  void givenQualifiedApplicationName_whenAbbreviating_thenOnlyTheSimpleNameCounts() {
    assertThat(
            Channels.applicationAbbreviation(
                "dk.netarkivet.harvester.harvesting.HarvestControllerApplication"))
        .isEqualTo("HCA");
    assertThat(Channels.applicationAbbreviation("org.Weird.BitarchiveMonitorApplication"))
        .isEqualTo("BMA");
    assertThat(Channels.applicationInstance("HarvestControllerApplication", "HIGH"))
        .isEqualTo("HCA_HIGH");
    assertThat(Channels.applicationInstance("IndexServerApplication", "")).isEqualTo("ISA");
  }

  @ParameterizedTest
  @NullAndEmptySource
  @ValueSource(strings = {" ", "harvester", "dk.netarkivet.app"})
  void givenApplicationNameWithoutCapitals_whenAskingForClientChannel_thenErrorNamesIt(
      String applicationName) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> prod.thisReposClient("host", applicationName, "HIGH"))
        .withMessageContaining(
            "application name " + (applicationName == null ? "null" : "'" + applicationName + "'"));
  }

  @ParameterizedTest
  @NullAndEmptySource
  @ValueSource(strings = {" ", "my host", "host\n", "host\u0000", "\thost"})
  void givenInvalidMachine_whenAskingForClientChannel_thenErrorNamesIt(String machine) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> prod.thisReposClient(machine, "HarvestControllerApplication", "HIGH"))
        .withMessageContaining("invalid machine");
  }

  @Test
  void givenInstanceIdWithWhitespace_whenAskingForClientChannel_thenErrorNamesIt() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> prod.thisReposClient("host", "HarvestControllerApplication", "HI GH"))
        .withMessageContaining("instance id 'HI GH'");
  }

  // Kinds

  @ParameterizedTest
  @EnumSource(ChannelPrefix.class)
  void givenAnyPrefix_whenAskingForItsKind_thenOnlyAllPrefixesAreTopics(ChannelPrefix prefix) {
    ChannelKind expected =
        prefix.prefix().startsWith("ALL_") ? ChannelKind.TOPIC : ChannelKind.QUEUE;

    assertThat(prefix.kind()).isEqualTo(expected);
  }

  @Test
  void givenKnownPrefixes_whenAskingWhichPartsTheyUse_thenAsDesigned() {
    assertThat(ChannelPrefix.values())
        .filteredOn(ChannelPrefix::usesReplicaId)
        .containsExactlyInAnyOrder(
            ChannelPrefix.THE_BAMON,
            ChannelPrefix.ALL_BA,
            ChannelPrefix.ANY_BA,
            ChannelPrefix.THE_CR);
    assertThat(ChannelPrefix.values())
        .filteredOn(ChannelPrefix::usesMachine)
        .containsExactlyInAnyOrder(
            ChannelPrefix.THIS_REPOS_CLIENT, ChannelPrefix.THIS_INDEX_CLIENT);
    assertThat(ChannelPrefix.values())
        .filteredOn(ChannelPrefix::usesApplicationInstance)
        .containsExactlyInAnyOrder(
            ChannelPrefix.THIS_REPOS_CLIENT, ChannelPrefix.THIS_INDEX_CLIENT);
    assertThat(ChannelPrefix.values())
        .filteredOn(p -> p.kind() == ChannelKind.TOPIC)
        .containsExactlyInAnyOrder(ChannelPrefix.ALL_BA, ChannelPrefix.ALL_HACO);
  }

  @Test
  void givenChannelsOfEveryKind_whenCheckingKind_thenOnlyAllChannelsAreTopics() {
    assertThat(prod.allStaticChannels(List.of("ONE", "TWO")))
        .allSatisfy(
            channel -> assertThat(channel.isTopic()).isEqualTo(channel.name().contains("_ALL_")));
    assertThat(prod.harvestJobs("ALL").isTopic()).as("ANY_ALL_HACO is still a queue").isFalse();
  }

  // Everything a server installation defines

  @Test
  void givenReplicasOneAndTwo_whenListingStaticChannels_thenCommonAndPerReplicaChannels() {
    List<Channel> channels = prod.allStaticChannels(List.of("ONE", "TWO"));

    assertThat(channels)
        .containsExactly(
            queue("PROD_COMMON_THE_SCHED"),
            queue("PROD_COMMON_ANY_HIGHPRIORITY_HACO"),
            queue("PROD_COMMON_ANY_LOWPRIORITY_HACO"),
            topic("PROD_COMMON_ALL_HACO"),
            queue("PROD_COMMON_THE_REPOS"),
            queue("PROD_COMMON_INDEX_SERVER"),
            queue("PROD_COMMON_MONITOR"),
            queue("PROD_COMMON_ERROR"),
            queue("PROD_COMMON_DLQ"),
            queue("PROD_ONE_THE_BAMON"),
            topic("PROD_ONE_ALL_BA"),
            queue("PROD_ONE_ANY_BA"),
            queue("PROD_TWO_THE_BAMON"),
            topic("PROD_TWO_ALL_BA"),
            queue("PROD_TWO_ANY_BA"));
    assertThat(channels).extracting(Channel::name).noneMatch(name -> name.contains("THIS_"));
    assertThat(channels).doesNotHaveDuplicates();
  }

  @Test
  void givenNoReplicas_whenListingStaticChannels_thenOnlyCommonChannels() {
    assertThat(prod.allStaticChannels(List.of()))
        .hasSize(9)
        .allSatisfy(channel -> assertThat(channel.name()).startsWith("PROD_COMMON_"));
  }

  @Test
  void givenDuplicateOrInvalidReplica_whenListingStaticChannels_thenErrorNamesIt() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> prod.allStaticChannels(List.of("ONE", "ONE")))
        .withMessageContaining("'ONE'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> prod.allStaticChannels(List.of("ONE", "one two")))
        .withMessageContaining("'one two'");
  }

  @Test
  void givenStaticChannelList_whenModifying_thenItIsRejected() {
    List<Channel> channels = prod.allStaticChannels(List.of("ONE"));

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> channels.add(queue("X")))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  // The Channel record

  @Test
  void givenBlankOrSpacedName_whenCreatingChannel_thenIllegalArgument() {
    assertThatIllegalArgumentException().isThrownBy(() -> queue(" "));
    assertThatIllegalArgumentException()
        .isThrownBy(() -> queue("PROD COMMON"))
        .withMessageContaining("'PROD COMMON'");
  }
}
