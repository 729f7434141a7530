package org.netarchive.ee.scheduler.domain.model.job;

import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;

/**
 * The number of objects a domain configuration is expected to yield in the next harvest, estimated
 * from its history and limits in the six steps of the NetarchiveSuite design (reference/000,
 * "Scheduling and splitting"), read as NetarchiveSuite's own tests pin them
 * (DomainConfigurationTest and DomainHistory in netarchivesuite/netarchivesuite) where the words
 * and the tests disagree; the README's "How the estimate follows NetarchiveSuite" lists each such
 * point. The splitter only compares these numbers; they are no promise.
 *
 * <p>All arithmetic is on whole numbers ({@code long}); every division rounds down. Every limit is
 * -1 for "no limit" or a positive number.
 *
 * <ol>
 *   <li>{@link #best}: the harvest to estimate from.
 *   <li>{@link #bytesPerObject}: the expected size of an object.
 *   <li>The room to grow into: the harvest's limits when it sets any (a snapshot harvest's
 *       per-domain limits), else the configuration's, else {@link SplitSettings#maxDomainSize()}.
 *   <li>The minimum is the number of objects of the best harvest.
 *   <li>The estimate is the minimum plus (room - minimum) / errorFactorPrevResult if the best
 *       harvest was complete, else plus (room - minimum) / errorFactorBestGuess.
 *   <li>The estimate is at most {@link #maximumObjects}, the tightest of all limits: the
 *       configuration's own limits cap what a harvest's limits let it grow into.
 * </ol>
 *
 * <p>So a configuration limited to 1,100 objects that got 100 objects completely expects 200 in a
 * harvest without limits, but 300 in a snapshot harvest limited to 2,100 objects per domain: the
 * snapshot's limit sets the room, the configuration's caps the result.
 *
 * <p>A configuration that was never harvested expects {@link SplitSettings#maxDomainSize()}
 * objects, at most the maximum of the limits: the design's "defaults from the settings file".
 */
public final class ObjectEstimate {

  /**
   * The fewest objects a harvest must have got for an average below {@link
   * SplitSettings#expectedAverageBytesPerObject()} to count (step 2): a few small objects, often
   * redirects or error pages, say little, while a few large ones are believed.
   */
  public static final long MIN_OBJECTS_FOR_SMALL_AVERAGE = 50;

  /**
   * Among the harvests from the most recent complete one on: most objects first; of as many, a
   * complete one, then the older (as NetarchiveSuite's newest-first scan keeps the last of equals),
   * then more bytes, then the stop reason's declaration order, so the choice never depends on the
   * order of the history.
   */
  private static final Comparator<PastHarvest> BETTER_FIRST =
      Comparator.comparingLong(PastHarvest::objects)
          .reversed()
          .thenComparing(Comparator.comparing(PastHarvest::isComplete).reversed())
          .thenComparing(PastHarvest::startedAt)
          .thenComparing(Comparator.comparingLong(PastHarvest::bytes).reversed())
          .thenComparing(PastHarvest::stopReason);

  private ObjectEstimate() {}

