package org.netarchive.ee.scheduler.application.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;

class ChannelServiceTest {

  private final InMemoryChannelRepository repository = new InMemoryChannelRepository();
  private final RecordingChannelQueues queues = new RecordingChannelQueues();
  private final ChannelService service = new ChannelService(repository, queues);

  @Test
  void givenANewName_whenCreating_thenStoredUpperCasedWithItsQueueOnTheBroker() {
    ChannelView created = service.create("focused", HarvestKind.SELECTIVE, " Quick jobs ");

    assertThat(created.name()).isEqualTo("FOCUSED");
    assertThat(created.kind()).isEqualTo(HarvestKind.SELECTIVE);
    assertThat(created.defaultChannel()).isFalse();
    assertThat(created.queue()).isEqualTo("DEV_COMMON_ANY_FOCUSED_HACO");
    assertThat(created.comments()).isEqualTo("Quick jobs");
    assertThat(queues.queues()).containsExactly("DEV_COMMON_ANY_FOCUSED_HACO");
    assertThat(repository.findByName("FOCUSED")).isPresent();
  }

  @Test
  void givenAnUnderscoreInTheName_whenCreating_thenTheNameIsRefusedAndNoQueueIsMade() {
    InvalidFieldException e =
        catchThrowableOfType(
            InvalidFieldException.class,
            () -> service.create("MY_CHANNEL", HarvestKind.SELECTIVE, null));

    assertThat(e.field()).isEqualTo("name");
    assertThat(e).hasMessageContaining("'MY_CHANNEL'").hasMessageContaining("letters A-Z");
    assertThat(queues.queues()).isEmpty();
  }

  @Test
  void givenATakenNameInAnotherCase_whenCreating_thenTheNameIsRefused() {
    InvalidFieldException e =
        catchThrowableOfType(
            InvalidFieldException.class,
            () -> service.create("highPriority", HarvestKind.SELECTIVE, null));

    assertThat(e.field()).isEqualTo("name");
    assertThat(e).hasMessageContaining("'HIGHPRIORITY' exists already");
  }

  @Test
  void givenNoKind_whenCreating_thenTheKindIsRefused() {
    InvalidFieldException e =
        catchThrowableOfType(InvalidFieldException.class, () -> service.create("X", null, null));

    assertThat(e.field()).isEqualTo("kind");
  }

  @Test
  void givenTooLongComments_whenCreating_thenTheCommentsAreRefused() {
    InvalidFieldException e =
        catchThrowableOfType(
            InvalidFieldException.class,
            () -> service.create("LONG", HarvestKind.SNAPSHOT, "x".repeat(4001)));

    assertThat(e.field()).isEqualTo("comments");
  }

  @Test
  void givenAStaleVersion_whenChangingComments_thenRefusedNamingBothVersions() {
    service.create("FOCUSED", HarvestKind.SELECTIVE, "first");

    assertThatExceptionOfType(StaleEditException.class)
        .isThrownBy(() -> service.update("FOCUSED", 3, "second"))
        .withMessageContaining("Harvest channel 'FOCUSED'")
        .withMessageContaining("now version 0");
    assertThat(service.get("FOCUSED").comments()).isEqualTo("first");
  }

  @Test
  void givenASecondSelectiveChannel_whenMadeDefault_thenTheFormerDefaultStopsBeingIt() {
    service.create("FOCUSED", HarvestKind.SELECTIVE, null);

    ChannelView focused = service.makeDefault("focused");

    assertThat(focused.defaultChannel()).isTrue();
    assertThat(service.get("HIGHPRIORITY").defaultChannel()).isFalse();
    assertThat(service.get("LOWPRIORITY").defaultChannel()).isTrue();
    assertThat(service.ofKind(HarvestKind.SELECTIVE))
        .extracting(ChannelView::name)
        .containsExactly("FOCUSED", "HIGHPRIORITY");
  }

  @Test
  void givenAnUnknownName_whenReading_thenNotFoundNamingIt() {
    assertThatExceptionOfType(NotFoundException.class)
        .isThrownBy(() -> service.get("NOPE"))
        .withMessage("No harvest channel named 'NOPE'");
  }

  @Test
  void givenChannels_whenListingWithAGlob_thenOnlyMatchesByName() {
    service.create("FOCUSED", HarvestKind.SELECTIVE, null);
    service.create("FAST", HarvestKind.SNAPSHOT, null);

    assertThat(service.list("f*", 0, 10).items())
        .extracting(ChannelView::name)
        .containsExactly("FAST", "FOCUSED");
    assertThat(
            catchThrowableOfType(InvalidFieldException.class, () -> service.list(null, 0, 0))
                .field())
        .isEqualTo("size");
  }
}
