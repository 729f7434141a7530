package org.netarchive.ee.common.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * A Lucene index directory opened for searching: the directory, its reader and a searcher, closed
 * together. {@link DedupIndex} and the archive's crawl.log index of a job share it, so that a
 * directory whose reader cannot be opened is closed again and the three are closed in order.
 */
public final class OpenedIndex implements AutoCloseable {

  private final String what;
  private final Directory directory;
  private final DirectoryReader reader;
  private final IndexSearcher searcher;

  private OpenedIndex(Path dir, String what) throws IOException {
    this.what = what;
    this.directory = FSDirectory.open(dir);
    try {
      this.reader = DirectoryReader.open(directory);
    } catch (IOException | RuntimeException e) {
      directory.close();
      throw e;
    }
    this.searcher = new IndexSearcher(reader);
  }

  /**
   * Opens an index.
   *
   * @param dir its directory
   * @param what the index, for messages, e.g. "the deduplication index"
   * @return the opened index
   * @throws UncheckedIOException if there is no complete index there
   */
  public static OpenedIndex open(Path dir, String what) {
    try {
      return new OpenedIndex(dir, what);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open " + what + " in " + dir, e);
    }
  }

  /**
   * The searcher over the index.
   *
   * @return the searcher
   */
  public IndexSearcher searcher() {
    return searcher;
  }

  /**
   * The reader of the index, for its stored fields and segments.
   *
   * @return the reader
   */
  public DirectoryReader reader() {
    return reader;
  }

  /** The number of documents. */
  public long size() {
    return reader.numDocs();
  }

  @Override
  public void close() {
    try (directory) {
      reader.close();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close " + what, e);
    }
  }
}
