package org.netarchive.ee.scheduler.domain.model.job;

import java.util.ArrayList;
import java.util.List;

/**
 * The stored form of a job's domains: one line per domain, fields separated by tabs, with {@code
 * \}, tab, newline and carriage return escaped inside the texts. Lists are written as their size
 * followed by their elements.
 *
 * <p>A plain line format rather than JSON because a snapshot writes millions of these lines and
 * reads them back once per dispatch; it needs no library and is easy to read in a database tool.
 */
public final class JobDocument {

  /** Longest stored part of a document, in characters (the column's size). */
  public static final int MAX_PART_LENGTH = 1_000_000;

  private JobDocument() {}

  /** Appends one domain's line (with its newline) to {@code out}. */
  public static void append(StringBuilder out, JobDomain d) {
    out.append(d.domainId()).append('\t');
    out.append(d.configurationId()).append('\t');
    escape(out, d.domainName());
    out.append('\t');
    escape(out, d.configurationName());
    out.append('\t').append(d.maxObjects());
    out.append('\t').append(d.maxBytes());
    out.append('\t').append(d.configMaxObjects());
    out.append('\t').append(d.configMaxBytes());
    out.append('\t').append(d.expectedObjects());
    appendList(out, d.seeds());
    appendList(out, d.crawlerTraps());
    out.append('\n');
  }

  private static void appendList(StringBuilder out, List<String> list) {
    out.append('\t').append(list.size());
    for (String s : list) {
      out.append('\t');
      escape(out, s);
    }
  }

  private static void escape(StringBuilder out, String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        default -> out.append(c);
      }
    }
  }

  /**
   * Splits a document into parts of at most {@link #MAX_PART_LENGTH} characters, each ending at a
   * line end (a single line longer than that is its own, longer part — the column check refuses it,
   * which a seed list of that size deserves).
   */
  public static List<String> parts(CharSequence document) {
    List<String> parts = new ArrayList<>();
    int start = 0;
    int n = document.length();
    while (start < n) {
      int end = Math.min(n, start + MAX_PART_LENGTH);
      if (end < n) {
        int cut = end;
        while (cut > start && document.charAt(cut - 1) != '\n') {
          cut--;
        }
        if (cut == start) {
          cut = indexOfNewline(document, end, n) + 1;
        }
        end = cut;
      }
      parts.add(document.subSequence(start, end).toString());
      start = end;
    }
    return parts;
  }

  private static int indexOfNewline(CharSequence s, int from, int n) {
    for (int i = from; i < n; i++) {
      if (s.charAt(i) == '\n') {
        return i;
      }
    }
    return n - 1;
  }

  /**
   * Reads the domains of a document's parts, in order.
   *
   * @throws IllegalArgumentException if a line is not a domain line
   */
  public static List<JobDomain> read(List<String> parts) {
    List<JobDomain> domains = new ArrayList<>();
    for (String part : parts) {
      for (String line : part.split("\n")) {
        if (!line.isEmpty()) {
          domains.add(parse(line));
        }
      }
    }
    return domains;
  }

  static JobDomain parse(String line) {
    String[] f = line.split("\t", -1);
    try {
      int i = 0;
      long domainId = Long.parseLong(f[i++]);
      long configurationId = Long.parseLong(f[i++]);
      String domainName = unescape(f[i++]);
      String configurationName = unescape(f[i++]);
      long maxObjects = Long.parseLong(f[i++]);
      long maxBytes = Long.parseLong(f[i++]);
      long configMaxObjects = Long.parseLong(f[i++]);
      long configMaxBytes = Long.parseLong(f[i++]);
      long expected = Long.parseLong(f[i++]);
      int seedCount = Integer.parseInt(f[i++]);
      List<String> seeds = new ArrayList<>(seedCount);
      for (int k = 0; k < seedCount; k++) {
        seeds.add(unescape(f[i++]));
      }
      int trapCount = Integer.parseInt(f[i++]);
      List<String> traps = new ArrayList<>(trapCount);
      for (int k = 0; k < trapCount; k++) {
        traps.add(unescape(f[i++]));
      }
      if (i != f.length) {
        throw new IllegalArgumentException(f.length - i + " fields too many");
      }
      return new JobDomain(
          domainId,
          configurationId,
          domainName,
          configurationName,
          maxObjects,
          maxBytes,
          configMaxObjects,
          configMaxBytes,
          expected,
          seeds,
          traps);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "Not a job domain line ("
              + e.getMessage()
              + "): "
              + line.substring(0, Math.min(200, line.length())),
          e);
    }
  }

  private static String unescape(String s) {
    if (s.indexOf('\\') < 0) {
      return s;
    }
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char next = s.charAt(++i);
        out.append(
            switch (next) {
              case 't' -> '\t';
              case 'n' -> '\n';
              case 'r' -> '\r';
              default -> next;
            });
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
