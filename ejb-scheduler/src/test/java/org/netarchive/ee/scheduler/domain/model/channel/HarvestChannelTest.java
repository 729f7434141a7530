package org.netarchive.ee.scheduler.domain.model.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;

class HarvestChannelTest {

  private static HarvestChannel selective(String name) {
    return new HarvestChannel(name, HarvestKind.SELECTIVE, null);
  }

  private static HarvestChannel defaultChannel(String name, HarvestKind kind) {
    HarvestChannel channel = new HarvestChannel(name, kind, null);
    channel.makeDefaultInsteadOf(null);
    return channel;
  }

  @Test
  void givenLowerCaseName_whenCreated_thenKeptUpperCase() {
    HarvestChannel channel = selective(" focused2 ");

    assertThat(channel.name()).isEqualTo("FOCUSED2");
    assertThat(channel.kind()).isEqualTo(HarvestKind.SELECTIVE);
    assertThat(channel.isDefault()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "focused_crawl", "focused crawl", "fokusé", "a-b"})
  void givenNameThatCannotBePartOfAQueueName_whenCreated_thenErrorNamesTheValue(String name) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> selective(name))
        .withMessageStartingWith("Harvest channel name '" + name + "' is not valid")
        .withMessageContaining("letters A-Z and digits");
  }

  @Test
  void givenNameOf61Characters_whenCreated_thenRefused() {
    assertThat(selective("A".repeat(60)).name()).hasSize(60);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> selective("A".repeat(61)))
        .withMessageContaining("1 to 60");
  }

  @Test
  void givenNullName_whenCreated_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> selective(null))
        .withMessageStartingWith("Harvest channel name null is not valid");
  }

  @ParameterizedTest
  @ValueSource(strings = {"focused", "Snapshot2", "HIGHPRIORITY", "x"})
  void givenValidName_whenAskingForItsJobQueue_thenTheCommonLibraryAcceptsIt(String name) {
    HarvestChannel channel = selective(name);

    assertThat(Channels.forEnvironment("DEV").harvestJobs(channel.name()).name())
        .isEqualTo("DEV_COMMON_ANY_" + channel.name() + "_HACO");
  }

  @Test
  void givenTheDefaultNames_whenAskingForTheirQueues_thenTheReferenceQueues() {
    Channels dev = Channels.forEnvironment("DEV");

    assertThat(dev.harvestJobs(HarvestChannel.HIGH_PRIORITY))
        .isEqualTo(dev.highPriorityHarvestJobs());
    assertThat(dev.harvestJobs(HarvestChannel.LOW_PRIORITY))
        .isEqualTo(dev.lowPriorityHarvestJobs());
  }

  @Test
  void givenNoDefault_whenMadeDefault_thenItIsTheDefault() {
    HarvestChannel channel = selective("focused");

    channel.makeDefaultInsteadOf(null);

    assertThat(channel.isDefault()).isTrue();
  }

  @Test
  void givenADefault_whenAnotherOfTheSameKindBecomesDefault_thenTheDefaultMoves() {
    HarvestChannel high = defaultChannel("HIGHPRIORITY", HarvestKind.SELECTIVE);
    HarvestChannel focused = selective("focused");

    focused.makeDefaultInsteadOf(high);

    assertThat(focused.isDefault()).isTrue();
    assertThat(high.isDefault()).isFalse();
  }

  @Test
  void givenTheDefault_whenMadeDefaultAgain_thenNothingChanges() {
    HarvestChannel high = defaultChannel("HIGHPRIORITY", HarvestKind.SELECTIVE);

    high.makeDefaultInsteadOf(high);
    high.makeDefaultInsteadOf(null);

    assertThat(high.isDefault()).isTrue();
  }

  @Test
  void givenTheDefaultOfTheOtherKind_whenReplacingIt_thenRefusedAndNothingChanges() {
    HarvestChannel low = defaultChannel("LOWPRIORITY", HarvestKind.SNAPSHOT);
    HarvestChannel focused = selective("focused");

    assertThatIllegalArgumentException()
        .isThrownBy(() -> focused.makeDefaultInsteadOf(low))
        .withMessage(
            "Harvest channel 'FOCUSED' carries selective harvests, so it cannot replace"
                + " 'LOWPRIORITY', which carries snapshot harvests, as the default");
    assertThat(low.isDefault()).isTrue();
    assertThat(focused.isDefault()).isFalse();
  }

  @Test
  void givenAChannelThatIsNotTheDefault_whenReplacingIt_thenRefused() {
    HarvestChannel other = selective("other");
    HarvestChannel focused = selective("focused");

    assertThatIllegalArgumentException()
        .isThrownBy(() -> focused.makeDefaultInsteadOf(other))
        .withMessageContaining("'OTHER' is not the default selective channel");
  }

  @Test
  void givenASnapshotChannel_whenASelectiveHarvestUsesIt_thenErrorNamesHarvestAndChannel() {
    HarvestChannel low = new HarvestChannel("LOWPRIORITY", HarvestKind.SNAPSHOT, null);

    low.checkCarries(HarvestKind.SNAPSHOT, "Snapshot 2026");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> low.checkCarries(HarvestKind.SELECTIVE, "Election 2026"))
        .withMessage(
            "The selective harvest 'Election 2026' cannot use harvest channel 'LOWPRIORITY':"
                + " it carries snapshot harvests");
  }

  @Test
  void givenComments_whenChanged_thenBlankIsNoneAndTooLongIsRefused() {
    HarvestChannel channel = new HarvestChannel("focused", HarvestKind.SELECTIVE, "  for news ");

    assertThat(channel.comments()).isEqualTo("for news");
    channel.changeComments(" ");
    assertThat(channel.comments()).isNull();
    assertThatIllegalArgumentException()
        .isThrownBy(() -> channel.changeComments("x".repeat(4001)))
        .withMessageContaining("'FOCUSED' have 4001 characters; at most 4000");
  }
}
