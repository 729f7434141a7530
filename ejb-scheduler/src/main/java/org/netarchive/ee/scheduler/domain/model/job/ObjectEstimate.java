package org.netarchive.ee.scheduler.domain.model.job;

import java.util.Collection;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;

/**
 * The number of objects a domain configuration is expected to yield in the next harvest, estimated
 * from its history and limits in the six steps of the NetarchiveSuite design (reference/000,
 * "Scheduling and splitting"). The splitter only compares these numbers; they are no promise.
 *
 * <p>All arithmetic is on whole numbers ({@code long}); every division rounds down. Every limit is
 * -1 for "no limit" or a positive number.
 *
 * <ol>
 *   <li>{@link #best}: the harvest to estimate from.
 *   <li>{@link #bytesPerObject}: the expected size of an object.
 *   <li>{@link #maximumObjects}: the most objects the limits allow.
 *   <li>The minimum is the number of objects of the best harvest.
 *   <li>The estimate is the minimum plus (maximum - minimum) / errorFactorPrevResult if the best
 *       harvest was complete, else plus (maximum - minimum) / errorFactorBestGuess. "The
 *       configuration had previously been completed" is read as "the best harvest is complete",
 *       which by step 1 is the same as "some harvest of it was complete".
 *   <li>The estimate is at most the maximum.
 * </ol>
 *
 * <p>A configuration that was never harvested expects {@link SplitSettings#maxDomainSize()}
 * objects, at most the maximum of step 3. The design says that for such a configuration "defaults
 * from the settings file are used", and maxDomainSize is that default: NetarchiveSuite's default
 * number of objects of a domain it has not seen. (Read literally, step 4 would give such a
 * configuration a minimum of 0 and so half of what its limits allow: 13157 objects for the default
 * byte limit of 1 GB, far more than the 5000 the setting documents.)
 */
public final class ObjectEstimate {

  /**
   * The fewest objects a harvest must have got for its bytes per object to count (step 2): an
   * average of a few objects, often redirects or error pages, says little.
   */
  public static final long MIN_OBJECTS_FOR_AVERAGE = 50;

  /**
   * The order of "better to estimate from": complete before not complete; among complete harvests
   * the most recent, among the others the one with most objects. Ties are broken by more objects,
   * then the more recent start, then more bytes, then the stop reason's declaration order, so the
   * choice never depends on the order of the history.
   */
  private static final Comparator<PastHarvest> BETTER_FIRST =
      Comparator.comparing(PastHarvest::isComplete)
          .reversed()
          .thenComparing(
              (a, b) ->
                  a.isComplete()
                      ? b.startedAt().compareTo(a.startedAt())
                      : Long.compare(b.objects(), a.objects()))
          .thenComparing(Comparator.comparingLong(PastHarvest::objects).reversed())
          .thenComparing(Comparator.comparing(PastHarvest::startedAt).reversed())
          .thenComparing(Comparator.comparingLong(PastHarvest::bytes).reversed())
          .thenComparing(PastHarvest::stopReason);

  private ObjectEstimate() {}

