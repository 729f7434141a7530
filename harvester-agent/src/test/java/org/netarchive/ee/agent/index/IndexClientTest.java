package org.netarchive.ee.agent.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.index.IndexKind;
import org.netarchive.ee.common.message.IndexRequest;

class IndexClientTest {

  private static final IndexRequest REQUEST =
      new IndexRequest("r-1", IndexKind.DEDUP, List.of(11L, 12L), "agent-a");
  private static final Instant SENT = Instant.parse("2026-11-27T05:00:00Z");

  @Test
  void givenAFetchShorterThanTheFirstAnswerWindow_whenNothingCame_thenItsOwnTimeoutIsNamed() {
    Duration timeout = Duration.ofSeconds(2);

    assertThat(
            IndexClient.silence(
                REQUEST, false, SENT.plus(IndexClient.FIRST_ANSWER), SENT.plus(timeout), timeout))
        .isEqualTo("No index from the index server within PT2S (DEDUP of jobs [11, 12])");
  }

  @Test
  void givenALongFetch_whenTheServerNeverAnswered_thenTheMessageAsksWhetherItRuns() {
    Duration timeout = Duration.ofMinutes(10);

    assertThat(
            IndexClient.silence(
                REQUEST, false, SENT.plus(IndexClient.FIRST_ANSWER), SENT.plus(timeout), timeout))
        .isEqualTo(
            "The index server did not answer within 30 s (DEDUP of jobs [11, 12]); is the"
                + " server's index server running?");
  }

  @Test
  void givenAnAnsweredRequest_whenTheIndexNeverCame_thenTheWholeTimeoutIsNamed() {
    Duration timeout = Duration.ofMinutes(10);

    assertThat(
            IndexClient.silence(
                REQUEST, true, SENT.plus(IndexClient.FIRST_ANSWER), SENT.plus(timeout), timeout))
        .isEqualTo("No index from the index server within PT10M (DEDUP of jobs [11, 12])");
  }
}
