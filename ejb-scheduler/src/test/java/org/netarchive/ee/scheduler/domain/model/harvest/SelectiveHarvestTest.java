package org.netarchive.ee.scheduler.domain.model.harvest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.scheduler.domain.model.EntityIds;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;

class SelectiveHarvestTest {

  private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");
  private static final HarvestChannel HIGH =
      new HarvestChannel("HIGHPRIORITY", HarvestKind.SELECTIVE, null);
  private static final HarvestChannel LOW =
      new HarvestChannel("LOWPRIORITY", HarvestKind.SNAPSHOT, null);
  private static final Schedule DAILY =
      Schedule.builder("Daily").every(1, FrequencyUnit.DAYS).at(2, 0).build();

  private static final ChosenConfiguration KB = new ChosenConfiguration(1, "kb.dk", 11, "default");
  private static final ChosenConfiguration KB_DEEP =
      new ChosenConfiguration(1, "kb.dk", 12, "deep");
  private static final ChosenConfiguration NETARKIVET =
      new ChosenConfiguration(2, "netarkivet.dk", 21, "default");

  private static SelectiveHarvest harvest() {
    return new SelectiveHarvest("Election 2026", HIGH, NOW);
  }

  private static SelectiveHarvest active(Schedule schedule) {
    SelectiveHarvest harvest = harvest();
    harvest.addConfiguration(KB);
    harvest.useSchedule(schedule, NOW);
    harvest.activate(NOW);
    return harvest;
  }

  @Test
  void givenANewHarvest_thenItIsInactiveWithoutScheduleNextDateRunsOrConfigurations() {
    SelectiveHarvest harvest = harvest();

    assertThat(harvest.kind()).isEqualTo(HarvestKind.SELECTIVE);
    assertThat(harvest.isActive()).isFalse();
    assertThat(harvest.schedule()).isEmpty();
    assertThat(harvest.nextDate()).isEmpty();
    assertThat(harvest.runCount()).isZero();
    assertThat(harvest.configurations()).isEmpty();
    assertThat(harvest.channel()).isSameAs(HIGH);
    assertThat(harvest.createdAt()).isEqualTo(NOW);
    assertThat(harvest.isDue(NOW)).isFalse();
  }

