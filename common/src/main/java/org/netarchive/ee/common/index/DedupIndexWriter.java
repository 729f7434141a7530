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

/**
 * Writes a new deduplication index into an empty directory. Entries are added in any order; {@link
 * #close()} commits them. Not thread-safe.
 *
 * <p>Built for speed within a small heap (issue 12 a, BENCHMARKS.md): one {@link Document} per kind
 * of entry (with or without an ETag) whose fields are refilled for each entry, and no final merge
 * to one segment. A large index is then a handful of segments (one per 48 MB of buffered entries,
 * fewer where Lucene's merge policy has merged some in the background); a lookup asks each, which
 * costs microseconds, while merging a million entries into one would cost seconds of every build.
 * The indexed fields are {@link StringField}s: not tokenized, postings of documents only, no norms,
 * no term vectors.
 */
public final class DedupIndexWriter implements AutoCloseable {

  private final LuceneWriting index;
  private final Document document = new Document();
  private final Document withEtag = new Document();
  private final StringField url = new StringField(DedupFields.URL, "", Field.Store.YES);
  private final StringField digest = new StringField(DedupFields.DIGEST, "", Field.Store.NO);
  private final StoredField mime = new StoredField(DedupFields.MIME, "");
  private final StoredField etag = new StoredField(DedupFields.ETAG, "");
  private final StoredField file = new StoredField(DedupFields.FILE, "");
  private final StoredField offset = new StoredField(DedupFields.OFFSET, 0L);
  private final StoredField date = new StoredField(DedupFields.DATE, 0L);
  private final NumericDocValuesField dateOrder = new NumericDocValuesField(DedupFields.DATE, 0L);

  private DedupIndexWriter(Path dir) throws IOException {
    this.index =
        new LuceneWriting(dir, IndexWriterConfig.OpenMode.CREATE, "the deduplication index");
    for (Field f : new Field[] {url, digest, mime, file, offset, date, dateOrder}) {
      document.add(f);
      withEtag.add(f);
    }
    withEtag.add(etag);
  }

  /**
   * Starts a new index in a directory; whatever index it held is replaced when this one is closed.
   *
   * @param dir the directory, created if needed
   * @return the writer
   * @throws UncheckedIOException if the directory cannot be written
   */
  public static DedupIndexWriter create(Path dir) {
    try {
      return new DedupIndexWriter(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start a deduplication index in " + dir, e);
    }
  }

  /**
   * Adds an entry.
   *
   * @param entry the entry
   */
  public void add(DedupEntry entry) {
    url.setStringValue(entry.url());
    digest.setStringValue(entry.digest());
    mime.setStringValue(entry.mimeType());
    file.setStringValue(entry.file());
    offset.setLongValue(entry.offset());
    long millis = entry.date().toEpochMilli();
    date.setLongValue(millis);
    dateOrder.setLongValue(millis);
    if (entry.etag() == null) {
      index.add(document, entry.url());
    } else {
      etag.setStringValue(entry.etag());
      index.add(withEtag, entry.url());
    }
  }

  /**
   * The number of entries added so far.
   *
   * @return the count
   */
  public long count() {
    return index.count();
  }

  /** Commits the entries and closes the index. */
  @Override
  public void close() {
    index.close(IndexWriter::commit);
  }
}
