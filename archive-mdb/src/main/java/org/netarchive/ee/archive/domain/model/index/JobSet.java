package org.netarchive.ee.archive.domain.model.index;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A set of job IDs an index covers, and its cache name (reference/004, "Indexes and caching"): the
 * IDs joined by {@code -} for up to four jobs; for more, the four lowest IDs followed by the MD5 of
 * all the IDs in ascending order joined by {@code ,}, so the name stays short and unique.
 *
 * @param ids the job IDs, ascending
 */
public record JobSet(SortedSet<Long> ids) {

  /** The most jobs one index may cover. */
  public static final int MAX_JOBS = 10_000;

  /** Checks the IDs. */
  public JobSet {
    if (ids == null || ids.isEmpty()) {
      throw new IllegalArgumentException("An index needs at least one job ID; none was given");
    }
    if (ids.size() > MAX_JOBS) {
      throw new IllegalArgumentException(
          "An index covers at most " + MAX_JOBS + " jobs; " + ids.size() + " were given");
    }
    for (long id : ids) {
      if (id < 1) {
        throw new IllegalArgumentException("Job ID " + id + " is not a job ID (1 or more)");
      }
    }
    ids = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(ids));
  }

  /**
   * The set of some IDs.
   *
   * @param ids the IDs, in any order, repeats ignored
   * @return the set
   */
  public static JobSet of(Collection<Long> ids) {
    return new JobSet(ids == null ? new TreeSet<>() : new TreeSet<>(ids));
  }

  /**
   * Parses job IDs given as text, e.g. a query parameter {@code 1,2,3}.
   *
   * @param values the values, each one ID or several separated by {@code ,}
   * @return the set
   * @throws IllegalArgumentException naming the value that is not a job ID
   */
  public static JobSet parse(Collection<String> values) {
    TreeSet<Long> ids = new TreeSet<>();
    int given = 0;
    for (String value : values == null ? List.<String>of() : values) {
      for (String part : value.split(",")) {
        String p = part.strip();
        if (p.isEmpty()) {
          continue;
        }
        if (++given > MAX_JOBS) {
          throw new IllegalArgumentException(
              "An index covers at most " + MAX_JOBS + " jobs; more were given");
        }
        try {
          ids.add(Long.parseLong(p));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("Job ID '" + p + "' is not a number", e);
        }
      }
    }
    return new JobSet(ids);
  }

  /**
   * The cache name of the set.
   *
   * @return e.g. {@code 1-2-3} or {@code 1-2-3-4-<md5>}
   */
  public String cacheName() {
    List<String> lowest = ids.stream().limit(4).map(String::valueOf).toList();
    String name = String.join("-", lowest);
    if (ids.size() <= 4) {
      return name;
    }
    String all = ids.stream().map(String::valueOf).collect(Collectors.joining(","));
    try {
      byte[] md5 = MessageDigest.getInstance("MD5").digest(all.getBytes(StandardCharsets.US_ASCII));
      return name + "-" + HexFormat.of().formatHex(md5);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("The JDK has no MD5", e);
    }
  }

  /**
   * The IDs as a list, ascending.
   *
   * @return the list
   */
  public List<Long> asList() {
    return List.copyOf(ids);
  }

  /**
   * The IDs as text, {@code 1,2,3}.
   *
   * @return the text
   */
  public String asText() {
    return ids.stream().map(String::valueOf).collect(Collectors.joining(","));
  }
}