  /**
   * Step 1: the harvest to estimate from: of the most recent complete harvest and every harvest
   * started after it (all harvests if none was complete), the one with most objects; empty for a
   * configuration never harvested. So a newer incomplete harvest that got more than the last
   * complete one is the best (it shows the site has grown), and older incomplete ones never count
   * once a harvest was complete. Of as many objects: a complete one, then the older, then more
   * bytes, then the stop reason declared first in {@link
   * org.netarchive.ee.scheduler.domain.model.history.StopReason}.
   */
  public static Optional<PastHarvest> best(Collection<PastHarvest> history) {
    Objects.requireNonNull(history, "history");
    Instant lastComplete = null;
    for (PastHarvest harvest : history) {
      Objects.requireNonNull(harvest, "a past harvest");
      if (harvest.isComplete()
          && (lastComplete == null || harvest.startedAt().isAfter(lastComplete))) {
        lastComplete = harvest.startedAt();
      }
    }
    PastHarvest best = null;
    for (PastHarvest harvest : history) {
      if (lastComplete != null && harvest.startedAt().isBefore(lastComplete)) {
        continue;
      }
      if (best == null || BETTER_FIRST.compare(harvest, best) < 0) {
        best = harvest;
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * Step 2: the expected bytes per object: the average of the best harvest (bytes / objects,
   * rounded down, at least 1), except that an average below {@link
   * SplitSettings#expectedAverageBytesPerObject()} counts only if the harvest got at least {@value
   * #MIN_OBJECTS_FOR_SMALL_AVERAGE} objects; the setting when there is no best harvest, it got no
   * objects, or its small average does not count.
   */
  public static long bytesPerObject(SplitSettings settings, Optional<PastHarvest> best) {
    long setting = settings.expectedAverageBytesPerObject();
    if (best.isEmpty() || best.get().objects() == 0) {
      return setting;
    }
    PastHarvest harvest = best.get();
    // At least 1: fewer bytes than objects (0 bytes too) must not divide by zero in step 3.
    long average = Math.max(1, harvest.bytes() / harvest.objects());
    if (average < setting && harvest.objects() < MIN_OBJECTS_FOR_SMALL_AVERAGE) {
      return setting;
    }
    return average;
  }

  /**
   * Step 6's cap: the most objects the limits allow. Each object limit allows that many objects and
   * each byte limit allows (byte limit / bytes per object, rounded down) objects; configuration and
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
    requireBytesPerObject(bytesPerObject);
    requireLimits(configMaxObjects, configMaxBytes, harvestMaxObjects, harvestMaxBytes);
    long harvest = allowedObjects(bytesPerObject, harvestMaxObjects, harvestMaxBytes);
    long config = allowedObjects(bytesPerObject, configMaxObjects, configMaxBytes);
    if (!Limits.isSet(harvest) && !Limits.isSet(config)) {
      return settings.maxDomainSize();
    }
    return Math.min(unlimitedAsLargest(harvest), unlimitedAsLargest(config));
  }

  /**
   * Step 3: the objects the estimate grows towards: what the harvest's limits allow if it sets any,
   * else what the configuration's allow, else {@link SplitSettings#maxDomainSize()}. Unlike {@link
   * #maximumObjects} this does not take the smallest of all: NetarchiveSuite lets a harvest's limit
   * override the configuration's here and applies the configuration's only as the cap of step 6.
   *
   * @param bytesPerObject from {@link #bytesPerObject}, at least 1
   */
  public static long roomObjects(
      SplitSettings settings,
      long bytesPerObject,
      long configMaxObjects,
      long configMaxBytes,
      long harvestMaxObjects,
      long harvestMaxBytes) {
    requireBytesPerObject(bytesPerObject);
    requireLimits(configMaxObjects, configMaxBytes, harvestMaxObjects, harvestMaxBytes);
    long harvest = allowedObjects(bytesPerObject, harvestMaxObjects, harvestMaxBytes);
    if (Limits.isSet(harvest)) {
      return harvest;
    }
    long config = allowedObjects(bytesPerObject, configMaxObjects, configMaxBytes);
    return Limits.isSet(config) ? config : settings.maxDomainSize();
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
    long bytesPerObject = bytesPerObject(settings, best);
    long maximum =
        maximumObjects(
            settings,
            bytesPerObject,
            configMaxObjects,
            configMaxBytes,
            harvestMaxObjects,
            harvestMaxBytes);
    if (best.isEmpty()) {
      return Math.min(settings.maxDomainSize(), maximum);
    }
    long room =
        roomObjects(
            settings,
            bytesPerObject,
            configMaxObjects,
            configMaxBytes,
            harvestMaxObjects,
            harvestMaxBytes);
    long minimum = best.get().objects();
    long errorFactor =
        best.get().isComplete()
            ? settings.errorFactorPrevResult()
            : settings.errorFactorBestGuess();
    // When the best harvest got more than the room, (room - minimum) is negative and the estimate
    // lies between the two (the division rounds towards zero, as NetarchiveSuite's does); step 6
    // then caps it.
    long estimate = minimum + (room - minimum) / errorFactor;
    return Math.min(estimate, maximum);
  }

  /** The objects an object and a byte limit allow together, -1 if neither is set. */
  private static long allowedObjects(long bytesPerObject, long maxObjects, long maxBytes) {
    long allowed = Limits.NONE;
    if (Limits.isSet(maxObjects)) {
      allowed = maxObjects;
    }
    if (Limits.isSet(maxBytes)) {
      allowed = Math.min(unlimitedAsLargest(allowed), maxBytes / bytesPerObject);
    }
    return allowed;
  }

  private static long unlimitedAsLargest(long limit) {
    return Limits.isSet(limit) ? limit : Long.MAX_VALUE;
  }

  private static void requireBytesPerObject(long bytesPerObject) {
    if (bytesPerObject < 1) {
      throw new IllegalArgumentException(
          "bytesPerObject must be at least 1, was " + bytesPerObject);
    }
  }

  private static void requireLimits(
      long configMaxObjects, long configMaxBytes, long harvestMaxObjects, long harvestMaxBytes) {
    Limits.require("configMaxObjects", configMaxObjects);
    Limits.require("configMaxBytes", configMaxBytes);
    Limits.require("harvestMaxObjects", harvestMaxObjects);
    Limits.require("harvestMaxBytes", harvestMaxBytes);
  }
}
