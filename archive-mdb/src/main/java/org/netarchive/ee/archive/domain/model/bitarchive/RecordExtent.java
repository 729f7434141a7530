package org.netarchive.ee.archive.domain.model.bitarchive;

/**
 * Where one WARC or ARC record lies in an archived file: the exact bytes a get-record returns.
 *
 * @param file the archived file's name
 * @param offset the position of the record's first byte (of its gzip member, if compressed)
 * @param length the number of bytes up to the next record or the end of the file
 * @param recordType the record's type, e.g. {@code response} or {@code warcinfo}
 * @param targetUri the record's target URI, or {@code null} if it has none
 */
public record RecordExtent(
    String file, long offset, long length, String recordType, String targetUri) {}
