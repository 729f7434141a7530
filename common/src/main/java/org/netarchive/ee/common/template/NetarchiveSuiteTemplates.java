package org.netarchive.ee.common.template;

import static org.netarchive.ee.common.template.HeritrixClasses.CRAWL_METADATA;
import static org.netarchive.ee.common.template.HeritrixClasses.DISPOSITION_CHAIN;
import static org.netarchive.ee.common.template.HeritrixClasses.DOMAIN_QUEUES;
import static org.netarchive.ee.common.template.HeritrixClasses.MATCHES_LIST_REGEX_DECIDE_RULE;
import static org.netarchive.ee.common.template.HeritrixClasses.QUOTA_ENFORCER;
import static org.netarchive.ee.common.template.HeritrixClasses.QUOTA_ENFORCER_ID;
import static org.netarchive.ee.common.template.HeritrixClasses.TEXT_SEED_MODULE;
import static org.netarchive.ee.common.template.HeritrixClasses.WARC_WRITER;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import org.netarchive.ee.common.template.CxmlText.Edit;
import org.netarchive.ee.common.template.XmlDocument.Element;

/**
 * Converts a Heritrix 3 template of NetarchiveSuite ({@code crawler-beans.cxml} with its {@code
 * %{..._PLACEHOLDER}} placeholders and its {@code dk.netarkivet} beans) to a Netarchive EE crawl
 * template, so that a NetarchiveSuite installation's templates are taken as they are, on upload and
 * by the importer of a NetarchiveSuite database. It is a pure function of the text: {@link
 * #convert(String)}.
 *
 * <p>The placeholders are those of NetarchiveSuite 7.0 to 8.1 ({@code H3HeritrixTemplate}, the same
 * set in all these versions) and the three extended fields NetarchiveSuite's database defines
 * ({@code MAX_HOPS}, {@code HONOR_ROBOTS_DOT_TXT}, {@code EXTRACT_JAVASCRIPT}):
 *
 * <table>
 *   <caption>What each of NetarchiveSuite's placeholders becomes</caption>
 *   <tr><th>NetarchiveSuite</th><th>Netarchive EE</th></tr>
 *   <tr><td>{@code %{CRAWLERTRAPS_PLACEHOLDER}} in the regexList of a
 *       MatchesListRegexDecideRule</td><td>{@code <!-- %{CRAWLER_TRAPS} -->}; the rule gets
 *       decision REJECT if it has none</td></tr>
 *   <tr><td>{@code %{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER}} among the beans</td><td>a WARC writer
 *       bean {@code warcWriter} ({@code WARCWriterChainProcessor}, compressed, 1 GB files) with
 *       {@code %{WARC_PREFIX}} and {@code %{WARC_DIRECTORY}}</td></tr>
 *   <tr><td>{@code %{ARCHIVER_BEAN_REFERENCE_PLACEHOLDER}} in the disposition chain</td><td>{@code
 *       <ref bean="warcWriter"/>}</td></tr>
 *   <tr><td>{@code %{ARCHIVE_FILE_PREFIX_PLACEHOLDER}}</td><td>{@code %{WARC_PREFIX}}</td></tr>
 *   <tr><td>{@code %{METADATA_ITEMS_PLACEHOLDER}}</td><td>removed; the warcinfo record is written
 *       from {@code %{WARCINFO_METADATA}} in the crawl metadata bean</td></tr>
 *   <tr><td>{@code %{DEDUPLICATION_INDEX_LOCATION_PLACEHOLDER}}, {@code
 *       %{DEDUPLICATION_ENABLED_PLACEHOLDER}} in the DeDuplicator</td><td>the DeDuplicator becomes
 *       {@code <!-- %{DEDUP_INDEX} -->} and its settings bean (see {@link
 *       CrawlTemplate#convertNetarchiveSuiteDeduplicator(String)})</td></tr>
 *   <tr><td>{@code %{MAX_TIME_SECONDS_PLACEHOLDER}}</td><td>0 (no limit of the template); the agent
 *       sets the job's own limit</td></tr>
 *   <tr><td>{@code %{FRONTIER_QUEUE_TOTAL_BUDGET_PLACEHOLDER}}, {@code
 *       %{QUOTA_ENFORCER_GROUP_MAX_FETCH_SUCCES_PLACEHOLDER}}, {@code
 *       %{QUOTA_ENFORCER_MAX_BYTES_PLACEHOLDER}}</td><td>-1 (no limit of the template); the
 *       per-domain limits are set at {@code <!-- %{DOMAIN_QUOTAS} -->}</td></tr>
 *   <tr><td>{@code %{QUOTAENFORCER_PLACEHOLDER}}</td><td>a {@code quotaEnforcer} bean, or nothing if
 *       there is one</td></tr>
 *   <tr><td>{@code %{UMBRA_*_PLACEHOLDER}} (four)</td><td>removed, as NetarchiveSuite does without
 *       Umbra</td></tr>
 *   <tr><td>{@code %{MAX_HOPS}}, {@code %{HONOR_ROBOTS_DOT_TXT}}, {@code
 *       %{EXTRACT_JAVASCRIPT}}</td><td>NetarchiveSuite's defaults 20, ignore, true; the agent sets
 *       each domain configuration's own values per domain</td></tr>
 * </table>
 *
 * <p>The beans: the {@code QuotaEnforcer} is renamed {@code quotaEnforcer} (references and
 * overrides too); NetarchiveSuite's queue assignment policies become {@code
 * AssignmentLevelSurtQueueAssignmentPolicy} (one queue per domain), {@code NasCrawlMetadata}
 * becomes {@code CrawlMetadata} (without its {@code date}), {@code OnNSDomainsDecideRule} becomes
 * {@code OnDomainsDecideRule}, {@code ContentSizeAnnotationPostProcessor} is removed; the seeds
 * bean reads {@code %{SEEDS}} instead of seeds.txt; the crawl metadata loses {@code jobName} and
 * {@code description} (beans and overrides) and gets {@code <!-- %{WARCINFO_METADATA} -->};
 * overrides of the WARC writer that Heritrix's WARCWriterChainProcessor does not have or that the
 * agent sets are removed; {@code <!-- %{DOMAIN_QUOTAS} -->} and a SheetOverlaysManager are added if
 * missing; the DeDuplicator is converted as {@link
 * CrawlTemplate#convertNetarchiveSuiteDeduplicator(String)} says. Everything else stays exactly as
 * written.
 *
 * <p>What cannot be converted is refused, each problem naming its line and what to change: an
 * unknown placeholder, a NetarchiveSuite placeholder where NetarchiveSuite does not put it, a class
 * of NetarchiveSuite's Heritrix extensions that has no counterpart (e.g. {@code NasWARCProcessor},
 * {@code ExtractorOAI}), an ARC writer, and what the DeDuplicator's conversion refuses.
 */
