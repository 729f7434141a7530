package org.netarchive.ee.archive.application.adoption;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.archive.domain.model.adoption.AdminDataLine;
import org.netarchive.ee.archive.domain.model.adoption.ReplicaKeys;
import org.netarchive.ee.archive.domain.model.adoption.Verification;
import org.netarchive.ee.archive.domain.model.repository.ArchivedFile;
import org.netarchive.ee.archive.domain.model.repository.ArchivedFileRepository;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.AdoptionRecords;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.AdoptionRecords.AdoptedCopy;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.AdoptionRecords.Merge;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;

/**
 * The transactions of an adoption, each of its own: a chunk of admin data lines, and the outcome of
 * one copy's verification (the adoption record, the archive's admin data and the ledger together).
 */
@PermitAll
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class AdoptionChunks {

  /** What a chunk of lines did. */
  public record ChunkResult(long added, long updated, long unchanged, List<String> refused) {}

  /** Who the verification's ledger entries name. */
  static final String VERIFIER = "adoption";

  @Inject private AdoptionRecords records;
  @Inject private PreservationRecords preservation;
  @Inject private ArchivedFileRepository files;

  /**
   * Records the copies of a chunk of admin data lines. A line that gives a file another MD5 than
   * recorded for it (by an earlier line or import) is refused, as is a line naming no replica.
   *
   * @param position what a line's number counts, for messages: {@code line} or {@code file_id}
   */
  public ChunkResult importLines(
      List<AdminDataLine> lines, ReplicaKeys keys, Instant now, String position) {
    long added = 0;
    long updated = 0;
    long unchanged = 0;
    List<String> refused = new ArrayList<>();
    try (Connection c = records.connection()) {
      for (AdminDataLine line : lines) {
        if (line.replicas().isEmpty()) {
          refused.add(refusal(position, line, "names no replica, so there is no copy to adopt"));
          continue;
        }
        Optional<String> known = records.recordedMd5(c, line.fileName());
        if (known.isPresent() && !known.get().equals(line.md5())) {
          refused.add(
              refusal(
                  position,
                  line,
                  "has MD5 "
                      + line.md5()
                      + ", but "
                      + known.get()
                      + " is recorded for it already; the line is not taken"));
          continue;
        }
        for (AdminDataLine.ReplicaState state : line.replicas()) {
          String replica = keys.replicaOf(state.replicaKey()).orElseThrow();
          Merge merge =
              records.merge(
                  c,
                  line.fileName(),
                  replica,
                  line.md5(),
                  state.state().name(),
                  state.changedAt(),
                  line.number(),
                  now);
          switch (merge) {
            case ADDED -> added++;
            case UPDATED -> updated++;
            case UNCHANGED -> unchanged++;
          }
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot record admin data "
              + position
              + " "
              + lines.getFirst().number()
              + " to "
              + lines.getLast().number()
              + ": "
              + e.getMessage(),
          e);
    }
    return new ChunkResult(added, updated, unchanged, refused);
  }

  /** Why a line was refused, e.g. "line 7: file 'x.warc.gz' names no replica, ...". */
  private static String refusal(String position, AdminDataLine line, String why) {
    return position + " " + line.number() + ": file '" + line.fileName() + "' " + why;
  }

  /**
   * A copy read with its recorded MD5: it enters the archive (a new file, or another replica's copy
   * of a file the archive has with the same SHA-512) and is VERIFIED; a copy whose SHA-512
   * disagrees with the archive's is CORRUPT instead.
   */
  public Verification adopt(
      AdoptedCopy copy, String path, long size, String md5, String sha512, Instant now) {
    try {
      Optional<ArchivedFile> existing = files.findForUpdate(copy.fileName());
      String detail;
      if (existing.isEmpty()) {
        files.add(ArchivedFile.adopted(copy.fileName(), sha512, size, copy.replica(), now));
        detail = "MD5 " + md5 + " as recorded; adopted in place at " + path;
      } else {
        try {
          boolean added = existing.get().adoptCopy(copy.replica(), sha512, size, now);
          detail =
              "MD5 "
                  + md5
                  + " as recorded; adopted in place at "
                  + path
                  + (added ? "" : " (the replica had a copy already, which is kept as it is)");
        } catch (IllegalArgumentException e) {
          recordCorrupt(
              copy,
              path,
              size,
              md5,
              sha512,
              now,
              existing.get().sha512(),
              e.getMessage() + "; not adopted");
          return Verification.CORRUPT;
        }
      }
      records.verified(
          copy.fileName(),
          copy.replica(),
          Verification.VERIFIED,
          path,
          size,
          md5,
          sha512,
          now,
          detail);
      preservation.record(
          now, "ADOPTED", VERIFIER, null, copy.fileName(), copy.replica(), null, sha512, detail);
      return Verification.VERIFIED;
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot record the verification of '" + copy.fileName() + "': " + e.getMessage(), e);
    }
  }

  /** A copy whose content has another MD5 than recorded: reported, not adopted. */
  public void corrupt(
      AdoptedCopy copy, String path, long size, String md5, String sha512, Instant now) {
    String why =
        "the admin data records MD5 "
            + copy.recordedMd5()
            + ", but "
            + path
            + " has MD5 "
            + md5
            + "; not adopted (the file is left as it is)";
    try {
      recordCorrupt(copy, path, size, md5, sha512, now, null, why);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot record the verification of '" + copy.fileName() + "': " + e.getMessage(), e);
    }
  }

  /**
   * Records a copy as CORRUPT, with why, and says so in the preservation ledger.
   *
   * @param expectedSha512 the archive's checksum of the file, {@code null} if it has none
   */
  private void recordCorrupt(
      AdoptedCopy copy,
      String path,
      long size,
      String md5,
      String sha512,
      Instant now,
      String expectedSha512,
      String why)
      throws SQLException {
    records.verified(
        copy.fileName(), copy.replica(), Verification.CORRUPT, path, size, md5, sha512, now, why);
    preservation.record(
        now,
        "ADOPTION_CORRUPT",
        VERIFIER,
        null,
        copy.fileName(),
        copy.replica(),
        expectedSha512,
        sha512,
        why);
  }

  /** A copy no adopted directory of its replica holds, or that cannot be read. */
  public void missing(AdoptedCopy copy, String why, Instant now) {
    try {
      records.verified(
          copy.fileName(), copy.replica(), Verification.MISSING, null, null, null, null, now, why);
      preservation.record(
          now,
          "ADOPTION_MISSING",
          VERIFIER,
          null,
          copy.fileName(),
          copy.replica(),
          null,
          null,
          why);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot record the verification of '" + copy.fileName() + "': " + e.getMessage(), e);
    }
  }
}
