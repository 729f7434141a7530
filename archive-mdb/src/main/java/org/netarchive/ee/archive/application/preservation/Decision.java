package org.netarchive.ee.archive.application.preservation;

import java.time.Instant;

/**
 * The vote on a file whose copies disagree.
 *
 * @param fileName the file
 * @param outcome REPAIRABLE, NO_MAJORITY, DISPUTES_ARCHIVED or REPAIRED
 * @param decidedSha512 the checksum that won, or null without a majority
 * @param votes the votes, {@code archived=..., ONE=..., TWO=...}
 * @param decidedAt when
 */
public record Decision(
    String fileName, String outcome, String decidedSha512, String votes, Instant decidedAt)
    implements java.io.Serializable {

  /** Whether a person must decide: no majority, or a majority against the archived checksum. */
  public boolean needsPerson() {
    return outcome.equals("NO_MAJORITY") || outcome.equals("DISPUTES_ARCHIVED");
  }
}