public final class NetarchiveSuiteTemplates {

  /** The versions of NetarchiveSuite whose placeholder set is covered, as said in the report. */
  public static final String VERSIONS = "NetarchiveSuite 7.0 to 8.1";

  private static final char BYTE_ORDER_MARK = '\uFEFF';
  private static final String NAS_PACKAGE = "dk.netarkivet.";
  private static final String NAS_HARVESTING = "dk.netarkivet.harvester.harvesting.";
  private static final String WRITER_ID = "warcWriter";
  private static final String SHEET_OVERLAYS_MANAGER =
      "org.archive.crawler.spring.SheetOverlaysManager";
  private static final String ON_DOMAINS =
      "org.archive.modules.deciderules.surt.OnDomainsDecideRule";
  private static final String ARC_WRITER = "org.archive.modules.writer.ARCWriterProcessor";

  /** NetarchiveSuite's placeholder names (7.0 to 8.1) and its extended fields. */
  static final Set<String> PLACEHOLDERS =
      Set.of(
          "CRAWLERTRAPS_PLACEHOLDER",
          "ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER",
          "ARCHIVER_BEAN_REFERENCE_PLACEHOLDER",
          "ARCHIVE_FILE_PREFIX_PLACEHOLDER",
          "METADATA_ITEMS_PLACEHOLDER",
          "DEDUPLICATION_INDEX_LOCATION_PLACEHOLDER",
          "DEDUPLICATION_ENABLED_PLACEHOLDER",
          "MAX_TIME_SECONDS_PLACEHOLDER",
          "FRONTIER_QUEUE_TOTAL_BUDGET_PLACEHOLDER",
          "QUOTA_ENFORCER_GROUP_MAX_FETCH_SUCCES_PLACEHOLDER",
          "QUOTA_ENFORCER_MAX_BYTES_PLACEHOLDER",
          "QUOTAENFORCER_PLACEHOLDER",
          "UMBRA_SIMPLEOVERRIDES_PLACEHOLDER",
          "UMBRA_PUBLISH_BEAN_PLACEHOLDER",
          "UMBRA_RECEIVE_BEAN_PLACEHOLDER",
          "UMBRA_BEAN_REF_PLACEHOLDER",
          "MAX_HOPS",
          "HONOR_ROBOTS_DOT_TXT",
          "EXTRACT_JAVASCRIPT");

