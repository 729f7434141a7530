package org.netarchive.ee.archive.domain.model.preservation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.netarchive.ee.archive.domain.model.preservation.ChecksumVote.Outcome;

class ChecksumVoteTest {

  private static final String GOOD = "a".repeat(128);
  private static final String BAD = "b".repeat(128);
  private static final String OTHER = "c".repeat(128);

  private static final Map<String, String> CHECKSUMS =
      Map.of("GOOD", GOOD, "BAD", BAD, "OTHER", OTHER);

  /** A copy's checksum by name (GOOD, BAD, OTHER), or MISSING for a copy that is not there. */
  private static Optional<String> copy(String name) {
    return name.equals("MISSING") ? Optional.empty() : Optional.of(CHECKSUMS.get(name));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          every copy good: agreed                                      | GOOD | GOOD    | AGREED            | GOOD
          one corrupt copy: the archived checksum wins two to one      | BAD  | GOOD    | REPAIRABLE        | GOOD
          one missing copy: the good one and the archived checksum win | GOOD | MISSING | REPAIRABLE        | GOOD
          copies differing from each other and the archived checksum   | BAD  | OTHER   | NO_MAJORITY       |
          one corrupt and one missing copy                             | BAD  | MISSING | NO_MAJORITY       |
          both copies agreeing on another: the archived one disputed   | BAD  | BAD     | DISPUTES_ARCHIVED | BAD
          """)
  void givenTheArchivedChecksumAndTwoCopies_whenVoting_thenTheOutcomeAndTheDecidedChecksum(
      String what, String one, String two, Outcome outcome, String decided) {
    ChecksumVote vote = ChecksumVote.of(GOOD, Map.of("ONE", copy(one), "TWO", copy(two)));

    assertThat(vote.outcome()).isEqualTo(outcome);
    assertThat(vote.decided()).isEqualTo(decided == null ? null : CHECKSUMS.get(decided));
  }

  @Test
  void givenOneCorruptCopy_whenVoting_thenTheVotesSayEachChecksum() {
    ChecksumVote vote =
        ChecksumVote.of(GOOD, Map.of("ONE", Optional.of(BAD), "TWO", Optional.of(GOOD)));

    assertThat(vote.votes()).isEqualTo("archived=" + GOOD + ", ONE=" + BAD + ", TWO=" + GOOD);
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
