package org.netarchive.ee.common.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * The Lucene side of an index being written, the part {@link DedupIndexWriter} and {@link
 * CaptureIndexWriter} share: a directory and its writer, which buffers up to 48 MB of documents
 * before it writes a segment (a large build stays within a small heap, issue 12 a) and commits only
 * when told; the documents added, counted; and the last step, after which the writer and the
 * directory are closed together whatever that step did.
 */
final class LuceneWriting {

  /** Memory Lucene may fill before it writes a segment: keeps a large build within a small heap. */
  private static final double RAM_BUFFER_MB = 48;

  /** What an index does before it is closed: a commit, perhaps a merge first. */
  @FunctionalInterface
  interface LastStep {
    void run(IndexWriter writer) throws IOException;
  }

  private final String what;
  private final Directory directory;
  private final IndexWriter writer;
  private long count;

  /**
   * Opens a directory for writing.
   *
   * @param dir the directory, created if needed
   * @param mode whether to replace what the directory holds or to add to it
   * @param what the index, for messages, e.g. "the deduplication index"
   * @throws IOException if the directory cannot be written or is locked by another writer
   */
  LuceneWriting(Path dir, IndexWriterConfig.OpenMode mode, String what) throws IOException {
    this.what = what;
    this.directory = FSDirectory.open(dir);
    this.writer =
        new IndexWriter(
            directory,
            new IndexWriterConfig()
                .setOpenMode(mode)
                .setRAMBufferSizeMB(RAM_BUFFER_MB)
                .setCommitOnClose(false));
  }

  IndexWriter writer() {
    return writer;
  }

  /**
   * Adds a document and counts it.
   *
   * @param document the document
   * @param url the URL it describes, for the message if it cannot be added
   */
  void add(Document document, String url) {
    try {
      writer.addDocument(document);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot add " + url + " to " + what, e);
    }
    count++;
  }

  /** The number of documents added so far. */
  long count() {
    return count;
  }

  /**
   * Runs the last step, then closes the writer and the directory.
   *
   * @param last the last step
   * @throws UncheckedIOException if the step or the closing fails
   */
  void close(LastStep last) {
    try (directory) {
      try (writer) {
        last.run(writer);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot complete " + what, e);
    }
  }
}
