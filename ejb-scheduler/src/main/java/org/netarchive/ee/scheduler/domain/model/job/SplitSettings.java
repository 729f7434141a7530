package org.netarchive.ee.scheduler.domain.model.job;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * The settings of the splitter, named and defaulted as in NetarchiveSuite's job generator.
 *
 * @param configChunkSize most domain configurations in one job (at least 1)
 * @param maxTotalSize most expected objects of all configurations of one job (at least 1)
 * @param maxRelativeSizeDifference the largest expected object count in a job may be at most this
 *     many times the smallest (a factor, not a percentage; at least 1)
 * @param minAbsoluteSizeDifference when the largest and smallest expected object counts of a job
 *     differ by at most this, the relative difference does not matter (0 or more)
 * @param errorFactorPrevResult the estimate of a configuration that was harvested completely
 *     assumes it grows by this part of what its limits allow (at least 1)
 * @param errorFactorBestGuess the same for a configuration whose best harvest was incomplete (at
 *     least 1; usually smaller than {@code errorFactorPrevResult})
 * @param expectedAverageBytesPerObject the bytes per object assumed when the history does not say,
 *     and instead of a smaller average of fewer than 50 objects (at least 1)
 * @param maxDomainSize the objects expected of a configuration never harvested, and the maximum
 *     assumed when neither configuration nor harvest limits a domain (at least 1)
 */
public record SplitSettings(
    int configChunkSize,
    long maxTotalSize,
    long maxRelativeSizeDifference,
    long minAbsoluteSizeDifference,
    long errorFactorPrevResult,
    long errorFactorBestGuess,
    long expectedAverageBytesPerObject,
    long maxDomainSize)
    implements Serializable {

  /** The names of the settings, in the order of the record's components. */
  public static final List<String> NAMES =
      List.of(
          "configChunkSize",
          "maxTotalSize",
          "maxRelativeSizeDifference",
          "minAbsoluteSizeDifference",
          "errorFactorPrevResult",
          "errorFactorBestGuess",
          "expectedAverageBytesPerObject",
          "maxDomainSize");

  public SplitSettings {
    atLeast("configChunkSize", configChunkSize, 1);
    atLeast("maxTotalSize", maxTotalSize, 1);
    atLeast("maxRelativeSizeDifference", maxRelativeSizeDifference, 1);
    atLeast("minAbsoluteSizeDifference", minAbsoluteSizeDifference, 0);
    atLeast("errorFactorPrevResult", errorFactorPrevResult, 1);
    atLeast("errorFactorBestGuess", errorFactorBestGuess, 1);
    atLeast("expectedAverageBytesPerObject", expectedAverageBytesPerObject, 1);
    atLeast("maxDomainSize", maxDomainSize, 1);
  }

  /** NetarchiveSuite's defaults: 10000, 8000000, 100, 2000, 10, 2, 38000, 5000. */
  public static SplitSettings defaults() {
    return new SplitSettings(10_000, 8_000_000, 100, 2000, 10, 2, 38_000, 5000);
  }

  /** Each setting's name (see {@link #NAMES}) and decimal value, in the order of {@link #NAMES}. */
  public Map<String, String> asMap() {
    long[] values = values();
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < NAMES.size(); i++) {
      map.put(NAMES.get(i), Long.toString(values[i]));
    }
    return map;
  }

  /**
   * The settings of {@code map} (name to decimal value, surrounding blanks ignored), with the
   * {@link #defaults() default} of each setting it leaves out.
   *
   * @throws IllegalArgumentException for a name that is no setting, a value that is no whole
   *     number, or a value out of the setting's range
   */
  public static SplitSettings fromMap(Map<String, String> map) {
    Objects.requireNonNull(map, "map");
    for (String name : map.keySet()) {
      if (!NAMES.contains(name)) {
        throw new RuleViolation(null, Text.of("split.unknown", name, String.join(", ", NAMES)));
      }
    }
    long[] values = defaults().values();
    for (int i = 0; i < NAMES.size(); i++) {
      String name = NAMES.get(i);
      if (map.containsKey(name)) {
        values[i] = parse(name, map.get(name));
      }
    }
    if (values[0] > Integer.MAX_VALUE) {
      throw new RuleViolation(
          null, Text.of("split.atMost", "configChunkSize", Integer.MAX_VALUE, values[0]));
    }
    return new SplitSettings(
        (int) values[0],
        values[1],
        values[2],
        values[3],
        values[4],
        values[5],
        values[6],
        values[7]);
  }

  private long[] values() {
    return new long[] {
      configChunkSize,
      maxTotalSize,
      maxRelativeSizeDifference,
      minAbsoluteSizeDifference,
      errorFactorPrevResult,
      errorFactorBestGuess,
      expectedAverageBytesPerObject,
      maxDomainSize
    };
  }

  private static long parse(String name, String value) {
    if (value == null) {
      throw new RuleViolation(null, Text.of("split.noValue", name));
    }
    try {
      return Long.parseLong(value.strip());
    } catch (NumberFormatException e) {
      throw new RuleViolation(null, Text.of("split.notWholeNumber", name, value));
    }
  }

  private static void atLeast(String name, long value, long least) {
    if (value < least) {
      throw new RuleViolation(null, Text.of("split.atLeast", name, least, value));
    }
  }
}
