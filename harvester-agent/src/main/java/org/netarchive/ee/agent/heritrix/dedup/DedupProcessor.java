package org.netarchive.ee.agent.heritrix.dedup;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.archive.modules.CrawlURI;
import org.archive.modules.Processor;
import org.json.JSONException;
import org.json.JSONObject;
import org.netarchive.ee.common.index.DedupEntry;
import org.netarchive.ee.common.index.DedupIndex;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;

/**
 * A Heritrix processor that makes the WARC writer write a {@code revisit} record instead of a
 * {@code response} for content an earlier harvest already archived, looked up in a deduplication
 * index ({@link DedupIndex}) built from earlier jobs. It stands in the fetch chain after the HTTP
 * fetcher, where the payload digest of what was just fetched is known.
 *
 * <p>For a URI fetched with status 2xx over http(s), with a payload, a content type that passes the
 * MIME filter, and not yet judged a revisit: if the index has a capture of the same URL with the
 * same payload digest ({@link MatchingMethod#URL_AND_DIGEST}, the default), or of any URL with that
 * digest ({@link MatchingMethod#DIGEST}), the URI gets an identical-payload-digest revisit profile
 * pointing at the earliest such capture ({@link DedupRevisit}: target URI, date, file and offset),
 * and the crawl.log annotation {@code duplicate:"FILE,OFFSET,TIMESTAMP"} as NetarchiveSuite's
 * DeDuplicator writes it (TIMESTAMP: the original's capture time, 17 digits, UTC).
 *
 * <p>The index is checked when Heritrix builds the job (a missing or unreadable index fails the
 * build, naming the directory), opened when the crawl starts and closed when it stops. Lookups,
 * hits and bytes are counted for Heritrix's processors report.
 */
public class DedupProcessor extends Processor implements InitializingBean, DisposableBean {

  /** How a fetched URI is matched against the index. */
  public enum MatchingMethod {
    /** The same URL with the same payload digest. */
    URL_AND_DIGEST,
    /** The same payload digest, from whatever URL (the earliest capture wins). */
    DIGEST
  }

  /** Whether the MIME filter names what is deduplicated or what is not. */
  public enum FilterMode {
    /** URIs whose content type matches the filter are not deduplicated. */
    BLACKLIST,
    /** Only URIs whose content type matches the filter are deduplicated. */
    WHITELIST
  }

  /** Text is not deduplicated by default: pages change and are small. */
  public static final String DEFAULT_MIME_FILTER = "^text/.*";

  /** The crawl.log annotation of a duplicate starts with this. */
  public static final String ANNOTATION_PREFIX = "duplicate:";

  private static final Logger LOG = Logger.getLogger(DedupProcessor.class.getName());
  private static final DateTimeFormatter TIMESTAMP17 =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS").withZone(ZoneOffset.UTC);

  private String indexLocation;
  private MatchingMethod matchingMethod = MatchingMethod.URL_AND_DIGEST;
  private String mimeFilter = DEFAULT_MIME_FILTER;
  private FilterMode filterMode = FilterMode.BLACKLIST;
  private Pattern mimePattern = Pattern.compile(DEFAULT_MIME_FILTER);
  private volatile DedupIndex index;

  private final AtomicLong lookups = new AtomicLong();
  private final AtomicLong lookedUpBytes = new AtomicLong();
  private final AtomicLong duplicates = new AtomicLong();
  private final AtomicLong duplicateBytes = new AtomicLong();
  private final AtomicLong otherUrlDuplicates = new AtomicLong();

  public String getIndexLocation() {
    return indexLocation;
  }

  /**
   * The directory of the index, as {@link org.netarchive.ee.common.index.DedupIndexWriter} wrote it
   * (the harvester agent sets it to the job's {@code dedup-index/}).
   */
  public void setIndexLocation(String indexLocation) {
    this.indexLocation = indexLocation;
  }

