package org.netarchive.ee.archive.domain.model.adoption;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Where a NetarchiveSuite ArcRepository's admin data is read from, file by file: its {@code
 * admin.data} file ({@link AdminDataReader}) or its admin database.
 */
public interface AdminDataSource extends Closeable {

  /** The format's version as the source records it. */
  String version();

  /**
   * The next file's record, or empty at the end.
   *
   * @throws MalformedAdminDataException naming the position if the record cannot be read
   * @throws IOException if the source cannot be read
   */
  Optional<AdminDataLine> next() throws IOException;

  /** What a record's number counts in messages: {@code line} (the default) or {@code file_id}. */
  default String position() {
    return "line";
  }

  /**
   * Files read so far but given no record, each with the reason (e.g. replicas that disagree on its
   * checksum); reported, never dropped silently.
   */
  default List<String> skipped() {
    return List.of();
  }
}
