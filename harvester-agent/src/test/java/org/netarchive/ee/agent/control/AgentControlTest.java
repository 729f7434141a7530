package org.netarchive.ee.agent.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.AgentCommand;
import org.netarchive.ee.common.message.AgentCommandAck;
import org.netarchive.ee.common.message.AgentCommandKind;
import org.netarchive.ee.common.message.AgentCommandState;

class AgentControlTest {

  private static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");
  private static final Clock CLOCK = Clock.fixed(T0, ZoneOffset.UTC);

  private final AtomicInteger reloads = new AtomicInteger();
  private final AgentControl control =
      new AgentControl(
          "crawler1",
          CLOCK,
          () -> {
            reloads.incrementAndGet();
            return "Settings re-read: applied now: work.minimumFreeBytes";
          });

  private static AgentCommand command(long id, AgentCommandKind kind, String agent, Long job) {
    return new AgentCommand(id, kind, agent, job, "alice", T0);
  }

  /** Has this agent handle the operator's command {@code id} to stop {@code job}. */
  private Optional<AgentCommandAck> stopJob(long id, long job) {
    return control.handle(command(id, AgentCommandKind.STOP_JOB, "crawler1", job));
  }

  @Test
  void givenACommandForAnotherAgent_whenHandled_thenNoAnswerAndNothingChanges() {
    assertThat(control.handle(command(1, AgentCommandKind.PAUSE, "crawler2", null))).isEmpty();
    assertThat(control.paused()).isFalse();
  }

  @Test
  void givenPauseThenResume_whenHandled_thenPausedThenNotAndEachDone() {
    AgentCommandAck paused =
        control.handle(command(1, AgentCommandKind.PAUSE, "crawler1", null)).orElseThrow();
    assertThat(control.paused()).isTrue();
    assertThat(paused.state()).isEqualTo(AgentCommandState.DONE);
    assertThat(paused.detail()).startsWith("Paused: agent crawler1 takes no new job");

    AgentCommandAck resumed =
        control.handle(command(2, AgentCommandKind.RESUME, "crawler1", null)).orElseThrow();
    assertThat(control.paused()).isFalse();
    assertThat(resumed.detail()).startsWith("Resumed");
  }

  @Test
  void givenAPauseDuringACrawl_whenHandled_thenItSaysTheJobIsFinishedFirst() {
    control.crawlStarted(42);

    AgentCommandAck paused =
        control.handle(command(1, AgentCommandKind.PAUSE, "crawler1", null)).orElseThrow();

    assertThat(paused.detail()).endsWith("it finishes job 42 first");
  }

  @Test
  void givenTheSameCommandTwice_whenHandled_thenActedOnOnceAndAnsweredAlike() {
    AgentCommand reload = command(5, AgentCommandKind.RELOAD_SETTINGS, "crawler1", null);

    AgentCommandAck first = control.handle(reload).orElseThrow();
    AgentCommandAck again = control.handle(reload).orElseThrow();

    assertThat(reloads).hasValue(1);
    assertThat(again).isEqualTo(first);
    assertThat(first.detail()).contains("work.minimumFreeBytes");
  }

  @Test
  void givenAStopForTheCrawlingJob_whenHandled_thenAcknowledgedAndTheCrawlSeesWhoStoppedIt() {
    control.crawlStarted(42);

    AgentCommandAck ack = stopJob(7, 42).orElseThrow();

    assertThat(ack.state()).isEqualTo(AgentCommandState.ACKNOWLEDGED);
    assertThat(control.stopRequestedFor(42)).hasValue("stopped by operator alice (command 7)");
    assertThat(control.stopRequestedFor(43)).isEmpty();

    control.crawlEnded(42);
    AgentCommandAck done = control.jobReported(42, "FAILED").orElseThrow();
    assertThat(done.commandId()).isEqualTo(7);
    assertThat(done.state()).isEqualTo(AgentCommandState.DONE);
    assertThat(done.detail()).contains("reported FAILED");
    assertThat(control.jobReported(42, "FAILED")).as("answered once").isEmpty();
    assertThat(stopJob(7, 42)).as("sent again: the final answer again").hasValue(done);
  }

  @Test
  void givenAStopForAJobNotCrawlingHere_whenHandled_thenRefusedSayingWhatRuns() {
    control.crawlStarted(41);

    AgentCommandAck ack = stopJob(8, 42).orElseThrow();

    assertThat(ack.state()).isEqualTo(AgentCommandState.REFUSED);
    assertThat(ack.detail())
        .isEqualTo("Job 42 is not crawling on agent crawler1: it crawls job 41");
    assertThat(control.stopRequestedFor(42)).isEmpty();
    assertThat(control.jobReported(41, "DONE")).isEmpty();
  }

  @Test
  void givenSettingsThatCannotBeRead_whenReloading_thenRefusedWithTheProblem() {
    AgentControl broken =
        new AgentControl(
            "crawler1",
            CLOCK,
            () -> {
              throw new IllegalStateException("work.minimumFreeBytes = 'lots' is not valid");
            });

    AgentCommandAck ack =
        broken.handle(command(9, AgentCommandKind.RELOAD_SETTINGS, "crawler1", null)).orElseThrow();

    assertThat(ack.state()).isEqualTo(AgentCommandState.REFUSED);
    assertThat(ack.detail())
        .isEqualTo("The settings were not changed: work.minimumFreeBytes = 'lots' is not valid");
  }
}