  /** Values put for placeholders that stand for a number or a word, and why. */
  private static final Map<String, String[]> VALUES =
      Map.of(
          "MAX_TIME_SECONDS_PLACEHOLDER",
          new String[] {
            "0",
            "no time limit of the template; the agent sets the job's own maximum running time"
                + " (crawlLimiter.maxTimeSeconds) when the harvest has one"
          },
          "FRONTIER_QUEUE_TOTAL_BUDGET_PLACEHOLDER",
          new String[] {
            "-1",
            "no budget per queue; each domain's object limit is set by the quota sheets at "
                + Placeholder.DOMAIN_QUOTAS.token()
          },
          "QUOTA_ENFORCER_GROUP_MAX_FETCH_SUCCES_PLACEHOLDER",
          new String[] {
            "-1",
            "no object limit of the template; each domain's limit is set by the quota sheets at "
                + Placeholder.DOMAIN_QUOTAS.token()
          },
          "QUOTA_ENFORCER_MAX_BYTES_PLACEHOLDER",
          new String[] {
            "-1",
            "no byte limit of the template; each domain's limit is set by the quota sheets at "
                + Placeholder.DOMAIN_QUOTAS.token()
          },
          "MAX_HOPS",
          new String[] {
            "20",
            "NetarchiveSuite's default of the extended field; the agent sets each domain"
                + " configuration's own hops per domain"
          },
          "HONOR_ROBOTS_DOT_TXT",
          new String[] {
            "ignore",
            "NetarchiveSuite's default of the extended field; the agent sets each domain"
                + " configuration's own robots policy per domain"
          },
          "EXTRACT_JAVASCRIPT",
          new String[] {
            "true",
            "NetarchiveSuite's default of the extended field; the agent sets each domain"
                + " configuration's own choice per domain"
          });

  /** NetarchiveSuite's classes that have a Heritrix counterpart. */
  private static final Map<String, String> CLASSES =
      Map.of(
          NAS_HARVESTING + "DomainnameQueueAssignmentPolicy",
          DOMAIN_QUEUES,
          NAS_HARVESTING + "SeedUriDomainnameQueueAssignmentPolicy",
          DOMAIN_QUEUES,
          NAS_HARVESTING + "NasCrawlMetadata",
          CRAWL_METADATA,
          NAS_HARVESTING + "OnNSDomainsDecideRule",
          ON_DOMAINS);

  /** What to do instead of NetarchiveSuite's classes that have no counterpart. */
  private static final Map<String, String> INSTEAD =
      Map.of(
          NAS_HARVESTING + "NasWARCProcessor",
          "replace the bean by %{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER} and its reference in the"
              + " disposition chain by %{ARCHIVER_BEAN_REFERENCE_PLACEHOLDER}, which become"
              + " Netarchive EE's WARC writer",
          NAS_HARVESTING + "NASSurtPrefixedDecideRule",
          "use org.archive.modules.deciderules.surt.SurtPrefixedDecideRule",
          NAS_HARVESTING + "PrerequisiteIgnoringQuotaEnforcer",
          "use " + QUOTA_ENFORCER,
          NAS_HARVESTING + "extractor.IcelandicExtractorJS",
          "use org.archive.modules.extractor.ExtractorJS",
          NAS_HARVESTING + "extractor.ExtractorOAI",
          "remove the bean and its reference in the fetch chain");

  /** Overrides of the WARC writer that are removed, and why. */
  private static final Map<String, String> WRITER_OVERRIDES =
      Map.of(
          "writeRequests",
          "WARCWriterChainProcessor writes request records itself",
          "writeMetadata",
          "WARCWriterChainProcessor writes metadata records itself",
          "writeMetadataOutlinks",
          "WARCWriterChainProcessor has no such setting",
          "writeRevisitForIdenticalDigests",
          "WARCWriterChainProcessor has no such setting",
          "writeRevisitForNotModified",
          "WARCWriterChainProcessor has no such setting",
          "template",
          "the agent's WARC files are named <prefix>-<timestamp>-<serial>-..., as Heritrix does by"
              + " default",
          "prefix",
          "the agent sets the prefix through " + Placeholder.WARC_PREFIX.token(),
          "storePaths",
          "the agent sets the directory through " + Placeholder.WARC_DIRECTORY.token(),
          "directory",
          "the agent sets the directory through " + Placeholder.WARC_DIRECTORY.token());

  private NetarchiveSuiteTemplates() {}

  /**
   * Converts a NetarchiveSuite Heritrix 3 template to a Netarchive EE crawl template. A text
   * without anything of NetarchiveSuite (none of its placeholders, no {@code dk.netarkivet} class,
   * no DeDuplicator) is given back unchanged with no changes. The result is not checked: {@link
   * CrawlTemplate#parse(String)} checks it.
   *
   * @param cxml a crawler-beans.cxml; a leading byte order mark is dropped if the text is converted
   * @return the converted text and the report: one sentence for each placeholder and bean mapped,
   *     each naming its line in the given text and what it became, in the order of the lines, then
   *     those of the DeDuplicator's conversion
   * @throws CrawlTemplateException if the text is not well-formed XML, or if something cannot be
   *     converted; the message names each problem with its line and what to change
   * @throws NullPointerException if the text is {@code null}
   */
  public static TemplateConversion convert(String cxml) {
    Objects.requireNonNull(cxml, "cxml");
    String text = !cxml.isEmpty() && cxml.charAt(0) == BYTE_ORDER_MARK ? cxml.substring(1) : cxml;
    if (text.length() > CrawlTemplate.MAX_LENGTH || !isNetarchiveSuites(text)) {
      return new TemplateConversion(cxml, List.of());
    }
    Shape shape = new Shape(text); // refuses a text that is not well-formed
    List<String> problems = new ArrayList<>();
    TemplateConversion dedup = null;
    try {
      dedup = NetarchiveSuiteDedupConversion.convert(text);
    } catch (CrawlTemplateException e) {
      problems.addAll(e.problems());
    }
    String shaped = shape.run();
    problems.addAll(shape.problems());
    if (!problems.isEmpty()) {
      throw new CrawlTemplateException(
          "The NetarchiveSuite template cannot be converted", problems);
    }
    List<String> changes = new ArrayList<>(shape.changes());
    changes.addAll(dedup.changes());
    if (changes.isEmpty()) {
      return new TemplateConversion(cxml, List.of());
    }
    String result = NetarchiveSuiteDedupConversion.convert(shaped).text();
    return new TemplateConversion(result, changes);
  }