  @Test
  void givenASnapshotChannel_whenCreating_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new SelectiveHarvest("Election 2026", LOW, NOW))
        .withMessage(
            "The selective harvest 'Election 2026' cannot use harvest channel 'LOWPRIORITY':"
                + " it carries snapshot harvests");
  }

  @Test
  void givenASnapshotChannel_whenChangingToIt_thenRefusedAndTheChannelIsKept() {
    SelectiveHarvest harvest = harvest();

    assertThatIllegalArgumentException().isThrownBy(() -> harvest.useChannel(LOW));
    assertThat(harvest.channel()).isSameAs(HIGH);
  }

  @Test
  void givenANameWithBlanksAround_whenCreating_thenStripped() {
    assertThat(new SelectiveHarvest("  Election: 2026 ", HIGH, NOW).name())
        .isEqualTo("Election: 2026");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "  ", "Election\t2026", "Election\n2026"})
  void givenAnInvalidName_whenCreating_thenErrorNamesTheValue(String name) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new SelectiveHarvest(name, HIGH, NOW))
        .withMessage(
            "Harvest name '"
                + name
                + "' is not valid: use 1 to 128 characters without tabs or line breaks");
  }

  @Test
  void givenANameOf129Characters_whenRenaming_thenRefused() {
    SelectiveHarvest harvest = harvest();

    harvest.rename("x".repeat(128));
    assertThatIllegalArgumentException().isThrownBy(() -> harvest.rename("x".repeat(129)));
    assertThat(harvest.name()).hasSize(128);
  }

  @Test
  void givenNoConfiguration_whenActivating_thenRefused() {
    SelectiveHarvest harvest = harvest();
    harvest.useSchedule(DAILY, NOW);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.activate(NOW))
        .withMessage(
            "selective harvest 'Election 2026' has no domain configurations; add at least one"
                + " before activating it");
    assertThat(harvest.isActive()).isFalse();
  }

  @Test
  void givenNoSchedule_whenActivating_thenRefused() {
    SelectiveHarvest harvest = harvest();
    harvest.addConfiguration(KB);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.activate(NOW))
        .withMessage(
            "selective harvest 'Election 2026' has no schedule; choose one before activating it");
  }

  @Test
  void givenConfigurationAndSchedule_whenActivating_thenTheNextDateIsTheScheduleFirstRun() {
    SelectiveHarvest harvest = active(DAILY);

    assertThat(harvest.isActive()).isTrue();
    assertThat(harvest.nextDate()).contains(Instant.parse("2026-05-02T02:00:00Z"));
    assertThat(harvest.isDue(Instant.parse("2026-05-02T01:59:59Z"))).isFalse();
    assertThat(harvest.isDue(Instant.parse("2026-05-02T02:00:00Z"))).isTrue();
  }

  @Test
  void givenAScheduleThatHasEnded_whenActivating_thenRefused() {
    Schedule ended =
        Schedule.builder("Spring")
            .every(1, FrequencyUnit.DAYS)
            .startingAt(Instant.parse("2026-03-01T00:00:00Z"))
            .endingAt(Instant.parse("2026-04-01T00:00:00Z"))
            .build();
    SelectiveHarvest harvest = harvest();
    harvest.addConfiguration(KB);
    harvest.useSchedule(ended, NOW);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.activate(NOW))
        .withMessage(
            "Schedule 'Spring' of selective harvest 'Election 2026' has no run left after "
                + NOW
                + "; choose another schedule");
    assertThat(harvest.isActive()).isFalse();
    assertThat(harvest.nextDate()).isEmpty();
  }

  @Test
  void givenAllRunsOfTheScheduleDone_whenActivatingAgain_thenRefused() {
    Schedule twice =
        Schedule.builder("Twice").every(1, FrequencyUnit.DAYS).endingAfterRuns(2).build();
    SelectiveHarvest harvest = active(twice);
    harvest.recordRun(NOW);
    harvest.recordRun(NOW.plusSeconds(86_400));

    assertThat(harvest.isActive()).isFalse();
    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.activate(NOW.plusSeconds(2 * 86_400)))
        .withMessageContaining("has had all 2 runs of schedule 'Twice'");
  }

  @Test
  void givenAnActiveHarvest_whenDeactivated_thenItHasNoNextDateAndIsNotDue() {
    SelectiveHarvest harvest = active(DAILY);

    harvest.deactivate();

    assertThat(harvest.isActive()).isFalse();
    assertThat(harvest.nextDate()).isEmpty();
    assertThat(harvest.isDue(Instant.parse("2030-01-01T00:00:00Z"))).isFalse();
  }

  @Test
  void givenARun_whenRecorded_thenCountedAndTheNextDateIsTheScheduleNextRun() {
    SelectiveHarvest harvest = active(DAILY);

    harvest.recordRun(Instant.parse("2026-05-02T02:00:05Z"));

    assertThat(harvest.runCount()).isEqualTo(1);
    assertThat(harvest.nextDate()).contains(Instant.parse("2026-05-03T02:00:00Z"));
    assertThat(harvest.isActive()).isTrue();
  }

  @Test
  void givenARunMadeLate_whenRecorded_thenMissedRunsAreSkipped() {
    SelectiveHarvest harvest = active(DAILY);

    harvest.recordRun(Instant.parse("2026-05-05T12:00:00Z"));

    assertThat(harvest.runCount()).isEqualTo(1);
    assertThat(harvest.nextDate()).contains(Instant.parse("2026-05-06T02:00:00Z"));
  }

  @Test
  void givenARunOnceSchedule_whenTheRunIsRecorded_thenTheHarvestDeactivates() {
    Schedule once = Schedule.builder("Once").once().build();
    SelectiveHarvest harvest = active(once);
    assertThat(harvest.nextDate()).contains(NOW);

    harvest.recordRun(NOW);

    assertThat(harvest.runCount()).isEqualTo(1);
    assertThat(harvest.isActive()).isFalse();
    assertThat(harvest.nextDate()).isEmpty();
  }

  @Test
  void givenAnInactiveHarvest_whenRecordingARun_thenRefused() {
    SelectiveHarvest harvest = harvest();

    assertThatIllegalStateException()
        .isThrownBy(() -> harvest.recordRun(NOW))
        .withMessage("selective harvest 'Election 2026' is not active, so it does not run");
  }

  @Test
  void givenADomainInTheHarvest_whenAddingAnotherConfigurationOfIt_thenRefused() {
    SelectiveHarvest harvest = harvest();
    harvest.addConfiguration(KB);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.addConfiguration(KB_DEEP))
        .withMessage(
            "selective harvest 'Election 2026' harvests domain 'kb.dk' with another configuration"
                + " already; a harvest uses one configuration per domain, so remove that one"
                + " before adding 'deep'");
    assertThat(harvest.configurations()).isEqualTo(Map.of(1L, 11L));
  }

  @Test
  void givenTheSameConfigurationTwice_whenAdding_thenKeptOnce() {
    SelectiveHarvest harvest = harvest();

    assertThat(harvest.addConfiguration(KB)).isTrue();
    assertThat(harvest.addConfiguration(KB)).isFalse();
    assertThat(harvest.addConfiguration(NETARKIVET)).isTrue();

    assertThat(harvest.configurations()).isEqualTo(Map.of(1L, 11L, 2L, 21L));
    assertThat(harvest.configurationCount()).isEqualTo(2);
    assertThat(harvest.harvestsDomain(2)).isTrue();
    assertThat(harvest.harvestsDomain(3)).isFalse();
  }

  @Test
  void givenTwoConfigurationsOfOneDomain_whenUsingThem_thenRefusedNamingBoth() {
    SelectiveHarvest harvest = harvest();
    harvest.addConfiguration(NETARKIVET);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.useConfigurations(List.of(KB, NETARKIVET, KB_DEEP)))
        .withMessage(
            "selective harvest 'Election 2026' can use one configuration per domain, but got"
                + " both 'default' and 'deep' of domain 'kb.dk'");
    assertThat(harvest.configurations()).isEqualTo(Map.of(2L, 21L));
  }

  @Test
  void givenConfigurations_whenUsingThem_thenTheyReplaceTheOldOnes() {
    SelectiveHarvest harvest = harvest();
    harvest.addConfiguration(NETARKIVET);

    harvest.useConfigurations(List.of(KB_DEEP, KB_DEEP));

    assertThat(harvest.configurations()).isEqualTo(Map.of(1L, 12L));
  }

  @Test
  void givenAnActiveHarvest_whenRemovingItsLastConfiguration_thenRefused() {
    SelectiveHarvest harvest = active(DAILY);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.removeDomain(1))
        .withMessage(
            "selective harvest 'Election 2026' is active, so it needs at least one domain"
                + " configuration; deactivate it first");
    assertThatIllegalArgumentException().isThrownBy(() -> harvest.useConfigurations(List.of()));
    assertThat(harvest.configurations()).isEqualTo(Map.of(1L, 11L));
  }

  @Test
  void givenAnInactiveHarvest_whenRemovingDomains_thenTheyGo() {
    SelectiveHarvest harvest = harvest();
    harvest.useConfigurations(List.of(KB, NETARKIVET));

    assertThat(harvest.removeDomain(1)).isTrue();
    assertThat(harvest.removeDomain(1)).isFalse();
    assertThat(harvest.removeDomain(2)).isTrue();
    assertThat(harvest.configurations()).isEmpty();
  }

  @Test
  void givenAnActiveHarvest_whenRemovingTheSchedule_thenRefused() {
    SelectiveHarvest harvest = active(DAILY);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.useSchedule(null, NOW))
        .withMessage(
            "selective harvest 'Election 2026' is active, so it needs a schedule; deactivate it"
                + " first");
    assertThat(harvest.schedule()).contains(DAILY);
  }

  @Test
  void givenAnActiveHarvest_whenChangingTheSchedule_thenTheNextDateFollowsTheNewOne() {
    SelectiveHarvest harvest = active(DAILY);
    Schedule hourly = Schedule.builder("Hourly").every(1, FrequencyUnit.HOURS).atMinute(30).build();

    harvest.useSchedule(hourly, NOW);

    assertThat(harvest.schedule()).contains(hourly);
    assertThat(harvest.nextDate()).contains(Instant.parse("2026-05-01T10:30:00Z"));
  }

  @Test
  void givenAnInactiveHarvest_whenChangingTheSchedule_thenItStillHasNoNextDate() {
    SelectiveHarvest harvest = harvest();

    harvest.useSchedule(DAILY, NOW);

    assertThat(harvest.nextDate()).isEmpty();
  }

  @Test
  void givenCommentsAndAudience_whenChanged_thenBlankIsNoneAndTooLongIsRefused() {
    SelectiveHarvest harvest = harvest();

    harvest.changeComments("  Parliament election ");
    harvest.changeAudience("researchers");
    assertThat(harvest.comments()).isEqualTo("Parliament election");
    assertThat(harvest.audience()).isEqualTo("researchers");

    harvest.changeComments(" ");
    assertThat(harvest.comments()).isNull();
    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.changeAudience("x".repeat(101)))
        .withMessage(
            "Audience of selective harvest 'Election 2026': 101 characters; at most 100 are"
                + " allowed");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> harvest.changeComments("x".repeat(4001)))
        .withMessageStartingWith("Comments of selective harvest 'Election 2026': 4001");
  }

  @Test
  void givenAStoredConfiguration_whenChosen_thenItCarriesIdsAndNames() {
    Domain domain = Domain.create(DomainName.of("kb.dk"), 1L, CrawlSettings.defaults(), NOW);
    EntityIds.assign(domain, 7);
    EntityIds.assign(domain.defaultConfiguration(), 70);

    ChosenConfiguration chosen = ChosenConfiguration.of(domain.defaultConfiguration());

    assertThat(chosen).isEqualTo(new ChosenConfiguration(7, "kb.dk", 70, "defaultconfig"));
    assertThat(chosen).hasToString("configuration 'defaultconfig' of domain 'kb.dk'");
  }

  @Test
  void givenAConfigurationNotSavedYet_whenChosen_thenRefused() {
    Domain domain = Domain.create(DomainName.of("kb.dk"), 1L, CrawlSettings.defaults(), NOW);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> ChosenConfiguration.of(domain.defaultConfiguration()))
        .withMessage(
            "Configuration 'defaultconfig' of domain 'kb.dk' is not saved yet, so no harvest can"
                + " use it");
  }
}
