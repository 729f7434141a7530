package org.netarchive.ee.common.template;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.netarchive.ee.common.template.TemplateText.Slot;

/**
 * A Heritrix 3 crawl job configuration ({@code crawler-beans.cxml}) with {@linkplain Placeholder
 * placeholders} for what differs from job to job: the server checks an uploaded template with
 * {@link #parse(String)}, and the harvester agent fills it for a job with {@link #render(Map)}.
 *
 * <p>{@link #parse(String)} refuses a text unless
 *
 * <ul>
 *   <li>it is at most {@value #MAX_LENGTH} characters of well-formed XML without a DOCTYPE, whose
 *       document element is a Spring {@code <beans>}, without {@code <import>} or XInclude (a job
 *       must be made from this text alone);
 *   <li>every required placeholder appears exactly once, and every placeholder stands where {@link
 *       Placeholder#where()} says; there is no unknown {@code %{...}} token;
 *   <li>the beans the agent's values rely on are there: one seeds module, one WARC writer in the
 *       disposition chain, a {@code quotaEnforcer} ({@code
 *       org.archive.crawler.prefetch.QuotaEnforcer}) in the fetch chain before the DNS fetcher, one
 *       frontier queue per domain ({@code AssignmentLevelSurtQueueAssignmentPolicy} as the frontier
 *       preparer's queue assignment policy), and no {@code PropertyOverrideConfigurer} overriding a
 *       property the agent fills.
 * </ul>
 *
 * <p>The error names each problem with its line. Instances are immutable and thread-safe; two are
 * equal if their texts are.
 *
 * <p>A template is executable configuration: Heritrix instantiates whatever classes it names, so
 * only trusted users should be allowed to upload one.
 */
public final class CrawlTemplate {

  /** The longest template text accepted, in characters (2 MiB; Heritrix's profile has 33 KiB). */
  public static final int MAX_LENGTH = 2 * 1024 * 1024;

  private static final String DEFAULT_TEMPLATE = "default-crawler-beans.cxml";
  private static final char BYTE_ORDER_MARK = '\uFEFF';

  private final String text;
  private final Set<Placeholder> placeholders;
  private final List<Slot> slots;
  private final Map<String, String> rootNamespaces;
  private final String sha256;
  private final SheetTargets sheetTargets;
  private final boolean dedupSettings;

  private CrawlTemplate(
      String text,
      Set<Placeholder> placeholders,
      List<Slot> slots,
      Map<String, String> namespaces,
      SheetTargets sheetTargets,
      boolean dedupSettings) {
    this.text = text;
    this.dedupSettings = dedupSettings;
    this.sheetTargets = sheetTargets;
    this.placeholders = Collections.unmodifiableSet(placeholders);
    this.slots = List.copyOf(slots);
    this.rootNamespaces = Map.copyOf(namespaces);
    this.sha256 = sha256Of(text);
  }

  /**
   * Parses and checks a template text.
   *
   * @param cxml the text of a crawler-beans.cxml with placeholders; a leading byte order mark is
   *     dropped
   * @return the template
   * @throws CrawlTemplateException if the text is not a usable template; the message names every
   *     problem and where it is
   * @throws NullPointerException if the text is {@code null}
   */
  public static CrawlTemplate parse(String cxml) {
    Objects.requireNonNull(cxml, "cxml");
    String text = !cxml.isEmpty() && cxml.charAt(0) == BYTE_ORDER_MARK ? cxml.substring(1) : cxml;
    if (text.isBlank()) {
      throw new CrawlTemplateException("The crawl template is empty");
    }
    if (text.length() > MAX_LENGTH) {
      throw new CrawlTemplateException(
          "The crawl template has "
              + text.length()
              + " characters, more than the "
              + MAX_LENGTH
              + " allowed; is it a crawler-beans.cxml?");
    }
    XmlDocument document = XmlDocument.parse(text, "The crawl template");
    Set<Placeholder> placeholders = TemplateRules.check(document);
    List<Slot> slots = TemplateText.slots(text);
    checkWrittenLiterally(placeholders, slots);
    return new CrawlTemplate(
        text,
        placeholders,
        slots,
        document.root().namespaceDeclarations(),
        SheetTargets.of(document),
        document.root().elements().stream()
            .anyMatch(
                b -> b.isBeans("bean") && JobValues.DEDUP_SETTINGS_ID.equals(b.attribute("id"))));
  }

  /**
   * Converts NetarchiveSuite's deduplicator in a template text to Netarchive EE's replacement, for
   * a template ported from NetarchiveSuite to be uploaded as it is. A bean of class {@code
   * is.hi.bok.deduplicator.DeDuplicator} becomes the abstract settings bean {@link
   * JobValues#DEDUP_SETTINGS_ID} with its {@code mimeFilter} and {@code filterMode} (its {@code
   * matchingMethod} URL or DIGEST becomes URL_AND_DIGEST), its {@code <ref bean=.../>} entries are
   * removed from the chains, and {@code <!-- %{DEDUP_INDEX} -->} is put in the fetch chain after
   * the HTTP fetcher if it is not there; the settings Netarchive EE has no use for (such as {@code
   * indexLocation}) are dropped and reported with the reason. A disabled deduplicator is removed.
   * Only those parts of the text change: comments, other beans and the layout stay as written.
   *
   * <p>The result is not checked: {@link #parse(String)} checks it, and keeps refusing a text that
   * still declares NetarchiveSuite's deduplicator. This is the deduplicator's part of {@link
   * NetarchiveSuiteTemplates#convert(String)}, which converts the whole of a NetarchiveSuite
   * template (its placeholders and beans too) and is what uploads and imports use.
   *
   * @param cxml a crawler-beans.cxml; a leading byte order mark is dropped if the text is converted
   * @return the converted text with what was mapped, dropped and edited; the text as given, with no
   *     changes, if it has no NetarchiveSuite deduplicator
   * @throws CrawlTemplateException if the text is not well-formed XML, or if the deduplicator has
   *     settings that cannot be carried over (e.g. {@code changeContentSize} true, {@code jumpTo}),
   *     naming each with its line and what to change
   * @throws NullPointerException if the text is {@code null}
   */
  public static TemplateConversion convertNetarchiveSuiteDeduplicator(String cxml) {
    Objects.requireNonNull(cxml, "cxml");
    return NetarchiveSuiteDedupConversion.convert(cxml);
  }

