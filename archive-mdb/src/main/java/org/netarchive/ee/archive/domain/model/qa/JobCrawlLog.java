package org.netarchive.ee.archive.domain.model.qa;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.LongConsumer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.LogDocMergePolicy;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.Weight;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;
import org.netarchive.ee.common.index.OpenedIndex;
import org.netarchive.ee.common.io.FileTrees;

/**
 * A job's crawl.log made searchable: a Lucene index with one document per line, in the order of the
 * job data cache's file (by URL, then fetch time), and a summary written in the same pass: the
 * number of lines, each domain's figures (URLs, bytes, statuses, MIME types) and each seed's
 * outcome. The index is merged to one segment, so a page at any offset is the matching documents
 * counted in document order, holding only the page in memory: paging through millions of lines
 * needs neither a sort nor a scan of the file. Opened instances are thread-safe.
 */
public final class JobCrawlLog implements AutoCloseable {

  static final String URL = "url";
  static final String STATUS = "status";
  static final String MIME = "mime";
  static final String DOMAIN = "domain";
  static final String LINE = "line";

  /** The summary file beside the index. */
  static final String SUMMARY = "summary.json";

  /** Lucene refuses terms over 32766 bytes; longer URLs are indexed by their start. */
  private static final int MAX_INDEXED_URL = 8000;

  /** How a host is sorted into its domain (as seeds are: {@code www.kb.dk} is {@code kb.dk}). */
  @FunctionalInterface
  public interface HostDomains {
    /**
     * The domain of a host.
     *
     * @param host a host, lower-case
     * @return its domain; the host itself if it has none
     */
    String domainOf(String host);
  }

  /**
   * A page of matching lines.
   *
   * @param total how many lines match
   * @param offset where the page starts among them
   * @param entries the page's lines
   */
  public record Page(long total, long offset, List<CrawlLogEntry> entries) {}

  /**
   * What a job fetched of one domain.
   *
   * @param domain the domain
   * @param lines its crawl.log lines
   * @param captured of them, the 2xx and 3xx responses
   * @param bytes the bodies' bytes
   * @param statuses lines per status, by status
   * @param mimeTypes lines per MIME type (without parameters), by type
   */
  public record DomainFigures(
      String domain,
      long lines,
      long captured,
      long bytes,
      Map<String, Long> statuses,
      Map<String, Long> mimeTypes) {}

  /**
   * How a seed went: its last line in the crawl.log, a deferral ({@code -50}) only if nothing came
   * after.
   *
   * @param url the seed
   * @param status its status
   * @param meaning what the status means
   * @param failed whether it failed (no response, or 4xx or 5xx)
   * @param mimeType its MIME type
   * @param annotations Heritrix's annotations of the line
   */
  public record SeedOutcome(
      String url,
      int status,
      String meaning,
      boolean failed,
      String mimeType,
      String annotations) {}

  private final OpenedIndex index;
  private final long lines;
  private final List<DomainFigures> domains;
  private final List<SeedOutcome> seeds;

  private JobCrawlLog(Path dir) throws IOException {
    JsonObject summary;
    try (JsonReader json = Json.createReader(Files.newBufferedReader(dir.resolve(SUMMARY)))) {
      summary = json.readObject();
    }
    this.lines = summary.getJsonNumber("lines").longValue();
    this.domains = summary.getJsonArray("domains").stream().map(JobCrawlLog::figures).toList();
    this.seeds =
        summary.getJsonArray("seeds").stream()
            .map(JsonValue::asJsonObject)
            .map(
                s ->
                    seed(
                        new CrawlLogEntry(
                            "-",
                            s.getInt("status"),
                            -1,
                            s.getString("url"),
                            "-",
                            "-",
                            s.getString("mimeType"),
                            "-",
                            "-",
                            "-",
                            "-",
                            s.getString("annotations"))))
            .toList();
    this.index = OpenedIndex.open(dir.resolve("index"), "the crawl.log index");
  }

