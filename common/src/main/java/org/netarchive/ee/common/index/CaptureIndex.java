package org.netarchive.ee.common.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * A full index ({@link CaptureIndexWriter}) opened for lookups. Thread-safe. An index kept up to
 * date by a writer in the same process is seen as of its last commit once {@link #refresh()} is
 * called; searches in progress keep the view they started with.
 */
public final class CaptureIndex implements AutoCloseable {

  private static final Sort OLDEST_FIRST =
      new Sort(new SortField(CaptureIndexWriter.DATE, SortField.Type.LONG));

  private static final Sort KEY_THEN_TIME =
      new Sort(
          new SortField(CaptureIndexWriter.URL_KEY, SortField.Type.STRING),
          new SortField(CaptureIndexWriter.DATE, SortField.Type.LONG));

  private static final Sort KEY_THEN_TIME_REVERSED =
      new Sort(
          new SortField(CaptureIndexWriter.URL_KEY, SortField.Type.STRING, true),
          new SortField(CaptureIndexWriter.DATE, SortField.Type.LONG, true));

  /** Captures read from Lucene per page of a scan. */
  private static final int PAGE = 1000;

  /**
   * Which captures a {@link #scan} visits.
   *
   * @param keys SURT keys: each the whole key ({@code prefix} false) or the start of keys
   * @param prefix whether the keys are prefixes
   * @param fromMillis the earliest capture time, epoch milliseconds, inclusive
   * @param toMillis the latest capture time, epoch milliseconds, inclusive
   * @param reverse whether to visit in reverse order (last key, newest first)
   */
  public record Selection(
      List<String> keys, boolean prefix, long fromMillis, long toMillis, boolean reverse) {

    /** Checks the selection. */
    public Selection {
      keys = List.copyOf(keys);
      if (keys.isEmpty()) {
        throw new IllegalArgumentException("A selection of captures needs at least one key");
      }
      if (fromMillis > toMillis) {
        throw new IllegalArgumentException(
            "A selection of captures from " + fromMillis + " to " + toMillis + " is empty");
      }
    }

    /**
     * The captures of one SURT key at any time, oldest first.
     *
     * @param key the key
     * @return the selection
     */
    public static Selection exact(String key) {
      return new Selection(List.of(key), false, Long.MIN_VALUE, Long.MAX_VALUE, false);
    }

    Query query() {
      Query keys;
      if (keys().size() == 1) {
        keys = keyQuery(keys().get(0));
      } else {
        BooleanQuery.Builder any = new BooleanQuery.Builder();
        for (String key : keys()) {
          any.add(keyQuery(key), BooleanClause.Occur.SHOULD);
        }
        keys = any.build();
      }
      if (fromMillis == Long.MIN_VALUE && toMillis == Long.MAX_VALUE) {
        return keys;
      }
      return new BooleanQuery.Builder()
          .add(keys, BooleanClause.Occur.FILTER)
          .add(
              NumericDocValuesField.newSlowRangeQuery(
                  CaptureIndexWriter.DATE, fromMillis, toMillis),
              BooleanClause.Occur.FILTER)
          .build();
    }

    private Query keyQuery(String key) {
      Term term = new Term(CaptureIndexWriter.URL_KEY, key);
      return prefix ? new PrefixQuery(term) : new TermQuery(term);
    }
  }

  private final Directory directory;
  private final SearcherManager searchers;

  private CaptureIndex(Path dir) throws IOException {
    this.directory = FSDirectory.open(dir);
    try {
      this.searchers = new SearcherManager(directory, null);
    } catch (IOException | RuntimeException e) {
      directory.close();
      throw e;
    }
  }

  /**
   * Opens a full index.
   *
   * @param dir its directory
   * @return the index
   * @throws UncheckedIOException if there is no complete index there
   */
  public static CaptureIndex open(Path dir) {
    try {
      return new CaptureIndex(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open the full index in " + dir, e);
    }
  }

  /** Sees what a writer committed since the index was opened or last refreshed. */
  public void refresh() {
    try {
      searchers.maybeRefreshBlocking();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot refresh the capture index", e);
    }
  }

  /**
   * The number of captures.
   *
   * @return the count
   */
  public long size() {
    return withSearcher(s -> (long) s.getIndexReader().numDocs());
  }

  /**
   * The captures of a URL, oldest first.
   *
   * @param url the URL as fetched
   * @param max at most this many
   * @return the captures
   */
  public List<Capture> capturesOf(String url, int max) {
    return search(new TermQuery(new Term(CaptureIndexWriter.URL, url)), max);
  }

  /**
   * The captures of a SURT key, oldest first.
   *
   * @param urlKey the SURT form of the URL, as the CDX's first field
   * @param max at most this many
   * @return the captures
   */
  public List<Capture> capturesOfKey(String urlKey, int max) {
    return search(new TermQuery(new Term(CaptureIndexWriter.URL_KEY, urlKey)), max);
  }

  /**
   * The captures of a SURT key with a payload digest, oldest first: where a revisit's payload was
   * stored.
   *
   * @param urlKey the SURT key
   * @param digest the payload digest as the CDX writes it
   * @param max at most this many
   * @return the captures
   */
  public List<Capture> capturesWithDigest(String urlKey, String digest, int max) {
    return search(
        new BooleanQuery.Builder()
            .add(
                new TermQuery(new Term(CaptureIndexWriter.URL_KEY, urlKey)),
                BooleanClause.Occur.FILTER)
            .add(
                new TermQuery(new Term(CaptureIndexWriter.DIGEST, digest)),
                BooleanClause.Occur.FILTER)
            .build(),
        max);
  }

  /**
   * The number of captures of an archived file.
   *
   * @param fileName the file
   * @return the count
   */
  public long countOfFile(String fileName) {
    return withSearcher(
        s -> (long) s.count(new TermQuery(new Term(CaptureIndexWriter.FILE, fileName))));
  }

  /**
   * Visits the selected captures in SURT key, then time order (or the reverse), a page at a time,
   * all from one view of the index, until the visitor says stop.
   *
   * @param selection which captures
   * @param visitor given each capture; returns false to stop
   */
  public void scan(Selection selection, Predicate<Capture> visitor) {
    withSearcher(
        searcher -> {
          Query query = selection.query();
          Sort sort = selection.reverse() ? KEY_THEN_TIME_REVERSED : KEY_THEN_TIME;
          ScoreDoc after = null;
          while (true) {
            TopDocs page =
                after == null
                    ? searcher.search(query, PAGE, sort)
                    : searcher.searchAfter(after, query, PAGE, sort);
            for (ScoreDoc hit : page.scoreDocs) {
              if (!visitor.test(capture(searcher.storedFields().document(hit.doc)))) {
                return null;
              }
            }
            if (page.scoreDocs.length < PAGE) {
              return null;
            }
            after = (FieldDoc) page.scoreDocs[page.scoreDocs.length - 1];
          }
        });
  }

  private List<Capture> search(Query query, int max) {
    return withSearcher(
        searcher -> {
          List<Capture> found = new ArrayList<>();
          for (ScoreDoc hit : searcher.search(query, max, OLDEST_FIRST).scoreDocs) {
            found.add(capture(searcher.storedFields().document(hit.doc)));
          }
          return found;
        });
  }

  @FunctionalInterface
  private interface Search<T> {
    T run(IndexSearcher searcher) throws IOException;
  }

  private <T> T withSearcher(Search<T> search) {
    try {
      IndexSearcher searcher = searchers.acquire();
      try {
        return search.run(searcher);
      } finally {
        searchers.release(searcher);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot search the capture index", e);
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
    try (directory) {
      searchers.close();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close the capture index", e);
    }
  }
}
