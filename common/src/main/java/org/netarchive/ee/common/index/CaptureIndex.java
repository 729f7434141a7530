package org.netarchive.ee.common.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;

/** A full index ({@link CaptureIndexWriter}) opened for lookups. Thread-safe. */
public final class CaptureIndex implements AutoCloseable {

  private static final Sort OLDEST_FIRST =
      new Sort(new SortField(CaptureIndexWriter.DATE, SortField.Type.LONG));

  private final OpenedIndex index;
  private final IndexSearcher searcher;

  private CaptureIndex(Path dir) {
    this.index = OpenedIndex.open(dir, "the full index");
    this.searcher = index.searcher();
  }

  /**
   * Opens a full index.
   *
   * @param dir its directory
   * @return the index
   * @throws UncheckedIOException if there is no complete index there
   */
  public static CaptureIndex open(Path dir) {
    return new CaptureIndex(dir);
  }

  /**
   * The number of captures.
   *
   * @return the count
   */
  public long size() {
    return index.size();
  }

  /**
   * The captures of a URL, oldest first.
   *
   * @param url the URL as fetched
   * @param max at most this many
   * @return the captures
   */
  public List<Capture> capturesOf(String url, int max) {
    return search(new Term(CaptureIndexWriter.URL, url), max);
  }

  /**
   * The captures of a SURT key, oldest first.
   *
   * @param urlKey the SURT form of the URL, as the CDX's first field
   * @param max at most this many
   * @return the captures
   */
  public List<Capture> capturesOfKey(String urlKey, int max) {
    return search(new Term(CaptureIndexWriter.URL_KEY, urlKey), max);
  }

  private List<Capture> search(Term term, int max) {
    try {
      List<Capture> found = new ArrayList<>();
      for (ScoreDoc hit : searcher.search(new TermQuery(term), max, OLDEST_FIRST).scoreDocs) {
        found.add(capture(searcher.storedFields().document(hit.doc)));
      }
      return found;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot search the full index", e);
    }
  }

  private static Capture capture(Document doc) {
    return new Capture(
        doc.get(CaptureIndexWriter.URL_KEY),
        doc.get(CaptureIndexWriter.TIMESTAMP),
        doc.get(CaptureIndexWriter.URL),
        doc.get(CaptureIndexWriter.MIME),
        doc.getField(CaptureIndexWriter.STATUS).numericValue().intValue(),
        doc.get(CaptureIndexWriter.DIGEST),
        doc.get(CaptureIndexWriter.REDIRECT),
        doc.getField(CaptureIndexWriter.LENGTH).numericValue().longValue(),
        doc.getField(CaptureIndexWriter.OFFSET).numericValue().longValue(),
        doc.get(CaptureIndexWriter.FILE));
  }

  @Override
  public void close() {
    index.close();
  }
}