  /** Whether a text has anything of NetarchiveSuite's. */
  static boolean isNetarchiveSuites(String text) {
    if (text.contains(DedupSettingsRules.NETARCHIVESUITE_DEDUPLICATOR)
        || text.contains("\"" + NAS_PACKAGE)) {
      return true;
    }
    Matcher matcher = TemplateRules.TOKEN.matcher(text);
    while (matcher.find()) {
      if (PLACEHOLDERS.contains(matcher.group(1))) {
        return true;
      }
    }
    return false;
  }

  /** A change or problem with the line it is about, for ordering by line. */
  private record Note(int line, String text) {}

  /** One conversion of the template shape (all but the DeDuplicator). */
  private static final class Shape {
    private final String text;
    private final Element root;
    private final CxmlText cxml;
    private final Map<String, Element> topLevel = new LinkedHashMap<>();
    private final List<Note> changes = new ArrayList<>();
    private final List<Note> problems = new ArrayList<>();
    private final List<int[]> removed = new ArrayList<>();
    private final List<String> atEnd = new ArrayList<>();
    private String quotaRenamedFrom;
    private boolean quotaFromPlaceholder;
    private String metadataId;
    private boolean metadataWasNetarchiveSuites;
    private boolean writerAdded;
    private int writerReferences;

    Shape(String text) {
      this.text = text;
      this.root = XmlDocument.parse(text, "The crawl template").root();
      this.cxml = CxmlText.of(text, root);
      for (Element bean : root.elements()) {
        String id = bean.isBeans("bean") ? BeanDefinitions.beanId(bean) : null;
        if (id != null) {
          topLevel.putIfAbsent(id, bean);
        }
      }
    }

    List<String> changes() {
      return changes.stream()
          .sorted(Comparator.comparingInt(Note::line))
          .map(n -> "Line " + n.line() + ": " + n.text())
          .toList();
    }

    List<String> problems() {
      return problems.stream().sorted(Comparator.comparingInt(Note::line)).map(Note::text).toList();
    }

    String run() {
      if (!root.isBeans("beans")) {
        return text; // CrawlTemplate.parse says what the document element must be.
      }
      classes();
      quotaEnforcer();
      metadata();
      seeds();
      overrides();
      placeholders();
      end();
      return problems.isEmpty() && cxml.hasEdits() ? cxml.apply() : text;
    }

    private void change(int line, String what) {
      changes.add(new Note(line, what));
    }

    private void problem(int line, String what) {
      problems.add(new Note(line, what));
    }

    private void remove(Edit edit) {
      cxml.add(edit);
      removed.add(new int[] {edit.start(), edit.end()});
    }

    private boolean isRemoved(int position) {
      return removed.stream().anyMatch(r -> position >= r[0] && position < r[1]);
    }

    // Beans of NetarchiveSuite's Heritrix extensions, and the ARC writer

    private void classes() {
      for (Element bean : root.descendantsAndSelf()) {
        String type = bean.isBeans("bean") ? bean.attribute("class") : null;
        if (type == null) {
          continue;
        }
        String mapped = CLASSES.get(type);
        if (mapped != null) {
          cxml.add(cxml.attributeValue(bean, "class", mapped));
          change(bean.line(), "the bean of class " + type + " became " + mapped + why(type));
          if (mapped.equals(CRAWL_METADATA)) {
            metadataWasNetarchiveSuites = true;
            Element date = property(bean, "date");
            if (date != null) {
              remove(cxml.removeLines(date));
              change(
                  date.line(),
                  "removed the property 'date' of NetarchiveSuite's crawl metadata, which Heritrix's"
                      + " CrawlMetadata does not have");
            }
          }
        } else if (type.equals(NAS_HARVESTING + "ContentSizeAnnotationPostProcessor")) {
          remove(cxml.removeLines(bean));
          change(
              bean.line(),
              "removed NetarchiveSuite's ContentSizeAnnotationPostProcessor: the agent counts each"
                  + " domain's bytes from the crawl log");
          String id = BeanDefinitions.beanId(bean);
          if (id != null && bean.parent() == root) {
            for (Element reference : root.descendantsAndSelf()) {
              if (reference.isBeans("ref") && id.equals(referencedId(reference))) {
                remove(cxml.removeLines(reference));
                change(reference.line(), "removed the reference to " + id);
              }
            }
          }
        } else if (type.startsWith(NAS_PACKAGE)) {
          problem(
              bean.line(),
              "The bean of class "
                  + type
                  + " at line "
                  + bean.line()
                  + " is one of NetarchiveSuite's Heritrix extensions, which Netarchive EE's"
                  + " Heritrix does not have; "
                  + INSTEAD.getOrDefault(
                      type, "remove it, or replace it by a Heritrix class doing the same"));
        } else if (type.equals(ARC_WRITER)) {
          problem(
              bean.line(),
              "The ARC writer at line "
                  + bean.line()
                  + " cannot be converted: Netarchive EE archives WARC files only; remove the bean"
                  + " and its reference");
        }
      }
    }

