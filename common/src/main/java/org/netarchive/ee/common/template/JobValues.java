package org.netarchive.ee.common.template;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;

/**
 * The values with which the harvester agent fills a {@link CrawlTemplate} for one {@link
 * CrawlRequest}: {@code template.render(JobValues.forJob(request, warcDirectory))}.
 *
 * <ul>
 *   <li>{@link Placeholder#SEEDS}: every domain's seeds, one a line, each once.
 *   <li>{@link Placeholder#DOMAIN_QUOTAS}: for every distinct pair of limits an {@code
 *       org.archive.spring.Sheet} setting {@code quotaEnforcer.groupMaxFetchSuccesses} (the object
 *       limit) and/or {@code quotaEnforcer.groupMaxAllKb} (the byte limit, rounded up to whole
 *       KiB), and an association applying it to the {@linkplain #surtPrefixes(String) SURT
 *       prefixes} of the domains that have those limits; a domain without limits gets no Sheet.
 *       When the job has a maximum running time, also a {@code PropertyOverrideConfigurer} setting
 *       {@code crawlLimiter.maxTimeSeconds} (ignored if the template has no {@code crawlLimiter}).
 *   <li>{@link Placeholder#CRAWLER_TRAPS}: the global traps, then each domain's, each once.
 *   <li>{@link Placeholder#WARC_PREFIX}: {@code <jobId>-<harvestId>}.
 *   <li>{@link Placeholder#WARC_DIRECTORY}: as given.
 *   <li>{@link Placeholder#WARCINFO_METADATA}: {@code jobName} {@code <jobId>-<harvestId>} and a
 *       one-line {@code description} of {@code harvestInfo.*} fields (job, harvest, run, channel,
 *       template and its version, when the job was made).
 * </ul>
 *
 * <p>{@link Placeholder#DEDUP_INDEX} is not filled here: a job without an index has none.
 */
public final class JobValues {

  /** The id prefix of the Sheets holding per-domain limits. */
  public static final String QUOTA_SHEET_PREFIX = "netarchiveDomainLimits";

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  private JobValues() {}

