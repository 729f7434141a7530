package org.netarchive.ee.scheduler.infrastructure.persistence.flyway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The archive's tables (V8) on an in-memory H2: the database refuses what ArchivedFile refuses (a
 * name that is not a plain file name, a malformed checksum, an unknown store state), and a file's
 * copies and waiters go with it.
 */
class ArchiveSchemaTest {

  private static final String NOW = "TIMESTAMP WITH TIME ZONE '2026-05-01 10:00:00+00'";
  private static final String SHA = "0123456789abcdef".repeat(8);
  private static final AtomicLong NAMES = new AtomicLong();

  private static MigratedDatabase db;

  @BeforeAll
  static void migrate() throws SQLException {
    db = MigratedDatabase.migrate("archive");
  }

  @AfterAll
  static void close() throws SQLException {
    db.close();
  }

  private static long file(String name, String sha512) throws SQLException {
    long id = db.single("SELECT NEXT VALUE FOR archive_file_seq") + NAMES.incrementAndGet();
    db.update(
        "INSERT INTO archive_file (id, name, sha512, size_bytes, created_at, version) VALUES ("
            + id
            + ", '"
            + name
            + "', '"
            + sha512
            + "', 10, "
            + NOW
            + ", 0)");
    return id;
  }

  private static void copy(long fileId, String replica, String state) throws SQLException {
    db.update(
        "INSERT INTO archive_replica_copy (file_id, replica_id, store_state, attempts,"
            + " state_changed_at, checksum_status) VALUES ("
            + fileId
            + ", '"
            + replica
            + "', '"
            + state
            + "', 1, "
            + NOW
            + ", 'UNKNOWN')");
  }

  @Test
  void givenValidFile_whenInsertedWithCopiesAndWaiter_thenDeletingItRemovesThemToo()
      throws SQLException {
    long id = file("1-1-x" + NAMES.incrementAndGet() + ".warc.gz", SHA);
    copy(id, "ONE", "UPLOAD_STARTED");
    copy(id, "TWO", "UPLOAD_COMPLETED");
    db.update(
        "INSERT INTO archive_store_waiter (file_id, request_id, reply_to) VALUES ("
            + id
            + ", 'r1', 'DEV_COMMON_THIS_REPOS_CLIENT_X')");

    db.update("DELETE FROM archive_file WHERE id = " + id);

    assertThat(db.single("SELECT COUNT(*) FROM archive_replica_copy WHERE file_id = " + id))
        .isZero();
    assertThat(db.single("SELECT COUNT(*) FROM archive_store_waiter WHERE file_id = " + id))
        .isZero();
  }

  @Test
  void givenSameNameTwice_whenInserting_thenRefused() throws SQLException {
    String name = "twice" + NAMES.incrementAndGet() + ".warc";
    file(name, SHA);

    assertThatThrownBy(() -> file(name, SHA)).hasMessageContaining("UQ_ARCHIVE_FILE_NAME");
  }

  @Test
  void givenNameThatIsNotAPlainFileName_whenInserting_thenRefused() {
    for (String bad : new String[] {"../x.warc", "a/b.warc", "a\\b.warc", ".hidden", ""}) {
      assertThatThrownBy(() -> file(bad, SHA)).as(bad).hasMessageContaining("CK_ARCHIVE_FILE_NAME");
    }
  }

  @Test
  void givenMalformedChecksum_whenInserting_thenRefused() {
    assertThatThrownBy(() -> file("c" + NAMES.incrementAndGet(), SHA.toUpperCase()))
        .hasMessageContaining("CK_ARCHIVE_FILE_SHA512");
    assertThatThrownBy(() -> file("c" + NAMES.incrementAndGet(), "abc"))
        .hasMessageContaining("CK_ARCHIVE_FILE_SHA512");
  }

  @Test
  void givenUnknownStoreState_whenInsertingCopy_thenRefused() throws SQLException {
    long id = file("s" + NAMES.incrementAndGet() + ".warc", SHA);

    assertThatThrownBy(() -> copy(id, "ONE", "STORED"))
        .hasMessageContaining("CK_ARCHIVE_REPLICA_COPY_STATE");
  }
}