    private static String why(String nasClass) {
      return nasClass.endsWith("QueueAssignmentPolicy")
          ? " (one frontier queue per registered domain, so that the per-domain limits count per"
              + " domain)"
          : "";
    }

    // The quota enforcer is called quotaEnforcer

    private void quotaEnforcer() {
      List<Element> enforcers =
          root.elements().stream()
              .filter(b -> b.isBeans("bean") && QUOTA_ENFORCER.equals(b.attribute("class")))
              .toList();
      if (enforcers.size() == 1) {
        Element enforcer = enforcers.get(0);
        String id = BeanDefinitions.beanId(enforcer);
        if (id == null || id.equals(QUOTA_ENFORCER_ID) || topLevel.containsKey(QUOTA_ENFORCER_ID)) {
          return;
        }
        Edit edit = cxml.attributeValue(enforcer, "id", QUOTA_ENFORCER_ID);
        if (edit == null) {
          return; // named by 'name': TemplateRules says what to do.
        }
        cxml.add(edit);
        quotaRenamedFrom = id;
        change(
            enforcer.line(),
            "the quota enforcer '"
                + id
                + "' became '"
                + QUOTA_ENFORCER_ID
                + "', the name the per-domain quota sheets set");
      } else if (enforcers.isEmpty()
          && text.contains("%{QUOTAENFORCER_PLACEHOLDER}")
          && !topLevel.containsKey(QUOTA_ENFORCER_ID)) {
        quotaRenamedFrom = "quotaenforcer"; // the id of the bean NetarchiveSuite inserted there
        quotaFromPlaceholder = true;
      } else {
        return;
      }
      for (Element element : root.descendantsAndSelf()) {
        for (String attribute : List.of("bean", "local", "ref", "parent")) {
          if (quotaRenamedFrom.equals(element.attribute(attribute))
              && (attribute.equals("ref")
                  || attribute.equals("parent")
                  || element.isBeans("ref"))) {
            cxml.add(cxml.attributeValue(element, attribute, QUOTA_ENFORCER_ID));
            change(
                element.line(),
                "the reference to '"
                    + quotaRenamedFrom
                    + "' became a reference to '"
                    + QUOTA_ENFORCER_ID
                    + "'");
          }
        }
      }
    }

    // The crawl metadata: the agent's warcinfo fields instead of jobName and description

    private void metadata() {
      List<Element> beans =
          root.elements().stream()
              .filter(
                  b ->
                      b.isBeans("bean")
                          && (CRAWL_METADATA.equals(b.attribute("class"))
                              || (NAS_HARVESTING + "NasCrawlMetadata")
                                  .equals(b.attribute("class"))))
              .toList();
      if (beans.size() != 1) {
        return; // CrawlTemplate.parse says what is missing.
      }
      Element bean = beans.get(0);
      metadataId = BeanDefinitions.beanId(bean);
      for (String name : List.of("jobName", "description")) {
        Element property = property(bean, name);
        if (property != null) {
          remove(cxml.removeLines(property));
          change(
              property.line(),
              "removed the property '"
                  + name
                  + "' of the crawl metadata: the agent sets it for each job through "
                  + Placeholder.WARCINFO_METADATA.token());
        }
      }
      if (!text.contains(Placeholder.WARCINFO_METADATA.token())) {
        cxml.add(cxml.beforeEndTag(bean, "<!-- " + Placeholder.WARCINFO_METADATA.token() + " -->"));
        change(
            bean.line(),
            "put <!-- "
                + Placeholder.WARCINFO_METADATA.token()
                + " --> in the crawl metadata bean: the agent writes the job's warcinfo fields"
                + " there (NetarchiveSuite's harvestInfo)");
      }
    }

    // The seeds: the job's, not seeds.txt