  /**
   * The placeholder values of a job.
   *
   * @param request the job
   * @param warcDirectory where the job's WARC files are to be written
   * @return the values, one per required placeholder
   * @throws CrawlTemplateException if a crawler trap is not a valid regular expression
   */
  public static Map<Placeholder, String> forJob(CrawlRequest request, String warcDirectory) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(warcDirectory, "warcDirectory");
    Map<Placeholder, String> values = new EnumMap<>(Placeholder.class);
    values.put(Placeholder.SEEDS, seeds(request));
    values.put(Placeholder.DOMAIN_QUOTAS, domainQuotas(request));
    values.put(Placeholder.CRAWLER_TRAPS, crawlerTraps(request));
    values.put(Placeholder.WARC_PREFIX, warcPrefix(request));
    values.put(Placeholder.WARC_DIRECTORY, warcDirectory);
    values.put(Placeholder.WARCINFO_METADATA, warcinfoMetadata(request));
    return values;
  }

  /**
   * The prefix of a job's WARC file names, {@code <jobId>-<harvestId>}.
   *
   * @param request the job
   * @return e.g. {@code 42-7}
   */
  public static String warcPrefix(CrawlRequest request) {
    return request.jobId() + "-" + request.harvestId();
  }

  /**
   * The SURT prefixes that cover a domain and all its hosts, as Heritrix's {@code
   * SurtPrefixesSheetAssociation} compares them: {@code http://(dk,kb,} and {@code https://(dk,kb,}
   * for {@code kb.dk}. An IPv4 address is not reversed in a SURT: {@code http://(127.0.0.2:} and
   * {@code http://(127.0.0.2)} (with and without a port).
   *
   * @param domain a domain name or IPv4 address
   * @return the prefixes, http before https
   */
  public static List<String> surtPrefixes(String domain) {
    String name = domain.strip().toLowerCase(Locale.ROOT);
    List<String> prefixes = new ArrayList<>();
    for (String scheme : List.of("http", "https")) {
      if (IPV4.matcher(name).matches()) {
        prefixes.add(scheme + "://(" + name + ":");
        prefixes.add(scheme + "://(" + name + ")");
      } else {
        List<String> labels = new ArrayList<>(List.of(name.split("\\.")));
        java.util.Collections.reverse(labels);
        prefixes.add(scheme + "://(" + String.join(",", labels) + ",");
      }
    }
    return prefixes;
  }

  static String seeds(CrawlRequest request) {
    Set<String> seeds = new LinkedHashSet<>();
    for (CrawlDomain domain : request.domains()) {
      for (String seed : domain.seeds()) {
        if (!seed.isBlank()) {
          seeds.add(seed.strip());
        }
      }
    }
    return String.join("\n", seeds);
  }

  static String crawlerTraps(CrawlRequest request) {
    Map<String, String> traps = new LinkedHashMap<>();
    request.globalCrawlerTraps().forEach(t -> traps.putIfAbsent(t.strip(), "the global traps"));
    for (CrawlDomain domain : request.domains()) {
      domain.crawlerTraps().forEach(t -> traps.putIfAbsent(t.strip(), "domain " + domain.domain()));
    }
    traps.remove("");
    List<String> problems = new ArrayList<>();
    StringBuilder out = new StringBuilder();
    traps.forEach(
        (trap, source) -> {
          try {
            Pattern.compile(trap);
          } catch (PatternSyntaxException e) {
            problems.add(
                "The crawler trap '"
                    + trap
                    + "' of "
                    + source
                    + " in job "
                    + request.jobId()
                    + " is not a valid regular expression: "
                    + e.getDescription()
                    + " near index "
                    + e.getIndex());
          }
          out.append("<value>").append(TemplateText.escape(trap, false)).append("</value>\n");
        });
    if (!problems.isEmpty()) {
      throw new CrawlTemplateException("The job's crawler traps cannot be used", problems);
    }
    return out.toString();
  }

  static String domainQuotas(CrawlRequest request) {
    Map<List<Long>, List<String>> domainsByLimits = new LinkedHashMap<>();
    for (CrawlDomain domain : request.domains()) {
      if (domain.maxObjects() != -1 || domain.maxBytes() != -1) {
        domainsByLimits
            .computeIfAbsent(
                List.of(domain.maxObjects(), domain.maxBytes()), k -> new ArrayList<>())
            .add(domain.domain());
      }
    }
    StringBuilder out = new StringBuilder();
    domainsByLimits.forEach(
        (limits, domains) -> {
          long objects = limits.get(0);
          long bytes = limits.get(1);
          String id =
              QUOTA_SHEET_PREFIX
                  + "-objects-"
                  + (objects == -1 ? "unlimited" : objects)
                  + "-bytes-"
                  + (bytes == -1 ? "unlimited" : bytes);
          out.append("<bean id=\"")
              .append(id)
              .append("\" class=\"org.archive.spring.Sheet\">\n")
              .append("  <property name=\"map\">\n    <map>\n");
          if (objects != -1) {
            out.append("      <entry key=\"quotaEnforcer.groupMaxFetchSuccesses\" value=\"")
                .append(objects)
                .append("\"/>\n");
          }
          if (bytes != -1) {
            out.append("      <entry key=\"quotaEnforcer.groupMaxAllKb\" value=\"")
                .append(kibibytesRoundedUp(bytes))
                .append("\"/>\n");
          }
          out.append("    </map>\n  </property>\n</bean>\n");
          out.append("<bean class=\"org.archive.crawler.spring.SurtPrefixesSheetAssociation\">\n")
              .append("  <property name=\"surtPrefixes\">\n    <list>\n");
          for (String domain : domains) {
            for (String prefix : surtPrefixes(domain)) {
              out.append("      <value>")
                  .append(TemplateText.escape(prefix, false))
                  .append("</value>\n");
            }
          }
          out.append("    </list>\n  </property>\n")
              .append("  <property name=\"targetSheetNames\">\n    <list>\n      <value>")
              .append(id)
              .append("</value>\n    </list>\n  </property>\n</bean>\n");
        });
    if (request.maxRunningSeconds() > 0) {
      out.append(
              "<bean id=\"netarchiveJobTimeLimit\""
                  + " class=\"org.springframework.beans.factory.config.PropertyOverrideConfigurer\">\n")
          .append("  <property name=\"ignoreInvalidKeys\" value=\"true\"/>\n")
          .append("  <property name=\"properties\">\n    <props>\n")
          .append("      <prop key=\"crawlLimiter.maxTimeSeconds\">")
          .append(request.maxRunningSeconds())
          .append("</prop>\n    </props>\n  </property>\n</bean>\n");
    }
    return out.toString();
  }

  private static long kibibytesRoundedUp(long bytes) {
    return bytes / 1024 + (bytes % 1024 == 0 ? 0 : 1);
  }

  static String warcinfoMetadata(CrawlRequest request) {
    String description =
        "harvestInfo.jobId="
            + request.jobId()
            + "; harvestInfo.harvestId="
            + request.harvestId()
            + "; harvestInfo.harvestName="
            + oneLine(request.harvestName())
            + "; harvestInfo.harvestRun="
            + request.harvestRun()
            + "; harvestInfo.channel="
            + oneLine(request.channel())
            + "; harvestInfo.templateName="
            + oneLine(request.templateName())
            + "; harvestInfo.templateVersion="
            + request.templateVersion()
            + "; harvestInfo.jobCreated="
            + request.createdAt();
    return "<property name=\"jobName\" value=\""
        + TemplateText.escape(warcPrefix(request), true)
        + "\"/>\n<property name=\"description\" value=\""
        + TemplateText.escape(description, true)
        + "\"/>\n";
  }

  /** A warcinfo field is one line: line breaks and tabs in names become spaces. */
  private static String oneLine(String text) {
    return text.replaceAll("[\\r\\n\\t]+", " ").strip();
  }
}
