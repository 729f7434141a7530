package org.netarchive.ee.agent.heritrix;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class CrawlWatchTest {

  private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");

  private static CrawlStatus status(long downloaded, long bytes, int busy) {
    return new CrawlStatus(
        "RUNNING",
        "Active: RUNNING",
        "",
        List.of(),
        downloaded,
        0,
        downloaded,
        0,
        0,
        busy,
        bytes,
        List.of());
  }

  private static Instant at(long seconds) {
    return T0.plusSeconds(seconds);
  }

  @Test
  void givenSteadyDownloads_whenWatched_thenTheCrawlGoesOn() {
    CrawlWatch watch =
        new CrawlWatch(T0, Duration.ofSeconds(60), Duration.ofSeconds(120), Duration.ZERO);

    for (int s = 0; s <= 600; s += 20) {
      assertThat(watch.observe(at(s), status(s, s * 1000L, 5))).as("at %d s", s).isEmpty();
    }
  }

  @Test
  void givenNoDownloadsForTheNoResponseTimeout_whenWatched_thenItStops() {
    CrawlWatch watch =
        new CrawlWatch(T0, Duration.ofSeconds(60), Duration.ofSeconds(600), Duration.ZERO);

    assertThat(watch.observe(at(10), status(5, 100, 3))).isEmpty();
    assertThat(watch.observe(at(30), status(6, 100, 3))).isEmpty();
    assertThat(watch.observe(at(89), status(6, 100, 3))).isEmpty();
    assertThat(watch.observe(at(90), status(6, 100, 3))).contains(CrawlEnd.NO_RESPONSE_TIMEOUT);
    assertThat(watch.explain(CrawlEnd.NO_RESPONSE_TIMEOUT)).contains("60 s");
  }

  @Test
  void givenNoBusyThreadForTheInactivityTimeout_whenWatched_thenItStops() {
    CrawlWatch watch =
        new CrawlWatch(T0, Duration.ofSeconds(600), Duration.ofSeconds(30), Duration.ZERO);

    assertThat(watch.observe(at(5), status(1, 1, 2))).isEmpty();
    assertThat(watch.observe(at(20), status(2, 2, 0))).isEmpty();
    assertThat(watch.observe(at(35), status(3, 3, 0))).contains(CrawlEnd.INACTIVITY_TIMEOUT);
  }

  @Test
  void givenTheMaximumRunningTime_whenReached_thenTheTimeLimitStopsItFirst() {
    CrawlWatch watch =
        new CrawlWatch(T0, Duration.ofSeconds(60), Duration.ofSeconds(60), Duration.ofSeconds(30));

    assertThat(watch.observe(at(29), status(1, 1, 1))).isEmpty();
    assertThat(watch.observe(at(30), status(1, 1, 0))).contains(CrawlEnd.TIME_LIMIT);
    assertThat(watch.explain(CrawlEnd.TIME_LIMIT)).contains("30 s");
  }
}