  /**
   * A placeholder written with character references (e.g. {@code &#37;{SEEDS}}) is one to the
   * parser but cannot be found in the text to replace it.
   */
  private static void checkWrittenLiterally(Set<Placeholder> placeholders, List<Slot> slots) {
    Map<Placeholder, Integer> inText = new EnumMap<>(Placeholder.class);
    slots.forEach(slot -> inText.merge(slot.placeholder(), 1, Integer::sum));
    List<String> problems = new ArrayList<>();
    for (Placeholder placeholder : placeholders) {
      if (inText.getOrDefault(placeholder, 0) != 1) {
        problems.add(
            "The placeholder "
                + placeholder.token()
                + " must be written literally, as "
                + placeholder.token()
                + ", not with character or entity references");
      }
    }
    if (!problems.isEmpty()) {
      throw new CrawlTemplateException("The crawl template is not usable", problems);
    }
  }

  /**
   * The template shipped with Netarchive EE: a complete Heritrix 3.13 configuration for selective
   * and snapshot harvests with one frontier queue per domain, per-domain quotas, crawler traps in
   * the scope, compressed WARC output and an optional deduplication processor. Its text is the
   * resource {@code org/netarchive/ee/common/template/default-crawler-beans.cxml}.
   *
   * @return the default template
   */
  public static CrawlTemplate defaultTemplate() {
    return DefaultTemplate.INSTANCE;
  }

  /**
   * The text exactly as given (without a leading byte order mark).
   *
   * @return the text
   */
  public String text() {
    return text;
  }

  /**
   * The placeholders this template has: all required ones and the optional ones it uses.
   *
   * @return an unmodifiable set
   */
  public Set<Placeholder> placeholders() {
    return placeholders;
  }

  /**
   * Whether jobs made from this template deduplicate against earlier jobs, i.e. whether it has
   * {@link Placeholder#DEDUP_INDEX}.
   *
   * @return {@code true} if the template has the deduplication placeholder
   */
  public boolean usesDedupIndex() {
    return placeholders.contains(Placeholder.DEDUP_INDEX);
  }

  /**
   * Whether this template has the abstract bean {@link JobValues#DEDUP_SETTINGS_ID} with the
   * settings of its jobs' deduplication processor.
   *
   * @return {@code true} if it has the settings bean
   */
  public boolean hasDedupSettings() {
    return dedupSettings;
  }

  /** Where the per-domain settings of a job are set in this template. */
  SheetTargets sheetTargets() {
    return sheetTargets;
  }

  /**
   * Fills the placeholders for a job.
   *
   * <p>A {@linkplain Placeholder.Form#ELEMENTS element placeholder}'s comment is replaced by the
   * value as it is, which must be well-formed XML content (elements, comments, whitespace), or
   * empty for none; the namespace prefixes declared on the template's {@code <beans>} element may
   * be used. A {@linkplain Placeholder.Form#VALUE value placeholder} is replaced by its value,
   * XML-escaped for where it stands. Values for placeholders this template does not have are
   * ignored, so that the agent can always give a deduplication processor when it has an index. A
   * missing value for the optional {@link Placeholder#DEDUP_INDEX} means none.
   *
   * <p>Values are checked: seeds must not be blank, the WARC prefix must be 1 to 100 letters,
   * digits, '.', '_' or '-', the WARC directory one line, and no value may contain a character XML
   * 1.0 does not allow. The result is parsed again to be sure it is well-formed.
   *
   * @param values the value of each placeholder
   * @return the crawler-beans.cxml for the job
   * @throws CrawlTemplateException naming each placeholder whose value is missing or unusable
   */
  public String render(Map<Placeholder, String> values) {
    Objects.requireNonNull(values, "values");
    return TemplateText.render(text, slots, values, rootNamespaces);
  }

  /**
   * The SHA-256 digest of the text's UTF-8 encoding, which identifies a template version.
   *
   * @return 64 lower-case hexadecimal digits
   */
  public String sha256() {
    return sha256;
  }

  private static String sha256Of(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java platform has SHA-256", e);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CrawlTemplate that && text.equals(that.text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return "CrawlTemplate[sha256="
        + sha256
        + ", length="
        + text.length()
        + ", placeholders="
        + placeholders
        + "]";
  }

  /** Loaded on first use; a broken shipped template is a build error, caught by the tests. */
  private static final class DefaultTemplate {
    static final CrawlTemplate INSTANCE = load();

    private static CrawlTemplate load() {
      try (InputStream in = CrawlTemplate.class.getResourceAsStream(DEFAULT_TEMPLATE)) {
        if (in == null) {
          throw new IllegalStateException(
              "The default crawl template "
                  + DEFAULT_TEMPLATE
                  + " is missing from the class path next to "
                  + CrawlTemplate.class.getName());
        }
        return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read the default crawl template", e);
      }
    }
  }
}
