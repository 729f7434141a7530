package org.netarchive.ee.archive.domain.model.preservation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.archive.domain.model.preservation.ChecksumVote.Outcome;

class ChecksumVoteTest {

  private static final String GOOD = "a".repeat(128);
  private static final String BAD = "b".repeat(128);
  private static final String OTHER = "c".repeat(128);

  @Test
  void givenEveryCopyGood_whenVoting_thenAgreed() {
    ChecksumVote vote =
        ChecksumVote.of(GOOD, Map.of("ONE", Optional.of(GOOD), "TWO", Optional.of(GOOD)));

    assertThat(vote.outcome()).isEqualTo(Outcome.AGREED);
    assertThat(vote.decided()).isEqualTo(GOOD);
  }

  @Test
  void givenOneCorruptCopy_whenVoting_thenTheArchivedChecksumWinsTwoToOne() {
    ChecksumVote vote =
        ChecksumVote.of(GOOD, Map.of("ONE", Optional.of(BAD), "TWO", Optional.of(GOOD)));

    assertThat(vote.outcome()).isEqualTo(Outcome.REPAIRABLE);
    assertThat(vote.decided()).isEqualTo(GOOD);
    assertThat(vote.votes()).isEqualTo("archived=" + GOOD + ", ONE=" + BAD + ", TWO=" + GOOD);
  }

  @Test
  void givenOneMissingCopy_whenVoting_thenTheRemainingGoodCopyAndTheArchivedChecksumWin() {
    ChecksumVote vote =
        ChecksumVote.of(GOOD, Map.of("ONE", Optional.of(GOOD), "TWO", Optional.empty()));

    assertThat(vote.outcome()).isEqualTo(Outcome.REPAIRABLE);
    assertThat(vote.decided()).isEqualTo(GOOD);
  }

  @Test
  void givenCopiesDifferingFromEachOtherAndTheArchivedChecksum_whenVoting_thenNoMajority() {
    ChecksumVote vote =
        ChecksumVote.of(GOOD, Map.of("ONE", Optional.of(BAD), "TWO", Optional.of(OTHER)));

    assertThat(vote.outcome()).isEqualTo(Outcome.NO_MAJORITY);
    assertThat(vote.decided()).isNull();
  }

  @Test
  void givenOneCorruptAndOneMissingCopy_whenVoting_thenNoMajority() {
    ChecksumVote vote =
        ChecksumVote.of(GOOD, Map.of("ONE", Optional.of(BAD), "TWO", Optional.empty()));

    assertThat(vote.outcome()).isEqualTo(Outcome.NO_MAJORITY);
  }

  @Test
  void givenBothCopiesAgreeingOnAnotherChecksum_whenVoting_thenTheArchivedOneIsDisputed() {
    ChecksumVote vote =
        ChecksumVote.of(GOOD, Map.of("ONE", Optional.of(BAD), "TWO", Optional.of(BAD)));

    assertThat(vote.outcome()).isEqualTo(Outcome.DISPUTES_ARCHIVED);
    assertThat(vote.decided()).isEqualTo(BAD);
  }

  @Test
  void givenACopyOfAnotherSizeWithoutChecksum_whenVoting_thenItVotesAlone() {
    ChecksumVote vote =
        ChecksumVote.of(
            GOOD,
            Map.of("ONE", Optional.of(""), "TWO", Optional.of(""), "THREE", Optional.of(GOOD)));

    assertThat(vote.outcome()).isEqualTo(Outcome.NO_MAJORITY);
    assertThat(vote.votes()).contains("ONE=unreadable-1").contains("TWO=unreadable-2");
  }
}
