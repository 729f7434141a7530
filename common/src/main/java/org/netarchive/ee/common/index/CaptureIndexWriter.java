package org.netarchive.ee.common.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Writes a full index: one Lucene document per {@link Capture}, every CDX field stored, the SURT
 * key, URL and digest searchable as terms and the capture time as a sort value. Used for quality
 * assurance and as the base of access; {@link CaptureIndex} reads it. Not thread-safe.
 */
public final class CaptureIndexWriter implements AutoCloseable {

  /** The field names, shared with {@link CaptureIndex}. */
  static final String URL_KEY = "urlkey";

  static final String TIMESTAMP = "timestamp";
  static final String URL = "url";
  static final String MIME = "mime";
  static final String STATUS = "status";
  static final String DIGEST = "digest";
  static final String REDIRECT = "redirect";
  static final String LENGTH = "length";
  static final String OFFSET = "offset";
  static final String FILE = "file";
  static final String DATE = "date";

  private static final double RAM_BUFFER_MB = 48;

  private final Directory directory;
  private final IndexWriter writer;
  private final Document document = new Document();
  private final StringField urlKey = new StringField(URL_KEY, "", Field.Store.YES);
  private final StoredField timestamp = new StoredField(TIMESTAMP, "");
  private final StringField url = new StringField(URL, "", Field.Store.YES);
  private final StoredField mime = new StoredField(MIME, "");
  private final StoredField status = new StoredField(STATUS, 0);
  private final StringField digest = new StringField(DIGEST, "", Field.Store.YES);
  private final StoredField redirect = new StoredField(REDIRECT, "");
  private final StoredField length = new StoredField(LENGTH, 0L);
  private final StoredField offset = new StoredField(OFFSET, 0L);
  private final StoredField file = new StoredField(FILE, "");
  private final NumericDocValuesField date = new NumericDocValuesField(DATE, 0L);
  private long count;

  private CaptureIndexWriter(Path dir) throws IOException {
    this.directory = FSDirectory.open(dir);
    this.writer =
        new IndexWriter(
            directory,
            new IndexWriterConfig()
                .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
                .setRAMBufferSizeMB(RAM_BUFFER_MB)
                .setCommitOnClose(false));
    for (Field f :
        new Field[] {
          urlKey, timestamp, url, mime, status, digest, redirect, length, offset, file, date
        }) {
      document.add(f);
    }
  }

  /**
   * Starts a new full index in a directory.
   *
   * @param dir the directory, created if needed
   * @return the writer
   * @throws UncheckedIOException if the directory cannot be written
   */
  public static CaptureIndexWriter create(Path dir) {
    try {
      return new CaptureIndexWriter(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start a full index in " + dir, e);
    }
  }

  /**
   * Adds a capture.
   *
   * @param capture the capture
   */
  public void add(Capture capture) {
    urlKey.setStringValue(capture.urlKey());
    timestamp.setStringValue(capture.timestamp());
    url.setStringValue(capture.url());
    mime.setStringValue(capture.mimeType());
    status.setIntValue(capture.status());
    digest.setStringValue(capture.digest());
    redirect.setStringValue(capture.redirect());
    length.setLongValue(capture.length());
    offset.setLongValue(capture.offset());
    file.setStringValue(capture.file());
    date.setLongValue(capture.date().toEpochMilli());
    try {
      writer.addDocument(document);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot add " + capture.url() + " to the full index", e);
    }
    count++;
  }

  /**
   * The number of captures added so far.
   *
   * @return the count
   */
  public long count() {
    return count;
  }

  /** Commits the captures as one segment and closes the index. */
  @Override
  public void close() {
    try (directory) {
      try (writer) {
        writer.forceMerge(1);
        writer.commit();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot complete the full index", e);
    }
  }
}
