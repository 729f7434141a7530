package org.netarchive.ee.archive.domain.model.adoption;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A file's record on one replica in NetarchiveSuite's admin database (its {@code replicafileinfo}
 * table, the database-based ArcRepository admin of NetarchiveSuite 4 and later), and how a file's
 * records become one {@link AdminDataLine}.
 *
 * <p>The admin database keeps a checksum per replica with a checksum status (NetarchiveSuite's
 * {@code ChecksumStatus}: 0 UNKNOWN, 1 CORRUPT, 2 OK, set by its checksum jobs) and the upload
 * state as the ordinal of its {@code ReplicaStoreState}. The checksum a file is adopted against is
 * the one of its records marked OK; without one, the one all records agree on. Records of a
 * checksum replica hold no copy: their checksum counts, they are not copies to adopt.
 *
 * @param replicaId the replica's id ({@code replica.replica_id})
 * @param checksumReplica whether the replica keeps checksums only ({@code replica_type CHECKSUM})
 * @param checksum the checksum recorded on that replica, or null
 * @param uploadStatus the upload state's ordinal, or null
 * @param checksumStatus the checksum status's ordinal, or null
 */
public record ReplicaFileInfo(
    String replicaId,
    boolean checksumReplica,
    String checksum,
    Integer uploadStatus,
    Integer checksumStatus) {

  private static final int CHECKSUM_OK = 2;
  private static final Pattern MD5 = Pattern.compile("[0-9a-f]{32}");

  public ReplicaFileInfo {
    Objects.requireNonNull(replicaId, "replicaId");
  }

  /**
   * The upload state its ordinal names; an unknown or missing one is {@code UNKNOWN_UPLOAD_STATE}.
   */
  public NasStoreState state() {
    NasStoreState[] states = NasStoreState.values();
    if (uploadStatus == null || uploadStatus < 0 || uploadStatus >= states.length) {
      return NasStoreState.UNKNOWN_UPLOAD_STATE;
    }
    return states[uploadStatus];
  }

  /** A file's records made one, or why they cannot be. */
  public record FileRecord(AdminDataLine line, String refusal) {}

  /**
   * Makes one file's records one admin data line.
   *
   * @param fileId the file's {@code file_id}, the line's number
   * @param fileName its name
   * @param records its records, any order
   * @return the line, or the refusal naming the file and why (no checksum, an MD5 that is not one,
   *     or replicas disagreeing with none marked OK)
   */
  public static FileRecord line(int fileId, String fileName, List<ReplicaFileInfo> records) {
    String where = "file '" + fileName + "' (file_id " + fileId + ")";
    Set<String> ok = new LinkedHashSet<>();
    Map<String, String> byReplica = new LinkedHashMap<>();
    for (ReplicaFileInfo r : records) {
      if (r.checksum() != null && !r.checksum().isBlank()) {
        String checksum = r.checksum().strip().toLowerCase(Locale.ROOT);
        byReplica.put(r.replicaId(), checksum);
        if (r.checksumStatus() != null && r.checksumStatus() == CHECKSUM_OK) {
          ok.add(checksum);
        }
      }
    }
    Set<String> all = new LinkedHashSet<>(byReplica.values());
    String md5;
    if (ok.size() == 1) {
      md5 = ok.iterator().next();
    } else if (ok.isEmpty() && all.size() == 1) {
      md5 = all.iterator().next();
    } else if (all.isEmpty()) {
      return new FileRecord(
          null, where + ": no replica records a checksum for it, so nothing can verify it");
    } else {
      return new FileRecord(
          null,
          where
              + ": its replicas disagree on its checksum "
              + byReplica
              + (ok.isEmpty() ? " and none is marked OK" : " and several are marked OK")
              + "; settle it in NetarchiveSuite (a checksum job) and import again");
    }
    if (!MD5.matcher(md5).matches()) {
      return new FileRecord(null, where + ": checksum '" + md5 + "' is not an MD5 checksum");
    }
    List<AdminDataLine.ReplicaState> states = new ArrayList<>();
    for (ReplicaFileInfo r : records) {
      if (!r.checksumReplica()) {
        states.add(new AdminDataLine.ReplicaState(r.replicaId(), r.state(), null));
      }
    }
    return new FileRecord(new AdminDataLine(fileId, fileName, md5, states), null);
  }
}
