package org.netarchive.ee.archive.domain.model.qa;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.WildcardQuery;

/**
 * What a curator searches a job's crawl.log for; every part optional, all given parts must match.
 *
 * @param url a URL pattern: {@code *} stands for any characters; a pattern without {@code *}
 *     matches the URLs that contain it. Null for any URL
 * @param statuses the statuses wanted, as inclusive ranges {@code [from, to]}: {@code 404} is
 *     {@code [404, 404]}, {@code 4xx} is {@code [400, 499]}. Empty for any status
 * @param mimeType a MIME type without parameters ({@code text/html}) or a family ({@code image/*}),
 *     lower-case. Null for any type
 * @param domain a domain ({@code kb.dk}: its hosts too), lower-case. Null for any domain
 */
public record CrawlLogFilter(String url, List<int[]> statuses, String mimeType, String domain) {

  /** The longest URL pattern taken. */
  public static final int MAX_PATTERN = 2000;

  /** No filter: every line. */
  public static final CrawlLogFilter ALL = new CrawlLogFilter(null, List.of(), null, null);

  public CrawlLogFilter {
    statuses = List.copyOf(statuses);
  }

  /**
   * A filter from request parameters, each checked.
   *
   * @param url the URL pattern, or null or blank for any
   * @param status status codes and classes separated by commas ({@code 200,3xx,-6}), or null
   * @param mime a MIME type or family, or null
   * @param domain a domain, or null
   * @return the filter
   * @throws IllegalArgumentException naming the parameter and the value that is wrong
   */
  public static CrawlLogFilter parse(String url, String status, String mime, String domain) {
    return new CrawlLogFilter(pattern(url), statuses(status), mime(mime), domain(domain));
  }

  private static String pattern(String url) {
    if (url == null || url.isBlank()) {
      return null;
    }
    String p = url.strip();
    if (p.length() > MAX_PATTERN) {
      throw new IllegalArgumentException(
          "Query parameter 'url' is a pattern of at most "
              + MAX_PATTERN
              + " characters; '"
              + p.substring(0, 40)
              + "...' has "
              + p.length());
    }
    if (p.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException(
          "Query parameter 'url' must be a URL pattern without spaces (* for any characters), was '"
              + p
              + "'");
    }
    return p;
  }

  private static List<int[]> statuses(String status) {
    if (status == null || status.isBlank()) {
      return List.of();
    }
    List<int[]> ranges = new ArrayList<>();
    for (String part : status.split(",")) {
      String s = part.strip().toLowerCase(Locale.ROOT);
      if (s.matches("[1-9]xx")) {
        int from = (s.charAt(0) - '0') * 100;
        ranges.add(new int[] {from, from + 99});
        continue;
      }
      try {
        int code = Integer.parseInt(s);
        if (code < -100_000 || code > 999) {
          throw new NumberFormatException();
        }
        ranges.add(new int[] {code, code});
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "Query parameter 'status' takes status codes and classes separated by commas, like"
                + " 200,4xx,-6; '"
                + part.strip()
                + "' in '"
                + status
                + "' is neither");
      }
    }
    return ranges;
  }

  private static String mime(String mime) {
    if (mime == null || mime.isBlank()) {
      return null;
    }
    String m = mime.strip().toLowerCase(Locale.ROOT);
    boolean ok = m.matches("[a-z0-9!#$&^_.+-]+(/([a-z0-9!#$&^_.+-]+|\\*))?");
    if (!ok) {
      throw new IllegalArgumentException(
          "Query parameter 'mime' must be a MIME type like text/html or a family like image/*,"
              + " was '"
              + mime
              + "'");
    }
    return m;
  }

  private static String domain(String domain) {
    if (domain == null || domain.isBlank()) {
      return null;
    }
    String d = domain.strip().toLowerCase(Locale.ROOT);
    if (d.endsWith(".")) {
      d = d.substring(0, d.length() - 1);
    }
    if (!d.matches("[\\p{L}\\p{N}._:\\[\\]-]+")) {
      throw new IllegalArgumentException(
          "Query parameter 'domain' must be a domain name like kb.dk, was '" + domain + "'");
    }
    return d;
  }

  /**
   * The Lucene query of this filter over the fields of {@link JobCrawlLog}.
   *
   * @return the query
   */
  Query toQuery() {
    BooleanQuery.Builder all = new BooleanQuery.Builder();
    boolean any = false;
    if (url != null && !"*".equals(url)) {
      String p = url.indexOf('*') < 0 ? "*" + url + "*" : url;
      all.add(
          new WildcardQuery(new Term(JobCrawlLog.URL, wildcard(p))), BooleanClause.Occur.FILTER);
      any = true;
    }
    if (!statuses.isEmpty()) {
      BooleanQuery.Builder either = new BooleanQuery.Builder();
      for (int[] range : statuses) {
        either.add(
            IntPoint.newRangeQuery(JobCrawlLog.STATUS, range[0], range[1]),
            BooleanClause.Occur.SHOULD);
      }
      all.add(either.build(), BooleanClause.Occur.FILTER);
      any = true;
    }
    if (mimeType != null) {
      Query q =
          mimeType.endsWith("*")
              ? new PrefixQuery(
                  new Term(JobCrawlLog.MIME, mimeType.substring(0, mimeType.length() - 1)))
              : new TermQuery(new Term(JobCrawlLog.MIME, mimeType));
      all.add(q, BooleanClause.Occur.FILTER);
      any = true;
    }
    if (domain != null) {
      all.add(new TermQuery(new Term(JobCrawlLog.DOMAIN, domain)), BooleanClause.Occur.FILTER);
      any = true;
    }
    return any ? all.build() : new MatchAllDocsQuery();
  }

  /** A pattern where only {@code *} is a wildcard ({@code ?} is common in URLs). */
  private static String wildcard(String pattern) {
    StringBuilder out = new StringBuilder(pattern.length() + 8);
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '?' || c == '\\') {
        out.append('\\');
      }
      out.append(c);
    }
    return out.toString();
  }
}