    private void seeds() {
      if (text.contains(Placeholder.SEEDS.token())) {
        return;
      }
      List<Element> beans =
          root.elements().stream()
              .filter(b -> b.isBeans("bean") && TEXT_SEED_MODULE.equals(b.attribute("class")))
              .toList();
      if (beans.size() != 1) {
        return;
      }
      Element bean = beans.get(0);
      String source =
          """
          <property name="textSource">
            <bean class="org.archive.spring.ConfigString">
              <property name="value">
                <value>%{SEEDS}</value>
              </property>
            </bean>
          </property>""";
      Element textSource = property(bean, "textSource");
      if (textSource != null) {
        CxmlText.Span span = cxml.span(textSource);
        cxml.add(
            new Edit(
                span.start(),
                span.end(),
                source.replace("\n", "\n" + cxml.indentOf(span.start()))));
        change(
            textSource.line(),
            "the seeds' text source (a file in the job directory) became the job's seeds, through "
                + Placeholder.SEEDS.token());
      } else {
        cxml.add(cxml.afterStartTag(bean, source));
        change(
            bean.line(),
            "the seeds bean got the job's seeds as its text source, through "
                + Placeholder.SEEDS.token());
      }
    }

    // Overrides of properties that are renamed, gone or set by the agent

    private void overrides() {
      for (Element configurer : root.elements()) {
        if (!PropertyOverrides.isConfigurer(configurer)) {
          continue;
        }
        Element properties = property(configurer, "properties");
        if (properties == null) {
          continue;
        }
        for (Element value : properties.elements()) {
          if (value.isBeans("value")) {
            overrideLines(value);
          } else if (value.isBeans("props") || value.isBeans("map")) {
            for (Element entry : value.elements()) {
              String key = entry.attribute("key");
              if (key != null) {
                override(key.strip(), entry, -1, -1);
              }
            }
          }
        }
      }
    }

    private void overrideLines(Element value) {
      CxmlText.Span span = cxml.span(value);
      if (span.startTagEnd() == span.end()) {
        return;
      }
      int end = text.lastIndexOf("</", span.end());
      int lineStart = span.startTagEnd();
      while (lineStart < end) {
        int lineEnd = text.indexOf('\n', lineStart);
        if (lineEnd < 0 || lineEnd > end) {
          lineEnd = end;
        }
        int keyStart = lineStart;
        while (keyStart < lineEnd && Character.isWhitespace(text.charAt(keyStart))) {
          keyStart++;
        }
        if (keyStart < lineEnd && text.charAt(keyStart) != '#' && text.charAt(keyStart) != '!') {
          int keyEnd = keyStart;
          while (keyEnd < lineEnd && "=:".indexOf(text.charAt(keyEnd)) < 0) {
            keyEnd++;
          }
          String key = text.substring(keyStart, keyEnd).strip();
          int contentEnd = lineEnd;
          while (contentEnd > keyStart && Character.isWhitespace(text.charAt(contentEnd - 1))) {
            contentEnd--;
          }
          override(key, null, keyStart, contentEnd);
        }
        lineStart = lineEnd + 1;
      }
    }

    /**
     * Handles one override: an entry element, or a line of properties text from keyStart to end.
     */
    private void override(String key, Element entry, int keyStart, int end) {
      int line = entry != null ? entry.line() : cxml.lineOf(keyStart);
      int dot = key.indexOf('.');
      if (dot < 0) {
        return;
      }
      String bean = key.substring(0, dot);
      String property = key.substring(dot + 1);
      String why = null;
      if (bean.equals(metadataId)
          && (property.equals("jobName")
              || property.equals("description")
              || (metadataWasNetarchiveSuites && property.equals("date")))) {
        why =
            property.equals("date")
                ? "Heritrix's CrawlMetadata has no date"
                : "the agent sets it for each job through " + Placeholder.WARCINFO_METADATA.token();
      } else if (bean.equals(WRITER_ID) && addsWriter()) {
        why = WRITER_OVERRIDES.get(property);
      }
      if (why != null) {
        remove(entry != null ? cxml.removeLines(entry) : cxml.removeLines(keyStart, end));
        change(line, "removed the override " + key + ": " + why);
      } else if (bean.equals(quotaRenamedFrom)) {
        String renamed = QUOTA_ENFORCER_ID + "." + property;
        cxml.add(
            entry != null
                ? cxml.attributeValue(entry, "key", renamed)
                : new Edit(keyStart, keyStart + bean.length(), QUOTA_ENFORCER_ID));
        change(line, "the override " + key + " became " + renamed);
      }
    }

    private boolean addsWriter() {
      return text.contains("%{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER}");
    }

    // The placeholders

