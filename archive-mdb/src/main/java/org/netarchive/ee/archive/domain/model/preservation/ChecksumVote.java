package org.netarchive.ee.archive.domain.model.preservation;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The vote on a file whose copies disagree (reference/004, "ActiveBitPreservation"): every replica
 * that holds a copy votes for the checksum found on its disk, and the checksum the harvester
 * computed at upload (the archived one) casts one more vote. A checksum with more than half of the
 * votes wins. Only a win of the archived checksum may be repaired: no majority, or a majority for
 * another checksum than the archived one, needs a person.
 *
 * @param outcome what the vote decided
 * @param decided the winning checksum, or {@code null} without a majority
 * @param votes the votes, as {@code replica=checksum} (and {@code archived=...}) for the record
 */
public record ChecksumVote(Outcome outcome, String decided, String votes) {

  /** What a vote decides. */
  public enum Outcome {
    /** Every copy has the archived checksum: nothing to do. */
    AGREED,
    /** The archived checksum won; the copies that differ or are missing can be repaired. */
    REPAIRABLE,
    /** No checksum has more than half of the votes: a person decides, nothing is repaired. */
    NO_MAJORITY,
    /** Another checksum than the archived one won: a person decides, nothing is repaired. */
    DISPUTES_ARCHIVED
  }

  /** The vote name the archived checksum is recorded under. */
  public static final String ARCHIVED = "archived";

  public ChecksumVote {
    Objects.requireNonNull(outcome, "outcome");
  }

  /**
   * Counts the votes.
   *
   * @param archived the archived SHA-512 checksum
   * @param copies per replica, the checksum found on its disk; empty for a missing copy (no vote);
   *     a present copy whose checksum is not known votes for nothing that can win with it
   * @return the outcome
   */
  public static ChecksumVote of(String archived, Map<String, Optional<String>> copies) {
    Objects.requireNonNull(archived, "archived");
    Map<String, String> ballots = new LinkedHashMap<>();
    ballots.put(ARCHIVED, archived.toLowerCase(java.util.Locale.ROOT));
    boolean allGood = true;
    int unreadable = 0;
    for (Map.Entry<String, Optional<String>> copy : new TreeMap<>(copies).entrySet()) {
      if (copy.getValue().isEmpty()) {
        allGood = false;
        continue;
      }
      String checksum = copy.getValue().get();
      if (checksum == null || checksum.isBlank()) {
        // A copy of another size whose checksum was not computed: a vote no one shares.
        ballots.put(copy.getKey(), "unreadable-" + ++unreadable);
        allGood = false;
        continue;
      }
      String lower = checksum.toLowerCase(java.util.Locale.ROOT);
      ballots.put(copy.getKey(), lower);
      allGood &= lower.equals(ballots.get(ARCHIVED));
    }
    String votes =
        ballots.entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(", "));
    if (allGood) {
      return new ChecksumVote(Outcome.AGREED, ballots.get(ARCHIVED), votes);
    }
    Map<String, Long> counts =
        ballots.values().stream()
            .collect(Collectors.groupingBy(v -> v, TreeMap::new, Collectors.counting()));
    int total = ballots.size();
    for (Map.Entry<String, Long> count : counts.entrySet()) {
      if (count.getValue() * 2 > total) {
        return count.getKey().equals(ballots.get(ARCHIVED))
            ? new ChecksumVote(Outcome.REPAIRABLE, count.getKey(), votes)
            : new ChecksumVote(Outcome.DISPUTES_ARCHIVED, count.getKey(), votes);
      }
    }
    return new ChecksumVote(Outcome.NO_MAJORITY, null, votes);
  }
}
