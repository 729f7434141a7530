package org.netarchive.ee.scheduler.infrastructure.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Registers the application's meters with their descriptions, which Prometheus shows as HELP.
 *
 * <p>WildFly 39.0.1 injects a per-deployment registry that passes only its shortcut methods ({@code
 * counter(name, tags)}, {@code gauge(...)}) on to the server's registry, and those take no
 * description; meters registered with a builder stay in the per-deployment registry, which nothing
 * exports. So the builders here register with the server's registry behind it (its field {@code
 * parentRegistry}), with the deployment's tag that the shortcuts add ({@code WF_DEPLOYMENT}), so
 * the server still removes them with the deployment. Any other registry (a plain one in tests, a
 * server without the wrapper) is used as it is.
 *
 * <p>Every meter's name must have a description here: a new meter without one fails at once.
 */
public final class DescribedMeters {

  private static final String WILDFLY_APPLICATION_REGISTRY =
      "org.wildfly.extension.micrometer.registry.ApplicationRegistry";
  private static final String DEPLOYMENT_TAG = "WF_DEPLOYMENT";

  /** The HELP text of each of the application's meters, by Micrometer name. */
  static final Map<String, String> HELP =
      Map.ofEntries(
          Map.entry("netarchive.jobs", "Crawl jobs in each status"),
          Map.entry("netarchive.jobs.submitted", "Crawl jobs sent to their channel's queue"),
          Map.entry("netarchive.jobs.finished", "Crawl jobs that ended, by outcome"),
          Map.entry("netarchive.jobs.failed", "Crawl jobs that failed, by reason"),
          Map.entry("netarchive.job.uris.discovered", "URIs a running job has discovered"),
          Map.entry("netarchive.job.uris.queued", "URIs a running job has queued"),
          Map.entry("netarchive.job.uris.downloaded", "URIs a running job has downloaded"),
          Map.entry("netarchive.job.bytes", "Bytes a running job has downloaded"),
          Map.entry(
              "netarchive.dedup.objects",
              "Objects finished jobs found unchanged and archived as revisit records"),
          Map.entry(
              "netarchive.dedup.bytes",
              "Content bytes finished jobs did not archive again thanks to deduplication"),
          Map.entry("netarchive.harvests.due", "Harvest definitions due to run"),
          Map.entry("netarchive.splits.running", "Harvest runs being split into jobs"),
          Map.entry("netarchive.agents", "Harvester agents in each state, as last heard"),
          Map.entry("netarchive.queue.messages", "Messages waiting in each queue on the broker"),
          Map.entry("netarchive.monitor.messages", "Pings and heartbeats received"),
          Map.entry("netarchive.archive.files", "Files stored and verified in each replica"),
          Map.entry(
              "netarchive.archive.bytes", "Bytes of the files stored and verified in each replica"),
          Map.entry(
              "netarchive.archive.store.failures",
              "Copies whose last store failed, in each replica"),
          Map.entry("netarchive.archive.stores.in.progress", "Files still being stored"),
          Map.entry(
              "netarchive.preservation.copies",
              "Copies the last audits found missing, corrupt or unknown, per replica and state"),
          Map.entry(
              "netarchive.preservation.not.verified",
              "Copies whose checksum was not verified within the configured days, per replica"),
          Map.entry(
              "netarchive.preservation.flagged",
              "Files whose copies disagree without a repairable majority: a person decides"),
          Map.entry(
              "netarchive.capture.index.lag",
              "Archived files stored but not yet in the capture index"),
          Map.entry("netarchive.capture.index.captures", "Captures in the capture index"));

  private DescribedMeters() {}

  /** The counter of that name and tags, registered with its description. */
  public static Counter counter(MeterRegistry registry, String name, Tags tags) {
    Target target = Target.of(registry);
    return Counter.builder(name)
        .description(help(name))
        .tags(target.tags(tags))
        .register(target.registry);
  }

  /**
   * A gauge of that name and tags, registered with its description, reading {@code value} of {@code
   * state} (held weakly, as Micrometer does).
   */
  public static <T> Gauge gauge(
      MeterRegistry registry, String name, Tags tags, T state, ToDoubleFunction<T> value) {
    Target target = Target.of(registry);
    return Gauge.builder(name, state, value)
        .description(help(name))
        .tags(target.tags(tags))
        .register(target.registry);
  }

  private static String help(String name) {
    String help = HELP.get(name);
    if (help == null) {
      throw new IllegalArgumentException(
          "Meter " + name + " has no description; add its HELP text to DescribedMeters.HELP");
    }
    return help;
  }

  /** The registry that the server exports, and the deployment tag its meters need. */
  private record Target(MeterRegistry registry, String deployment) {

    static Target of(MeterRegistry injected) {
      if (!injected.getClass().getName().equals(WILDFLY_APPLICATION_REGISTRY)) {
        return new Target(injected, null);
      }
      try {
        return new Target(
            (MeterRegistry) field(injected, "parentRegistry"),
            (String) field(injected, "deploymentName"));
      } catch (ReflectiveOperationException | RuntimeException e) {
        throw new IllegalStateException(
            "WildFly's application registry has changed: it has no parentRegistry and"
                + " deploymentName; see DescribedMeters",
            e);
      }
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
      Field field = owner.getClass().getDeclaredField(name);
      field.setAccessible(true);
      return field.get(owner);
    }

    Tags tags(Tags tags) {
      return deployment == null ? tags : tags.and(DEPLOYMENT_TAG, deployment);
    }
  }
}