    private void placeholders() {
      Matcher matcher = TemplateRules.TOKEN.matcher(text);
      while (matcher.find()) {
        String name = matcher.group(1);
        int start = matcher.start();
        int end = matcher.end();
        if (Placeholder.byName(name).isPresent() || isRemoved(start)) {
          continue;
        }
        int line = cxml.lineOf(start);
        String token = matcher.group();
        if (!PLACEHOLDERS.contains(name)) {
          problem(
              line,
              "Unknown placeholder "
                  + token
                  + " at line "
                  + line
                  + ": it is neither one of "
                  + VERSIONS
                  + " nor one of Netarchive EE (an extended field of your own?); replace it with"
                  + " the value it should have");
          continue;
        }
        if (cxml.inComment(start)) {
          cxml.add(new Edit(start, end, name));
          change(line, token + " in a comment was written " + name + ", no longer a placeholder");
          continue;
        }
        Element at = cxml.elementAt(start);
        boolean inText = at != null && !cxml.inStartTag(at, start);
        placeholder(name, token, line, start, end, at, inText);
      }
      if (writerAdded && writerReferences == 0) {
        problem(
            Integer.MAX_VALUE,
            "There is %{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER} but no"
                + " %{ARCHIVER_BEAN_REFERENCE_PLACEHOLDER} in the processors of the disposition"
                + " chain, so nothing would be archived; put it there");
      }
    }

    private void placeholder(
        String name, String token, int line, int start, int end, Element at, boolean inText) {
      switch (name) {
        case "CRAWLERTRAPS_PLACEHOLDER" -> {
          Element rule = at == null ? null : at.parent() == null ? null : at.parent().parent();
          if (inText
              && at.isBeans("list")
              && isProperty(at.parent(), "regexList")
              && rule != null
              && MATCHES_LIST_REGEX_DECIDE_RULE.equals(rule.attribute("class"))) {
            cxml.add(new Edit(start, end, "<!-- " + Placeholder.CRAWLER_TRAPS.token() + " -->"));
            change(
                line,
                token
                    + " became <!-- "
                    + Placeholder.CRAWLER_TRAPS.token()
                    + " -->: the agent puts the global crawler traps and those of the job's"
                    + " domains there");
            trapDecision(rule);
          } else {
            misplaced(
                token,
                line,
                "in the <list> of the regexList property of a " + MATCHES_LIST_REGEX_DECIDE_RULE);
          }
        }
        case "ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER" -> {
          if (inText && at == root) {
            if (topLevel.containsKey(WRITER_ID)) {
              problem(
                  line,
                  token
                      + " at line "
                      + line
                      + " would add the WARC writer '"
                      + WRITER_ID
                      + "', but the bean at line "
                      + topLevel.get(WRITER_ID).line()
                      + " has that name already; rename or remove that bean");
              return;
            }
            String indent = cxml.indentOf(start);
            cxml.add(new Edit(start, end, writerBean().replace("\n", "\n" + indent)));
            writerAdded = true;
            change(
                line,
                token
                    + " became the WARC writer '"
                    + WRITER_ID
                    + "' ("
                    + WARC_WRITER
                    + ", compressed, files of at most 1 GB) with "
                    + Placeholder.WARC_PREFIX.token()
                    + " and "
                    + Placeholder.WARC_DIRECTORY.token());
          } else {
            misplaced(token, line, "among the beans, directly inside <beans>");
          }
        }
        case "ARCHIVER_BEAN_REFERENCE_PLACEHOLDER" -> {
          Element chain = at == null ? null : at.parent() == null ? null : at.parent().parent();
          if (inText
              && at.isBeans("list")
              && isProperty(at.parent(), "processors")
              && chain != null
              && DISPOSITION_CHAIN.equals(chain.attribute("class"))) {
            cxml.add(new Edit(start, end, "<ref bean=\"" + WRITER_ID + "\"/>"));
            writerReferences++;
            change(line, token + " became <ref bean=\"" + WRITER_ID + "\"/>");
          } else {
            misplaced(token, line, "in the processors list of the disposition chain");
          }
        }
        case "ARCHIVE_FILE_PREFIX_PLACEHOLDER" -> {
          cxml.add(new Edit(start, end, Placeholder.WARC_PREFIX.token()));
          change(line, token + " became " + Placeholder.WARC_PREFIX.token());
        }
        case "METADATA_ITEMS_PLACEHOLDER",
            "UMBRA_SIMPLEOVERRIDES_PLACEHOLDER",
            "UMBRA_PUBLISH_BEAN_PLACEHOLDER",
            "UMBRA_RECEIVE_BEAN_PLACEHOLDER",
            "UMBRA_BEAN_REF_PLACEHOLDER" -> {
          cxml.add(cxml.removeLines(start, end));
          change(
              line,
              "removed "
                  + token
                  + (name.startsWith("UMBRA")
                      ? ": Netarchive EE does not drive Umbra (NetarchiveSuite removes it too"
                          + " when Umbra is not configured)"
                      : ": the warcinfo record is written from "
                          + Placeholder.WARCINFO_METADATA.token()
                          + " in the crawl metadata bean"));
        }
        case "DEDUPLICATION_INDEX_LOCATION_PLACEHOLDER", "DEDUPLICATION_ENABLED_PLACEHOLDER" -> {
          if (inDeduplicator(at)) {
            change(
                line,
                token
                    + (name.startsWith("DEDUPLICATION_INDEX")
                        ? " is given up with the DeDuplicator's indexLocation: the agent gives each"
                            + " job its own index through "
                        : " is given up with the DeDuplicator's enabled: deduplication runs when"
                            + " the job has an index, through ")
                    + Placeholder.DEDUP_INDEX.token());
          } else {
            misplaced(token, line, "in a property of the DeDuplicator bean");
          }
        }
        case "QUOTAENFORCER_PLACEHOLDER" -> {
          if (inText && at == root && quotaFromPlaceholder) {
            quotaFromPlaceholder = false;
            String indent = cxml.indentOf(start);
            cxml.add(new Edit(start, end, quotaBean().replace("\n", "\n" + indent)));
            change(line, token + " became the quota enforcer '" + QUOTA_ENFORCER_ID + "'");
          } else if (inText && at == root) {
            cxml.add(cxml.removeLines(start, end));
            change(line, "removed " + token + ": the template has its quota enforcer");
          } else {
            misplaced(token, line, "among the beans, directly inside <beans>");
          }
        }
        default -> {
          String[] value = VALUES.get(name);
          cxml.add(new Edit(start, end, value[0]));
          change(line, token + " became " + value[0] + ": " + value[1]);
        }
      }
    }