  /**
   * Opens a job's index made by {@link #build}.
   *
   * @param dir its directory
   * @return the opened index
   * @throws UncheckedIOException if there is no complete index there
   */
  public static JobCrawlLog open(Path dir) {
    try {
      return new JobCrawlLog(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open the crawl.log index in " + dir, e);
    }
  }

  /**
   * Indexes a job's crawl.log from the job data cache into {@code target}, which appears only
   * complete (made beside it under a temporary name, then renamed).
   *
   * @param cachedCrawlLog the cache's crawl.log: lines {@code <key>\t<crawl.log line>}
   * @param target the index's directory, which must not exist
   * @param hostDomains how hosts are sorted into domains
   * @param progress told the number of lines indexed, every 10,000 lines
   * @throws IOException if the file cannot be read or the index written
   */
  public static void build(
      Path cachedCrawlLog, Path target, HostDomains hostDomains, LongConsumer progress)
      throws IOException {
    Path work = target.resolveSibling(target.getFileName() + "-tmp-" + UUID.randomUUID());
    Files.createDirectories(work);
    try {
      writeIndex(cachedCrawlLog, work, hostDomains, progress);
      Files.move(work, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      FileTrees.delete(work);
      throw e;
    }
  }

  private static void writeIndex(
      Path cachedCrawlLog, Path work, HostDomains hostDomains, LongConsumer progress)
      throws IOException {
    Map<String, String> domainOfHost = new HashMap<>();
    Map<String, Figures> figures = new TreeMap<>();
    Map<String, CrawlLogEntry> seeds = new TreeMap<>();
    long count = 0;
    IndexWriterConfig config =
        new IndexWriterConfig()
            .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
            .setRAMBufferSizeMB(32)
            .setMergePolicy(new LogDocMergePolicy()) // keeps the documents in the file's order
            .setCommitOnClose(false);
    StringField url = new StringField(URL, "", Field.Store.NO);
    IntPoint status = new IntPoint(STATUS, 0);
    StringField mime = new StringField(MIME, "", Field.Store.NO);
    StringField domain = new StringField(DOMAIN, "", Field.Store.NO);
    StoredField line = new StoredField(LINE, "");
    Document document = new Document();
    for (Field f : new Field[] {url, status, mime, domain, line}) {
      document.add(f);
    }
    try (Directory directory = FSDirectory.open(work.resolve("index"));
        IndexWriter writer = new IndexWriter(directory, config);
        BufferedReader in = Files.newBufferedReader(cachedCrawlLog, StandardCharsets.UTF_8)) {
      String cached;
      while ((cached = in.readLine()) != null) {
        String text = cached.substring(cached.indexOf('\t') + 1);
        CrawlLogEntry entry = CrawlLogEntry.parse(text);
        if (entry == null) {
          continue;
        }
        String d = domainOfHost.computeIfAbsent(entry.host(), h -> domain(hostDomains, h));
        String type = entry.baseMimeType();
        url.setStringValue(
            entry.url().length() > MAX_INDEXED_URL
                ? entry.url().substring(0, MAX_INDEXED_URL)
                : entry.url());
        status.setIntValue(entry.status());
        mime.setStringValue(type);
        domain.setStringValue(d);
        line.setStringValue(text);
        writer.addDocument(document);
        figures.computeIfAbsent(d, k -> new Figures()).add(entry, type);
        if (entry.isSeed()) {
          seeds.merge(entry.url(), entry, (old, now) -> now.status() == -50 ? old : now);
        }
        if (++count % 10_000 == 0) {
          progress.accept(count);
        }
        if (domainOfHost.size() > 1_000_000) {
          domainOfHost.clear(); // A snapshot job meets many hosts; the map is only a shortcut.
        }
      }
      writer.forceMerge(1);
      writer.commit();
    }
    JsonArrayBuilder domainArray = Json.createArrayBuilder();
    figures.forEach((d, f) -> domainArray.add(f.toJson(d)));
    JsonArrayBuilder seedArray = Json.createArrayBuilder();
    for (CrawlLogEntry seed : seeds.values()) {
      seedArray.add(
          Json.createObjectBuilder()
              .add("url", seed.url())
              .add("status", seed.status())
              .add("mimeType", seed.mimeType())
              .add("annotations", seed.annotations()));
    }
    try (Writer out = Files.newBufferedWriter(work.resolve(SUMMARY), StandardCharsets.UTF_8);
        JsonWriter json = Json.createWriter(out)) {
      json.writeObject(
          Json.createObjectBuilder()
              .add("lines", count)
              .add("domains", domainArray)
              .add("seeds", seedArray)
              .build());
    }
  }

  private static String domain(HostDomains hostDomains, String host) {
    if (host.isEmpty()) {
      return "";
    }
    try {
      String d = hostDomains.domainOf(host);
      return d == null || d.isBlank() ? host : d;
    } catch (RuntimeException e) {
      return host; // Not under a known public suffix: the host is all there is.
    }
  }

  /** A domain's figures while the lines are read. */
  private static final class Figures {
    long lines;
    long captured;
    long bytes;
    final Map<Integer, Long> statuses = new TreeMap<>();
    final Map<String, Long> mimeTypes = new TreeMap<>();

    void add(CrawlLogEntry entry, String type) {
      lines++;
      if (FetchStatus.isCaptured(entry.status())) {
        captured++;
      }
      bytes += Math.max(0, entry.size());
      statuses.merge(entry.status(), 1L, Long::sum);
      mimeTypes.merge(type, 1L, Long::sum);
    }

    JsonObject toJson(String domain) {
      JsonObjectBuilder s = Json.createObjectBuilder();
      statuses.forEach((k, v) -> s.add(Integer.toString(k), v));
      JsonObjectBuilder m = Json.createObjectBuilder();
      mimeTypes.forEach(m::add);
      return Json.createObjectBuilder()
          .add("domain", domain)
          .add("lines", lines)
          .add("captured", captured)
          .add("bytes", bytes)
          .add("statuses", s)
          .add("mimeTypes", m)
          .build();
    }
  }

  private static DomainFigures figures(JsonValue value) {
    JsonObject o = value.asJsonObject();
    Map<String, Long> statuses = new LinkedHashMap<>();
    o.getJsonObject("statuses")
        .forEach((k, v) -> statuses.put(k, ((jakarta.json.JsonNumber) v).longValue()));
    Map<String, Long> types = new LinkedHashMap<>();
    o.getJsonObject("mimeTypes")
        .forEach((k, v) -> types.put(k, ((jakarta.json.JsonNumber) v).longValue()));
    return new DomainFigures(
        o.getString("domain"),
        o.getJsonNumber("lines").longValue(),
        o.getJsonNumber("captured").longValue(),
        o.getJsonNumber("bytes").longValue(),
        Collections.unmodifiableMap(statuses),
        Collections.unmodifiableMap(types));
  }

  private static SeedOutcome seed(CrawlLogEntry e) {
    return new SeedOutcome(
        e.url(),
        e.status(),
        FetchStatus.describe(e.status()),
        FetchStatus.isFailure(e.status()),
        e.mimeType(),
        e.annotations());
  }

  /**
   * The number of lines indexed.
   *
   * @return the count
   */
  public long lines() {
    return lines;
  }

  /**
   * Each domain's figures, by domain name.
   *
   * @return the figures
   */
  public List<DomainFigures> domains() {
    return domains;
  }

  /**
   * Each seed's outcome, by URL.
   *
   * @return the outcomes
   */
  public List<SeedOutcome> seeds() {
    return seeds;
  }

  /**
   * A page of the lines a filter matches, in the file's order (URL, then fetch time).
   *
   * @param filter the filter
   * @param offset how many matching lines to skip
   * @param limit the most lines to give
   * @return the page and the number of matching lines
   */
  public Page search(CrawlLogFilter filter, long offset, int limit) {
    List<Integer> page = new ArrayList<>(Math.min(limit, 1000));
    long total =
        matches(
            filter.toQuery(),
            (doc, n) -> {
              if (n >= offset && page.size() < limit) {
                page.add(doc);
              }
            });
    try {
      StoredFields stored = index.reader().storedFields();
      List<CrawlLogEntry> entries = new ArrayList<>(page.size());
      for (int doc : page) {
        entries.add(CrawlLogEntry.parse(stored.document(doc, Set.of(LINE)).get(LINE)));
      }
      return new Page(total, offset, entries);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the crawl.log index", e);
    }
  }

  /**
   * Each URL of a domain with its best status: a capture (2xx, 3xx) if it has one, else its last.
   *
   * @param domain the domain
   * @return status by URL, sorted by URL
   */
  public Map<String, CrawlLogEntry> urlsOf(String domain) {
    List<Integer> docs = new ArrayList<>();
    matches(new TermQuery(new Term(DOMAIN, domain)), (doc, n) -> docs.add(doc));
    Map<String, CrawlLogEntry> urls = new TreeMap<>();
    try {
      StoredFields stored = index.reader().storedFields();
      for (int doc : docs) {
        CrawlLogEntry e = CrawlLogEntry.parse(stored.document(doc, Set.of(LINE)).get(LINE));
        urls.merge(
            e.url(),
            e,
            (old, now) ->
                FetchStatus.isCaptured(old.status()) && !FetchStatus.isCaptured(now.status())
                    ? old
                    : now);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the crawl.log index", e);
    }
    return urls;
  }

  /** Takes the n-th match (from 0) and its document. */
  @FunctionalInterface
  private interface Match {
    void accept(int doc, long n);
  }

  /** Goes through the matches in document order; the number of matches. */
  private long matches(Query query, Match each) {
    try {
      IndexSearcher searcher = index.searcher();
      Weight weight =
          searcher.createWeight(searcher.rewrite(query), ScoreMode.COMPLETE_NO_SCORES, 1f);
      long n = 0;
      for (LeafReaderContext leaf : index.reader().leaves()) {
        Scorer scorer = weight.scorer(leaf);
        if (scorer == null) {
          continue;
        }
        Bits live = leaf.reader().getLiveDocs();
        DocIdSetIterator docs = scorer.iterator();
        for (int doc = docs.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = docs.nextDoc()) {
          if (live == null || live.get(doc)) {
            each.accept(leaf.docBase + doc, n++);
          }
        }
      }
      return n;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot search the crawl.log index", e);
    }
  }

  @Override
  public void close() {
    index.close();
  }
}