  /**
   * Step 1: the harvest to estimate from: the most recent complete one, or if none was complete the
   * one with most objects; empty for a configuration never harvested. Ties: among complete harvests
   * started at the same time the one with more objects, then more bytes; among incomplete ones with
   * as many objects the more recently started, then the one with more bytes, then the stop reason
   * declared first in {@link org.netarchive.ee.scheduler.domain.model.history.StopReason}.
   */
  public static Optional<PastHarvest> best(Collection<PastHarvest> history) {
    Objects.requireNonNull(history, "history");
    PastHarvest best = null;
    for (PastHarvest harvest : history) {
      Objects.requireNonNull(harvest, "a past harvest");
      if (best == null || BETTER_FIRST.compare(harvest, best) < 0) {
        best = harvest;
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * Step 2: the expected bytes per object: the average of the best harvest if it got at least
   * {@value #MIN_OBJECTS_FOR_AVERAGE} objects (bytes / objects, rounded down), but never less than
   * {@link SplitSettings#expectedAverageBytesPerObject()}; that setting if there is no best harvest
   * or it got fewer objects.
   */
  public static long bytesPerObject(SplitSettings settings, Optional<PastHarvest> best) {
    long least = settings.expectedAverageBytesPerObject();
    return best.filter(harvest -> harvest.objects() >= MIN_OBJECTS_FOR_AVERAGE)
        .map(harvest -> Math.max(least, harvest.bytes() / harvest.objects()))
        .orElse(least);
  }

  /**
   * Step 3: the most objects the limits allow. Each object limit allows that many objects and each
   * byte limit allows (byte limit / bytes per object, rounded down) objects; configuration and
   * harvest limits all apply, so the maximum is the smallest of the ones that are set. When none is
   * set, the maximum is {@link SplitSettings#maxDomainSize()}, an artificial limit for estimation.
   *
   * @param bytesPerObject from {@link #bytesPerObject}, at least 1
   */
  public static long maximumObjects(
      SplitSettings settings,
      long bytesPerObject,
      long configMaxObjects,
      long configMaxBytes,
      long harvestMaxObjects,
      long harvestMaxBytes) {
    if (bytesPerObject < 1) {
      throw new IllegalArgumentException(
          "bytesPerObject must be at least 1, was " + bytesPerObject);
    }
    requireLimits(configMaxObjects, configMaxBytes, harvestMaxObjects, harvestMaxBytes);
    long maximum = Long.MAX_VALUE;
    boolean limited = false;
    for (long objects : new long[] {configMaxObjects, harvestMaxObjects}) {
      if (Limits.isSet(objects)) {
        maximum = Math.min(maximum, objects);
        limited = true;
      }
    }
    for (long bytes : new long[] {configMaxBytes, harvestMaxBytes}) {
      if (Limits.isSet(bytes)) {
        maximum = Math.min(maximum, bytes / bytesPerObject);
        limited = true;
      }
    }
    return limited ? maximum : settings.maxDomainSize();
  }

  /**
   * The expected number of objects of a configuration in the next harvest (steps 1 to 6, see the
   * class description), 0 or more.
   *
   * @param best the harvest to estimate from, see {@link #best}; empty if never harvested
   * @param configMaxObjects the configuration's object limit, -1 for none
   * @param configMaxBytes the configuration's byte limit, -1 for none
   * @param harvestMaxObjects the harvest's per-domain object limit, -1 for none
   * @param harvestMaxBytes the harvest's per-domain byte limit, -1 for none
   */
  public static long expectedObjects(
      SplitSettings settings,
      Optional<PastHarvest> best,
      long configMaxObjects,
      long configMaxBytes,
      long harvestMaxObjects,
      long harvestMaxBytes) {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(best, "best");
    long maximum =
        maximumObjects(
            settings,
            bytesPerObject(settings, best),
            configMaxObjects,
            configMaxBytes,
            harvestMaxObjects,
            harvestMaxBytes);
    if (best.isEmpty()) {
      return Math.min(settings.maxDomainSize(), maximum);
    }
    long minimum = best.get().objects();
    long errorFactor =
        best.get().isComplete()
            ? settings.errorFactorPrevResult()
            : settings.errorFactorBestGuess();
    // When the best harvest got more than the maximum, (maximum - minimum) is negative and the
    // estimate lies between the two; step 6 then gives the maximum.
    long estimate = minimum + (maximum - minimum) / errorFactor;
    return Math.min(estimate, maximum);
  }

  private static void requireLimits(
      long configMaxObjects, long configMaxBytes, long harvestMaxObjects, long harvestMaxBytes) {
    Limits.require("configMaxObjects", configMaxObjects);
    Limits.require("configMaxBytes", configMaxBytes);
    Limits.require("harvestMaxObjects", harvestMaxObjects);
    Limits.require("harvestMaxBytes", harvestMaxBytes);
  }
}