  public MatchingMethod getMatchingMethod() {
    return matchingMethod;
  }

  /** {@link MatchingMethod#URL_AND_DIGEST} (the default) or {@link MatchingMethod#DIGEST}. */
  public void setMatchingMethod(MatchingMethod matchingMethod) {
    this.matchingMethod = matchingMethod;
  }

  public String getMimeFilter() {
    return mimeFilter;
  }

  /**
   * A regular expression that the whole content type (e.g. {@code text/html; charset=UTF-8}) is
   * matched against; {@value #DEFAULT_MIME_FILTER} by default.
   */
  public void setMimeFilter(String mimeFilter) {
    this.mimeFilter = mimeFilter;
  }

  public FilterMode getFilterMode() {
    return filterMode;
  }

  /** {@link FilterMode#BLACKLIST} (the default) or {@link FilterMode#WHITELIST}. */
  public void setFilterMode(FilterMode filterMode) {
    this.filterMode = filterMode;
  }

  /**
   * Checks the settings and that the index can be opened, when Heritrix builds the job.
   *
   * @throws IllegalArgumentException naming the setting and its value, or the index directory
   */
  @Override
  public void afterPropertiesSet() {
    if (matchingMethod == null) {
      throw new IllegalArgumentException(
          "The deduplication processor needs a matchingMethod: URL_AND_DIGEST or DIGEST");
    }
    if (filterMode == null) {
      throw new IllegalArgumentException(
          "The deduplication processor needs a filterMode: BLACKLIST or WHITELIST");
    }
    try {
      mimePattern = Pattern.compile(mimeFilter == null ? "" : mimeFilter);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "The mimeFilter '"
              + mimeFilter
              + "' of the deduplication processor is not a regular expression: "
              + e.getDescription(),
          e);
    }
    if (!getEnabled()) {
      return;
    }
    try (DedupIndex checked = open()) {
      LOG.info(
          () ->
              "Deduplication index "
                  + indexLocation
                  + " has "
                  + checked.size()
                  + " entries; matching by "
                  + matchingMethod);
    }
  }

  private DedupIndex open() {
    if (indexLocation == null || indexLocation.isBlank()) {
      throw new IllegalArgumentException(
          "The deduplication processor has no indexLocation (the directory of its index)");
    }
    Path dir = Path.of(indexLocation);
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException(
          "The deduplication index " + indexLocation + " does not exist or is not a directory");
    }
    try {
      return DedupIndex.open(dir);
    } catch (UncheckedIOException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "The deduplication index "
              + indexLocation
              + " cannot be opened: "
              + (e.getCause() == null ? e.getMessage() : e.getCause().getMessage()),
          e);
    }
  }

  @Override
  public synchronized void start() {
    if (isRunning()) {
      return;
    }
    if (getEnabled()) {
      index = open();
    }
    super.start();
  }

  @Override
  public synchronized void stop() {
    closeIndex();
    super.stop();
  }

  @Override
  public void destroy() {
    closeIndex();
  }

  private synchronized void closeIndex() {
    DedupIndex open = index;
    index = null;
    if (open != null) {
      try {
        open.close();
      } catch (UncheckedIOException e) {
        LOG.log(Level.WARNING, "Cannot close the deduplication index " + indexLocation, e);
      }
    }
  }

  @Override
  protected boolean shouldProcess(CrawlURI curi) {
    int status = curi.getFetchStatus();
    if (status < 200 || status > 299 || curi.isPrerequisite() || curi.isRevisit()) {
      return false;
    }
    String scheme = curi.getUURI().getScheme();
    if (scheme == null || !scheme.toLowerCase(Locale.ROOT).startsWith("http")) {
      return false;
    }
    if (curi.getContentDigest() == null || curi.getContentLength() <= 0) {
      return false;
    }
    String type = curi.getContentType();
    if (type == null || type.isEmpty()) {
      return false;
    }
    boolean matches = mimePattern.matcher(type).matches();
    return filterMode == FilterMode.WHITELIST ? matches : !matches;
  }

  @Override
  protected void innerProcess(CrawlURI curi) {
    DedupIndex open = index;
    if (open == null) {
      return; // not started (or stopping): nothing to compare with
    }
    String digest = curi.getContentDigestSchemeString();
    String url = curi.getURI();
    lookups.incrementAndGet();
    lookedUpBytes.addAndGet(curi.getContentSize());
    Optional<DedupEntry> found =
        matchingMethod == MatchingMethod.URL_AND_DIGEST
            ? open.find(url, digest)
            : open.find(url, digest).or(() -> open.findByDigest(digest));
    if (found.isEmpty()) {
      return;
    }
    DedupEntry original = found.get();
    duplicates.incrementAndGet();
    duplicateBytes.addAndGet(curi.getContentSize());
    if (!original.url().equals(url)) {
      otherUrlDuplicates.incrementAndGet();
    }
    curi.setRevisitProfile(new DedupRevisit(digest, original));
    curi.getAnnotations().add(annotation(original));
  }

  /**
   * The crawl.log annotation of a duplicate, as NetarchiveSuite writes it.
   *
   * @param original the archived capture
   * @return {@code duplicate:"FILE,OFFSET,TIMESTAMP"}, TIMESTAMP in 17 digits, UTC
   */
  public static String annotation(DedupEntry original) {
    return ANNOTATION_PREFIX
        + "\""
        + original.file()
        + ","
        + original.offset()
        + ","
        + TIMESTAMP17.format(original.date())
        + "\"";
  }

  /** The number of URIs looked up in the index. */
  public long lookups() {
    return lookups.get();
  }

  /** The number of URIs found in the index, made revisits. */
  public long duplicates() {
    return duplicates.get();
  }

  @Override
  public String report() {
    long looked = lookups.get();
    long found = duplicates.get();
    long bytes = lookedUpBytes.get();
    long dupBytes = duplicateBytes.get();
    StringBuilder r = new StringBuilder();
    r.append("Processor: ").append(getClass().getName()).append('\n');
    r.append("  Index:             ").append(indexLocation).append('\n');
    r.append("  Matching:          ").append(matchingMethod).append('\n');
    r.append("  MIME filter:       ")
        .append(filterMode)
        .append(' ')
        .append(mimeFilter)
        .append('\n');
    r.append("  Looked up:         ").append(looked).append('\n');
    r.append("  Duplicates:        ").append(found).append(percent(found, looked)).append('\n');
    r.append("  Other-URL matches: ").append(otherUrlDuplicates.get()).append('\n');
    r.append("  Bytes looked up:   ").append(bytes).append('\n');
    r.append("  Bytes duplicate:   ")
        .append(dupBytes)
        .append(percent(dupBytes, bytes))
        .append('\n');
    return r.toString();
  }

  private static String percent(long part, long whole) {
    return whole == 0 ? "" : String.format(Locale.ROOT, " (%.1f%%)", 100.0 * part / whole);
  }

  @Override
  protected JSONObject toCheckpointJson() throws JSONException {
    JSONObject json = super.toCheckpointJson();
    json.put("lookups", lookups.get());
    json.put("lookedUpBytes", lookedUpBytes.get());
    json.put("duplicates", duplicates.get());
    json.put("duplicateBytes", duplicateBytes.get());
    json.put("otherUrlDuplicates", otherUrlDuplicates.get());
    return json;
  }

  @Override
  protected void fromCheckpointJson(JSONObject json) throws JSONException {
    super.fromCheckpointJson(json);
    lookups.set(json.optLong("lookups"));
    lookedUpBytes.set(json.optLong("lookedUpBytes"));
    duplicates.set(json.optLong("duplicates"));
    duplicateBytes.set(json.optLong("duplicateBytes"));
    otherUrlDuplicates.set(json.optLong("otherUrlDuplicates"));
  }
}
