package org.netarchive.ee.common.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.util.BytesRef;

/**
 * Writes a full index: one Lucene document per {@link Capture}, every CDX field stored, the SURT
 * key, URL, digest and file searchable as terms, the SURT key and the capture time as sort values.
 * Used for quality assurance and as the archive-wide capture index of access; {@link CaptureIndex}
 * reads it. A writer either builds a new index once ({@link #create}) or keeps one up to date file
 * by file ({@link #open}, {@link #replaceFile}, {@link #commit}): a file indexed again replaces its
 * captures, so indexing is idempotent. Not thread-safe.
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

  private final LuceneWriting index;
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
  private final StringField file = new StringField(FILE, "", Field.Store.YES);
  private final SortedDocValuesField urlKeyOrder =
      new SortedDocValuesField(URL_KEY, new BytesRef());
  private final NumericDocValuesField date = new NumericDocValuesField(DATE, 0L);
  private final boolean updating;

  private CaptureIndexWriter(Path dir, boolean updating) throws IOException {
    this.updating = updating;
    this.index =
        new LuceneWriting(
            dir,
            updating
                ? IndexWriterConfig.OpenMode.CREATE_OR_APPEND
                : IndexWriterConfig.OpenMode.CREATE,
            "the full index");
    if (updating && !DirectoryReader.indexExists(index.writer().getDirectory())) {
      index.writer().commit(); // an empty index that readers can open at once
    }
    for (Field f :
        new Field[] {
          urlKey,
          urlKeyOrder,
          timestamp,
          url,
          mime,
          status,
          digest,
          redirect,
          length,
          offset,
          file,
          date
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
      return new CaptureIndexWriter(dir, false);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start a full index in " + dir, e);
    }
  }

  /**
   * Opens an index that is kept up to date file by file, creating it (empty and committed) if the
   * directory holds none. Only one writer may have a directory open at a time.
   *
   * @param dir the directory, created if needed
   * @return the writer
   * @throws UncheckedIOException if the directory cannot be written or is locked by another writer
   */
  public static CaptureIndexWriter open(Path dir) {
    try {
      return new CaptureIndexWriter(dir, true);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open the capture index in " + dir, e);
    }
  }

  /**
   * Replaces the captures of one archived file: those indexed before are deleted and these added,
   * visible to readers together at the next {@link #commit}. A file indexed twice so gives its
   * captures once.
   *
   * @param fileName the file
   * @param captures its captures, each naming that file
   * @return how many were added
   * @throws IllegalArgumentException if a capture names another file
   */
  public long replaceFile(String fileName, Iterable<Capture> captures) {
    try {
      index.writer().deleteDocuments(new Term(FILE, fileName));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot remove the captures of " + fileName, e);
    }
    long added = 0;
    for (Capture capture : captures) {
      if (!capture.file().equals(fileName)) {
        throw new IllegalArgumentException(
            "A capture of file '"
                + capture.file()
                + "' given as one of '"
                + fileName
                + "': "
                + capture.url());
      }
      add(capture);
      added++;
    }
    return added;
  }

  /** Removes every capture (at the next {@link #commit}), for a rebuild. */
  public void deleteAll() {
    try {
      index.writer().deleteAll();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot empty the capture index", e);
    }
  }

  /** Makes what was added and replaced durable and visible to readers opened or refreshed after. */
  public void commit() {
    try {
      index.writer().commit();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot commit the capture index", e);
    }
  }

  /**
   * Adds a capture.
   *
   * @param capture the capture
   */
  public void add(Capture capture) {
    urlKey.setStringValue(capture.urlKey());
    urlKeyOrder.setBytesValue(new BytesRef(capture.urlKey()));
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
    index.add(document, capture.url());
  }

  /**
   * The number of captures added so far.
   *
   * @return the count
   */
  public long count() {
    return index.count();
  }

  /**
   * Closes the index: a new one ({@link #create}) is committed as one segment; one kept up to date
   * ({@link #open}) keeps what was committed and drops what was not.
   */
  @Override
  public void close() {
    index.close(
        writer -> {
          if (!updating) {
            writer.forceMerge(1);
            writer.commit();
          }
        });
  }
}
