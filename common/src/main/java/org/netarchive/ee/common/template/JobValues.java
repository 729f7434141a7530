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
import org.netarchive.ee.common.message.CrawlCredential;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.DomainCrawlSettings;

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
 * <p>{@link Placeholder#DEDUP_INDEX} is not filled here: a job without an index has none; the agent
 * adds {@link #dedupProcessor} for a job that has one.
 */
public final class JobValues {

  /** The id prefix of the Sheets holding per-domain limits. */
  public static final String QUOTA_SHEET_PREFIX = "netarchiveDomainLimits";

  /** The id prefix of the Sheets holding per-domain crawl settings. */
  public static final String SETTINGS_SHEET_PREFIX = "netarchiveDomainSettings";

  /** The id of the credential store the agent adds when a domain has passwords. */
  public static final String CREDENTIAL_STORE_ID = "netarchiveCredentialStore";

  /** What stands for a password in a job's configuration rendered without its passwords. */
  public static final String PASSWORD_LEFT_OUT = "(password left out)";

  /** The class of the agent's deduplication processor, installed in the agent's Heritrix. */
  public static final String DEDUP_PROCESSOR_CLASS =
      "org.netarchive.ee.agent.heritrix.dedup.DedupProcessor";

  /**
   * The id of the deduplication processor bean the agent inserts for {@link
   * Placeholder#DEDUP_INDEX}.
   */
  public static final String DEDUP_PROCESSOR_ID = "netarchiveDedup";

  /**
   * The id of an optional abstract bean of class {@link #DEDUP_PROCESSOR_CLASS} in a template,
   * holding the deduplication settings of its jobs ({@code matchingMethod}, {@code mimeFilter},
   * {@code filterMode}): the processor the agent inserts is its child bean.
   */
  public static final String DEDUP_SETTINGS_ID = "netarchiveDedupSettings";

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
    return forJob(CrawlTemplate.parse(request.crawlerBeans()), request, warcDirectory);
  }

  /**
   * The placeholder values of a job whose template is already parsed. Besides the limits, {@link
   * Placeholder#DOMAIN_QUOTAS} then holds a Sheet per distinct {@linkplain CrawlDomain#settings()
   * domain settings} (see {@link #domainSettings}) and, when a domain has passwords, a credential
   * store holding them (see {@link #credentialStore}). Rendered from a request {@linkplain
   * CrawlRequest#withoutPasswords() without passwords}, the store has {@link #PASSWORD_LEFT_OUT}
   * where the passwords were: the copy of the configuration that may be kept and archived.
   *
   * @param template the request's template, parsed
   * @param request the job
   * @param warcDirectory where the job's WARC files are to be written
   * @return the values, one per required placeholder
   * @throws CrawlTemplateException if a crawler trap is not a valid regular expression, or a
   *     domain's settings cannot be applied with this template
   */
  public static Map<Placeholder, String> forJob(
      CrawlTemplate template, CrawlRequest request, String warcDirectory) {
    Objects.requireNonNull(template, "template");
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(warcDirectory, "warcDirectory");
    Map<Placeholder, String> values = new EnumMap<>(Placeholder.class);
    values.put(Placeholder.SEEDS, seeds(request));
    values.put(
        Placeholder.DOMAIN_QUOTAS,
        domainQuotas(request)
            + domainSettings(template.sheetTargets(), request)
            + credentialStore(template.sheetTargets(), request));
    values.put(Placeholder.CRAWLER_TRAPS, crawlerTraps(request));
    values.put(Placeholder.WARC_PREFIX, warcPrefix(request));
    values.put(Placeholder.WARC_DIRECTORY, warcDirectory);
    values.put(Placeholder.WARCINFO_METADATA, warcinfoMetadata(request));
    return values;
  }

  /**
   * The value of {@link Placeholder#DEDUP_INDEX} for a job with a deduplication index: one
   * processor bean of class {@link #DEDUP_PROCESSOR_CLASS} with id {@link #DEDUP_PROCESSOR_ID}
   * reading the index in {@code indexDirectory}, a child of the template's {@link
   * #DEDUP_SETTINGS_ID} bean if it has one (else with the processor's defaults).
   *
   * @param template the job's template
   * @param indexDirectory the absolute path of the job's index directory
   * @return the bean definition
   */
  public static String dedupProcessor(CrawlTemplate template, String indexDirectory) {
    Objects.requireNonNull(template, "template");
    if (indexDirectory == null || indexDirectory.isBlank() || indexDirectory.contains("\n")) {
      throw new IllegalArgumentException(
          "The deduplication index directory must be one line, not '" + indexDirectory + "'");
    }
    return "<bean id=\""
        + DEDUP_PROCESSOR_ID
        + "\" class=\""
        + DEDUP_PROCESSOR_CLASS
        + "\""
        + (template.hasDedupSettings() ? " parent=\"" + DEDUP_SETTINGS_ID + "\"" : "")
        + ">\n  <property name=\"indexLocation\" value=\""
        + TemplateText.escape(indexDirectory, true)
        + "\"/>\n</bean>\n";
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

  /**
   * The job's seeds, one a line: first the login URL of every login form (see {@link #loginSeed}),
   * then the domains' seeds.
   *
   * @throws CrawlTemplateException if a login form's URL is not on its domain
   */
  static String seeds(CrawlRequest request) {
    Set<String> seeds = new LinkedHashSet<>();
    for (CrawlDomain domain : request.domains()) {
      for (CrawlCredential credential : domain.credentials()) {
        if (credential.isLoginForm()) {
          seeds.add(loginSeed(domain.domain(), credential));
        }
      }
    }
    for (CrawlDomain domain : request.domains()) {
      for (String seed : domain.seeds()) {
        if (!seed.isBlank()) {
          seeds.add(seed.strip());
        }
      }
    }
    return String.join("\n", seeds);
  }

  /**
   * A login form's URL as a seed. Heritrix posts an {@code HtmlFormCredential}'s form only when its
   * login URL comes to the precondition enforcer as an ordinary URI: when another URI of the server
   * comes first, the enforcer schedules the login URL as a prerequisite, and Heritrix 3.13 fetches
   * prerequisites without their credentials (a plain GET that logs nobody in). Seeded before the
   * domain's other seeds, the login URL is the first URI of its domain's frontier queue (one queue
   * per domain), so it is posted before any other page of its server is fetched, and the server's
   * other URIs then find it done. A seed widens the crawl's scope to its domain, so a login URL on
   * another domain is refused.
   */
  static String loginSeed(String domain, CrawlCredential credential) {
    String url = credential.url().strip();
    String server = serverName(domain, credential);
    String host = server.contains(":") ? server.substring(0, server.lastIndexOf(':')) : server;
    String name = domain.strip().toLowerCase(Locale.ROOT);
    if (!host.equals(name) && !host.endsWith("." + name)) {
      throw new CrawlTemplateException(
          "The login form URL '"
              + url
              + "' of password '"
              + credential.name()
              + "' of domain "
              + domain
              + " is not on that domain; Heritrix can post a login form only on the domain it"
              + " opens");
    }
    return url;
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

  /**
   * A Sheet per distinct settings of the job's domains, associated with those domains' SURT
   * prefixes, setting what the template's beans would otherwise decide for every domain:
   *
   * <ul>
   *   <li>hops: {@code maxHops} of the scope's TooManyHopsDecideRule ({@code scope.rules[i]});
   *   <li>request rate, a cap: the DispositionProcessor's {@code minDelayMs}, the pause between two
   *       requests to the domain, is at least {@code ceil(60000 / requests per minute)} (Heritrix
   *       pauses a domain's queue after each fetch: one queue per domain) and never shorter than
   *       the template's own, and its {@code maxDelayMs} at least that; the template's delay factor
   *       still applies above the minimum. A configuration makes a crawl more polite than its
   *       template, never less;
   *   <li>robots: CrawlMetadata's {@code robotsPolicyName}, {@code obey} or {@code ignore};
   *   <li>JavaScript: {@code enabled} of each ExtractorJS and {@code extractJavascript} of each
   *       ExtractorHTML (inline scripts).
   * </ul>
   *
   * @throws CrawlTemplateException if a domain has settings and the template lacks the hops rule,
   *     the disposition processor or the crawl metadata, so the settings could not take effect
   */
  static String domainSettings(SheetTargets targets, CrawlRequest request) {
    Map<DomainCrawlSettings, List<String>> domainsBySettings = new LinkedHashMap<>();
    for (CrawlDomain domain : request.domains()) {
      if (domain.settings() != null) {
        domainsBySettings
            .computeIfAbsent(domain.settings(), k -> new ArrayList<>())
            .add(domain.domain());
      }
    }
    if (domainsBySettings.isEmpty()) {
      return "";
    }
    List<String> problems = new ArrayList<>();
    requireTarget(
        targets.hopsRule(),
        "a TooManyHopsDecideRule among the rules of the 'scope' bean",
        "max hops",
        problems);
    requireTarget(
        targets.disposition(),
        "a top-level DispositionProcessor bean with an id",
        "max request rate",
        problems);
    requireTarget(
        targets.metadata(), "a top-level CrawlMetadata bean with an id", "robots policy", problems);
    if (!problems.isEmpty()) {
      throw new CrawlTemplateException(
          "The crawl template '"
              + request.templateName()
              + "' version "
              + request.templateVersion()
              + " cannot apply the domains' configurations in job "
              + request.jobId(),
          problems);
    }
    StringBuilder out = new StringBuilder();
    domainsBySettings.forEach(
        (settings, domains) -> {
          long minDelayMs =
              Math.max(targets.minDelayMs(), minDelayMs(settings.maxRequestsPerMinute()));
          String id =
              SETTINGS_SHEET_PREFIX
                  + "-hops-"
                  + settings.maxHops()
                  + "-rate-"
                  + settings.maxRequestsPerMinute()
                  + "-robots-"
                  + (settings.obeyRobots() ? "obey" : "ignore")
                  + "-js-"
                  + settings.extractJavascript();
          out.append("<bean id=\"")
              .append(id)
              .append("\" class=\"org.archive.spring.Sheet\">\n")
              .append("  <property name=\"map\">\n    <map>\n");
          entry(out, targets.hopsRule() + ".maxHops", settings.maxHops());
          entry(out, targets.disposition() + ".minDelayMs", minDelayMs);
          entry(
              out,
              targets.disposition() + ".maxDelayMs",
              Math.max(minDelayMs, targets.maxDelayMs()));
          entry(
              out,
              targets.metadata() + ".robotsPolicyName",
              settings.obeyRobots() ? "obey" : "ignore");
          for (String extractor : targets.javascriptExtractors()) {
            entry(out, extractor + ".enabled", settings.extractJavascript());
          }
          for (String extractor : targets.htmlExtractors()) {
            entry(out, extractor + ".extractJavascript", settings.extractJavascript());
          }
          out.append("    </map>\n  </property>\n</bean>\n");
          association(out, domains, id);
        });
    return out.toString();
  }

  /** The pause between two requests that keeps to a rate per minute, rounded up. */
  static long minDelayMs(int requestsPerMinute) {
    return (60_000L + requestsPerMinute - 1) / requestsPerMinute;
  }

  private static void requireTarget(
      String target, String what, String setting, List<String> problems) {
    if (target == null) {
      problems.add("it has no " + what + ", which the " + setting + " of a configuration sets");
    }
  }

  private static void entry(StringBuilder out, String key, Object value) {
    out.append("      <entry key=\"")
        .append(TemplateText.escape(key, true))
        .append("\" value=\"")
        .append(TemplateText.escape(String.valueOf(value), true))
        .append("\"/>\n");
  }

  private static void association(StringBuilder out, List<String> domains, String sheetId) {
    out.append("<bean class=\"org.archive.crawler.spring.SurtPrefixesSheetAssociation\">\n")
        .append("  <property name=\"surtPrefixes\">\n    <list>\n");
    for (String domain : domains) {
      for (String prefix : surtPrefixes(domain)) {
        out.append("      <value>").append(TemplateText.escape(prefix, false)).append("</value>\n");
      }
    }
    out.append("    </list>\n  </property>\n")
        .append("  <property name=\"targetSheetNames\">\n    <list>\n      <value>")
        .append(sheetId)
        .append("</value>\n    </list>\n  </property>\n</bean>\n");
  }

  /**
   * The credential store with the job's passwords, or nothing when no domain has one: a
   * CredentialStore bean ({@link #CREDENTIAL_STORE_ID}) holding, per entry, an {@code
   * HttpAuthenticationCredential} (realm, login, password) or an {@code HtmlFormCredential} (the
   * login URL and its form fields), each for the server of its URL (host, and port unless the
   * scheme's default, as Heritrix names servers). Heritrix's fetcher and precondition enforcer find
   * the store by type; it is marked primary so that it wins over an empty store a template derived
   * from Heritrix's default profile declares. A password the request does not carry is written as
   * {@link #PASSWORD_LEFT_OUT}.
   *
   * @throws CrawlTemplateException if the template's own credential store holds entries (they and
   *     the domains' passwords cannot both be used), or an entry's URL is not an http(s) URL with a
   *     host
   */
  static String credentialStore(SheetTargets targets, CrawlRequest request) {
    List<CrawlDomain> withPasswords =
        request.domains().stream().filter(d -> !d.credentials().isEmpty()).toList();
    if (withPasswords.isEmpty()) {
      return "";
    }
    if (targets.credentialStore() != null) {
      throw new CrawlTemplateException(
          "The crawl template '"
              + request.templateName()
              + "' declares credentials in its own credential store '"
              + targets.credentialStore()
              + "'; the passwords of the domains in job "
              + request.jobId()
              + " cannot be used with them. Remove them from the template");
    }
    StringBuilder out = new StringBuilder();
    out.append(
            "<!-- The domains' passwords: left out of the copy of this file that is archived. -->\n")
        .append("<bean id=\"")
        .append(CREDENTIAL_STORE_ID)
        .append("\" class=\"")
        .append(SheetTargets.CREDENTIAL_STORE)
        .append("\" primary=\"true\">\n")
        .append("  <property name=\"credentials\">\n    <map>\n");
    for (CrawlDomain domain : withPasswords) {
      for (CrawlCredential c : domain.credentials()) {
        String password = c.password() == null ? PASSWORD_LEFT_OUT : c.password();
        String key = domain.domain() + "/" + c.name();
        out.append("      <entry key=\"").append(TemplateText.escape(key, true)).append("\">\n");
        if (c.isLoginForm()) {
          out.append(
              "        <bean class=\"org.archive.modules.credential.HtmlFormCredential\">\n");
          property(out, "domain", serverName(domain.domain(), c));
          property(out, "loginUri", c.url().strip());
          out.append("          <property name=\"formItems\">\n            <map>\n");
          formItem(out, c.usernameField(), c.username());
          formItem(out, c.passwordField(), password);
          out.append("            </map>\n          </property>\n");
        } else {
          out.append(
              "        <bean class=\"org.archive.modules.credential.HttpAuthenticationCredential\">\n");
          property(out, "domain", serverName(domain.domain(), c));
          property(out, "realm", c.realm());
          property(out, "login", c.username());
          property(out, "password", password);
        }
        out.append("        </bean>\n      </entry>\n");
      }
    }
    out.append("    </map>\n  </property>\n</bean>\n");
    return out.toString();
  }

  private static void formItem(StringBuilder out, String field, String value) {
    out.append("              <entry key=\"")
        .append(TemplateText.escape(field, true))
        .append("\" value=\"")
        .append(TemplateText.escape(value, true))
        .append("\"/>\n");
  }

  private static void property(StringBuilder out, String name, String value) {
    out.append("          <property name=\"")
        .append(name)
        .append("\" value=\"")
        .append(TemplateText.escape(value, true))
        .append("\"/>\n");
  }

  /** The server an entry's URL names, as Heritrix keys servers: {@code host[:port]}. */
  static String serverName(String domain, CrawlCredential credential) {
    java.net.URI uri;
    try {
      uri = new java.net.URI(credential.url().strip());
    } catch (java.net.URISyntaxException e) {
      uri = null;
    }
    String scheme =
        uri == null || uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (uri == null
        || uri.getHost() == null
        || !(scheme.equals("http") || scheme.equals("https"))) {
      throw new CrawlTemplateException(
          "The URL '"
              + credential.url()
              + "' of password '"
              + credential.name()
              + "' of domain "
              + domain
              + " is not an http(s) URL with a host");
    }
    String host = uri.getHost().toLowerCase(Locale.ROOT);
    int port = uri.getPort();
    if (scheme.equals("https")) {
      return host + ":" + (port == -1 ? 443 : port);
    }
    return port == -1 || port == 80 ? host : host + ":" + port;
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