    private void misplaced(String token, int line, String where) {
      problem(
          line,
          "NetarchiveSuite's "
              + token
              + " at line "
              + line
              + " cannot be converted where it stands; it is converted "
              + where
              + ", where NetarchiveSuite puts it: move it there or remove it");
    }

    /** Crawler traps are rejected: a rule without a decision would accept them. */
    private void trapDecision(Element rule) {
      Element decision = property(rule, "decision");
      if (decision == null) {
        cxml.add(cxml.afterStartTag(rule, "<property name=\"decision\" value=\"REJECT\"/>"));
        change(
            rule.line(),
            "the crawler-trap rule got decision REJECT (without one it would accept what matches a"
                + " crawler trap)");
      }
    }

    private boolean inDeduplicator(Element element) {
      for (Element e = element; e != null; e = e.parent()) {
        if (e.isBeans("bean")
            && DedupSettingsRules.NETARCHIVESUITE_DEDUPLICATOR.equals(e.attribute("class"))) {
          return true;
        }
      }
      return false;
    }

    // What is added at the end

    private void end() {
      if (!text.contains(Placeholder.DOMAIN_QUOTAS.token())) {
        atEnd.add("<!-- " + Placeholder.DOMAIN_QUOTAS.token() + " -->");
        change(
            lastLine(),
            "added <!-- "
                + Placeholder.DOMAIN_QUOTAS.token()
                + " --> at the end: the agent puts each domain's object and byte limits there"
                + " (NetarchiveSuite's per-domain quotas)");
      }
      boolean hasSheets =
          root.elements().stream()
              .anyMatch(
                  b -> b.isBeans("bean") && SHEET_OVERLAYS_MANAGER.equals(b.attribute("class")));
      if (!hasSheets) {
        atEnd.add(
            "<bean id=\"sheetOverlaysManager\" class=\""
                + SHEET_OVERLAYS_MANAGER
                + "\" autowire=\"byType\"/>");
        change(
            lastLine(),
            "added a SheetOverlaysManager at the end, which applies the per-domain sheets");
      }
      if (!atEnd.isEmpty()) {
        cxml.add(cxml.beforeEndTag(root, String.join("\n", atEnd)));
      }
    }

    private int lastLine() {
      return cxml.lineOf(text.lastIndexOf("</"));
    }

    private static String writerBean() {
      return "<bean id=\""
          + WRITER_ID
          + "\" class=\""
          + WARC_WRITER
          + "\">\n"
          + "  <property name=\"compress\" value=\"true\"/>\n"
          + "  <property name=\"prefix\" value=\""
          + Placeholder.WARC_PREFIX.token()
          + "\"/>\n"
          + "  <property name=\"maxFileSizeBytes\" value=\"1000000000\"/>\n"
          + "  <property name=\"storePaths\">\n"
          + "    <list>\n"
          + "      <value>"
          + Placeholder.WARC_DIRECTORY.token()
          + "</value>\n"
          + "    </list>\n"
          + "  </property>\n"
          + "</bean>";
    }

    private static String quotaBean() {
      return "<bean id=\""
          + QUOTA_ENFORCER_ID
          + "\" class=\""
          + QUOTA_ENFORCER
          + "\">\n"
          + "  <property name=\"forceRetire\" value=\"false\"/>\n"
          + "</bean>";
    }
  }

  private static Element property(Element bean, String name) {
    for (Element property : bean.elements()) {
      if (isProperty(property, name)) {
        return property;
      }
    }
    return null;
  }

  private static boolean isProperty(Element element, String name) {
    return element != null && element.isBeans("property") && name.equals(element.attribute("name"));
  }

  private static String referencedId(Element ref) {
    String bean = ref.attribute("bean");
    return bean != null ? bean : ref.attribute("local");
  }
}
