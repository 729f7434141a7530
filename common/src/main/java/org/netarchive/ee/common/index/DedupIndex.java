package org.netarchive.ee.common.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;

/**
 * A deduplication index opened for lookups. Thread-safe: Heritrix's toe threads share one.
 *
 * <p>When several entries match (the object was archived by several earlier jobs), the earliest
 * capture is the one returned: it is the original response the others were themselves deduplicated
 * against.
 */
public final class DedupIndex implements AutoCloseable {

  private static final Sort EARLIEST =
      new Sort(new SortField(DedupFields.DATE, SortField.Type.LONG));

  private final OpenedIndex index;
  private final IndexSearcher searcher;

  private DedupIndex(Path dir) {
    this.index = OpenedIndex.open(dir, "the deduplication index");
    this.searcher = index.searcher();
    searcher.setQueryCache(null);
  }

  /**
   * Opens the index a {@link DedupIndexWriter} wrote.
   *
   * @param dir its directory
   * @return the index
   * @throws UncheckedIOException if there is no complete index there
   */
  public static DedupIndex open(Path dir) {
    return new DedupIndex(dir);
  }

  /**
   * The number of entries.
   *
   * @return the count
   */
  public long size() {
    return index.size();
  }

  /**
   * The earliest archived capture of a URL with a payload digest.
   *
   * @param url the URL
   * @param digest the payload digest, in any spelling {@link DedupEntry#normalizeDigest} accepts
   * @return the capture, if the index has one
   */
  public Optional<DedupEntry> find(String url, String digest) {
    String normalized = DedupEntry.normalizeDigest(digest);
    Query query =
        new BooleanQuery.Builder()
            .add(new TermQuery(new Term(DedupFields.URL, url)), BooleanClause.Occur.FILTER)
            .add(
                new TermQuery(new Term(DedupFields.DIGEST, normalized)), BooleanClause.Occur.FILTER)
            .build();
    return earliest(query, normalized);
  }

  /**
   * The earliest archived capture with a payload digest, from whatever URL.
   *
   * @param digest the payload digest, in any spelling {@link DedupEntry#normalizeDigest} accepts
   * @return the capture, if the index has one
   */
  public Optional<DedupEntry> findByDigest(String digest) {
    String normalized = DedupEntry.normalizeDigest(digest);
    return earliest(new TermQuery(new Term(DedupFields.DIGEST, normalized)), normalized);
  }

  /** The earliest hit of a query that matches only entries with the digest. */
  private Optional<DedupEntry> earliest(Query query, String digest) {
    try {
      TopDocs top = searcher.search(query, 1, EARLIEST);
      if (top.scoreDocs.length == 0) {
        return Optional.empty();
      }
      ScoreDoc hit = top.scoreDocs[0];
      return Optional.of(entry(searcher.storedFields().document(hit.doc), digest));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot search the deduplication index", e);
    }
  }

  private static DedupEntry entry(Document doc, String digest) {
    IndexableField etag = doc.getField(DedupFields.ETAG);
    return new DedupEntry(
        doc.get(DedupFields.URL),
        digest,
        doc.get(DedupFields.MIME),
        etag == null ? null : etag.stringValue(),
        doc.get(DedupFields.FILE),
        doc.getField(DedupFields.OFFSET).numericValue().longValue(),
        Instant.ofEpochMilli(doc.getField(DedupFields.DATE).numericValue().longValue()));
  }

  @Override
  public void close() {
    index.close();
  }
}
