package org.netarchive.ee.common.template;

import static org.netarchive.ee.common.template.HeritrixClasses.BEANS_NAMESPACE;
import static org.netarchive.ee.common.template.HeritrixClasses.CRAWL_METADATA;
import static org.netarchive.ee.common.template.HeritrixClasses.DISPOSITION_CHAIN;
import static org.netarchive.ee.common.template.HeritrixClasses.DOMAIN_QUEUES;
import static org.netarchive.ee.common.template.HeritrixClasses.FETCH_CHAIN;
import static org.netarchive.ee.common.template.HeritrixClasses.FETCH_DNS;
import static org.netarchive.ee.common.template.HeritrixClasses.FETCH_HTTP;
import static org.netarchive.ee.common.template.HeritrixClasses.FRONTIER_PREPARER;
import static org.netarchive.ee.common.template.HeritrixClasses.MATCHES_LIST_REGEX_DECIDE_RULE;
import static org.netarchive.ee.common.template.HeritrixClasses.QUOTA_ENFORCER;
import static org.netarchive.ee.common.template.HeritrixClasses.QUOTA_ENFORCER_ID;
import static org.netarchive.ee.common.template.HeritrixClasses.SCOPE_ID;
import static org.netarchive.ee.common.template.HeritrixClasses.TEXT_SEED_MODULE;
import static org.netarchive.ee.common.template.HeritrixClasses.WARC_WRITER;
import static org.netarchive.ee.common.template.HeritrixClasses.XINCLUDE_NAMESPACE;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.netarchive.ee.common.template.XmlDocument.Comment;
import org.netarchive.ee.common.template.XmlDocument.Element;
import org.netarchive.ee.common.template.XmlDocument.Instruction;
import org.netarchive.ee.common.template.XmlDocument.Node;
import org.netarchive.ee.common.template.XmlDocument.Text;

/**
 * The checks that make a parsed crawler-beans.cxml a crawl template: its placeholders stand where
 * they may, and the beans the agent's values rely on are there. All problems are collected, so that
 * a curator can fix them at once.
 */
final class TemplateRules {

  /**
   * What looks like a placeholder. A name must start with a letter or '_', so that regular
   * expressions such as {@code %{2}} in a template are not taken for one.
   */
  static final Pattern TOKEN = Pattern.compile("%\\{([A-Za-z_][A-Za-z0-9_]*)}");

  private static final String SUBJECT = "The crawl template";

  /** Where a placeholder was found. */
  private enum Kind {
    ALONE_IN_COMMENT,
    IN_COMMENT_WITH_OTHER_TEXT,
    IN_ATTRIBUTE,
    IN_TEXT,
    IN_PROCESSING_INSTRUCTION,
    OUTSIDE_DOCUMENT_ELEMENT
  }

  /**
   * One placeholder found in the tree.
   *
   * @param element the element holding it (for a comment or text: its parent), or null outside the
   *     document element
   * @param attribute the attribute holding it, if kind is IN_ATTRIBUTE
   * @param node the comment holding it, if kind is ALONE_IN_COMMENT
   */
  private record Occurrence(
      Placeholder placeholder, Kind kind, Element element, String attribute, Node node, int line) {}

  private final XmlDocument document;
  private final Element root;
  private final List<String> problems = new ArrayList<>();
  private final Map<String, Element> topLevelBeans = new LinkedHashMap<>();
  private final Map<Placeholder, List<Occurrence>> occurrences = new EnumMap<>(Placeholder.class);

  private TemplateRules(XmlDocument document) {
    this.document = document;
    this.root = document.root();
  }

  /**
   * Checks a parsed template.
   *
   * @param document the parsed text
   * @return the placeholders the template has
   * @throws CrawlTemplateException naming every problem found
   */
  static Set<Placeholder> check(XmlDocument document) {
    TemplateRules rules = new TemplateRules(document);
    rules.run();
    if (!rules.problems.isEmpty()) {
      throw new CrawlTemplateException(SUBJECT + " is not usable", rules.problems);
    }
    return rules.occurrences.isEmpty()
        ? EnumSet.noneOf(Placeholder.class)
        : EnumSet.copyOf(rules.occurrences.keySet());
  }

  private void run() {
    if (!root.isBeans("beans")) {
      throw new CrawlTemplateException(
          SUBJECT
              + " must be a Spring bean definition file with the document element <beans"
              + " xmlns=\""
              + BEANS_NAMESPACE
              + "\">, as Heritrix's crawler-beans.cxml, not <"
              + root.qualifiedName()
              + (root.namespace().isEmpty() ? "" : " xmlns=\"" + root.namespace() + "\"")
              + ">");
    }
    for (Element bean : root.elements()) {
      if (bean.isBeans("bean")) {
        String id = beanId(bean);
        if (id != null) {
          topLevelBeans.putIfAbsent(id, bean);
        }
      }
    }
    refuseIncludes();
    findPlaceholders();
    checkPlaceholders();
    checkSeedsModule();
    checkWarcWriter();
    checkQuotaEnforcer();
    checkDomainQueues();
    checkOverrides();
    DedupSettingsRules.check(root, topLevelBeans, problems);
  }

  // Inclusions: a job must be exactly the text it was made from.

  private void refuseIncludes() {
    for (Element element : root.descendantsAndSelf()) {
      if (element.isBeans("import")) {
        problems.add(
            "<import resource=\""
                + element.attribute("resource")
                + "\"/> at line "
                + element.line()
                + " is not allowed: a job must be made from this text alone, so that it can be"
                + " repeated exactly. Copy the imported beans into the template");
      } else if (XINCLUDE_NAMESPACE.equals(element.namespace())) {
        problems.add(
            "<"
                + element.qualifiedName()
                + "> at line "
                + element.line()
                + " is not allowed: XInclude is not processed. Copy the included beans into the"
                + " template");
      }
    }
  }

  // Finding placeholders

  private void findPlaceholders() {
    for (Node node : document.outsideRoot()) {
      scan(node, null);
    }
    scan(root, null);
  }

  private void scan(Node node, Element parent) {
    switch (node) {
      case Element element -> {
        element
            .attributes()
            .forEach(
                (name, value) ->
                    tokens(value, element.line())
                        .forEach(p -> found(p, Kind.IN_ATTRIBUTE, element, name, element)));
        for (Node child : element.children()) {
          scan(child, element);
        }
      }
      case Text text ->
          tokens(text.text(), text.line()).forEach(p -> found(p, Kind.IN_TEXT, parent, null, text));
      case Comment comment -> {
        List<Placeholder> inComment = tokens(comment.text(), comment.line());
        boolean alone =
            inComment.size() == 1 && inComment.get(0).token().equals(comment.text().strip());
        Kind kind =
            parent == null
                ? Kind.OUTSIDE_DOCUMENT_ELEMENT
                : alone ? Kind.ALONE_IN_COMMENT : Kind.IN_COMMENT_WITH_OTHER_TEXT;
        inComment.forEach(p -> found(p, kind, parent, null, comment));
      }
      case Instruction instruction ->
          tokens(instruction.data(), instruction.line())
              .forEach(p -> found(p, Kind.IN_PROCESSING_INSTRUCTION, parent, null, instruction));
    }
  }

  /** The known placeholders in a text; unknown ones are reported as problems. */
  private List<Placeholder> tokens(String text, int line) {
    List<Placeholder> found = new ArrayList<>();
    if (text == null || !text.contains("%{")) {
      return found;
    }
    Matcher matcher = TOKEN.matcher(text);
    while (matcher.find()) {
      Placeholder.byName(matcher.group(1))
          .ifPresentOrElse(
              found::add,
              () ->
                  problems.add(
                      "Unknown placeholder "
                          + matcher.group()
                          + " at line "
                          + line
                          + "; the placeholders are "
                          + Arrays.stream(Placeholder.values())
                              .map(Placeholder::token)
                              .collect(Collectors.joining(", "))));
    }
    return found;
  }

  private void found(
      Placeholder placeholder, Kind kind, Element element, String attribute, Node node) {
    occurrences
        .computeIfAbsent(placeholder, p -> new ArrayList<>())
        .add(new Occurrence(placeholder, kind, element, attribute, node, node.line()));
  }

  // Where placeholders stand

  private void checkPlaceholders() {
    for (Placeholder placeholder : Placeholder.values()) {
      List<Occurrence> found = occurrences.getOrDefault(placeholder, List.of());
      if (found.isEmpty()) {
        if (placeholder.required()) {
          problems.add(
              "The placeholder "
                  + placeholder.token()
                  + " is missing; it must stand "
                  + placeholder.where());
        }
      } else if (found.size() > 1) {
        problems.add(
            "The placeholder "
                + placeholder.token()
                + " appears "
                + found.size()
                + " times (lines "
                + found.stream()
                    .map(o -> String.valueOf(o.line()))
                    .collect(Collectors.joining(", "))
                + "); it must appear once, "
                + placeholder.where());
      } else {
        Occurrence occurrence = found.get(0);
        if (!isWellPlaced(occurrence)) {
          problems.add(
              "The placeholder "
                  + placeholder.token()
                  + " at line "
                  + occurrence.line()
                  + " is misplaced"
                  + misplacementHint(occurrence)
                  + ": it must stand "
                  + placeholder.where());
        } else {
          checkSurroundings(occurrence);
        }
      }
    }
  }

  private static String misplacementHint(Occurrence occurrence) {
    return switch (occurrence.kind()) {
      case IN_COMMENT_WITH_OTHER_TEXT ->
          occurrence.placeholder().form() == Placeholder.Form.ELEMENTS
              ? " (its comment must hold nothing else)"
              : " (it is in a comment)";
      case ALONE_IN_COMMENT ->
          occurrence.placeholder().form() == Placeholder.Form.VALUE
              ? " (it is in a comment, but is replaced by a value, not by elements)"
              : "";
      case IN_ATTRIBUTE, IN_TEXT ->
          occurrence.placeholder().form() == Placeholder.Form.ELEMENTS
              ? " (it is replaced by elements, so it must stand alone in a comment)"
              : "";
      case IN_PROCESSING_INSTRUCTION -> " (it is in a processing instruction)";
      case OUTSIDE_DOCUMENT_ELEMENT -> " (it is outside the <beans> element)";
    };
  }

  private boolean isWellPlaced(Occurrence occurrence) {
    Element element = occurrence.element();
    return switch (occurrence.placeholder()) {
      case SEEDS ->
          isValueOfProperty(occurrence, "value") && topLevelBeanIs(element, TEXT_SEED_MODULE);
      case WARC_PREFIX ->
          isValueOfProperty(occurrence, "prefix") && topLevelBeanIs(element, WARC_WRITER);
      case WARC_DIRECTORY ->
          occurrence.kind() == Kind.IN_TEXT
              && element.isBeans("value")
              && isBeans(element.parent(), "list")
              && isProperty(element.parent().parent(), "storePaths")
              && topLevelBeanIs(element, WARC_WRITER);
      case DOMAIN_QUOTAS -> occurrence.kind() == Kind.ALONE_IN_COMMENT && element == root;
      case WARCINFO_METADATA ->
          occurrence.kind() == Kind.ALONE_IN_COMMENT
              && element.isBeans("bean")
              && element.parent() == root
              && CRAWL_METADATA.equals(element.attribute("class"));
      case CRAWLER_TRAPS ->
          occurrence.kind() == Kind.ALONE_IN_COMMENT
              && element.isBeans("list")
              && isProperty(element.parent(), "regexList")
              && isBeans(element.parent().parent(), "bean")
              && MATCHES_LIST_REGEX_DECIDE_RULE.equals(
                  element.parent().parent().attribute("class"));
      case DEDUP_INDEX ->
          occurrence.kind() == Kind.ALONE_IN_COMMENT
              && element.isBeans("list")
              && isProperty(element.parent(), "processors")
              && topLevelBeanIs(element, FETCH_CHAIN)
              && element.parent().parent().parent() == root
              && followsFetcher(element, occurrence.node());
    };
  }

  /** Checks what a well-placed placeholder's value relies on around it. */
  private void checkSurroundings(Occurrence occurrence) {
    Element element = occurrence.element();
    switch (occurrence.placeholder()) {
      case WARC_DIRECTORY -> {
        if (element.parent().elements().size() > 1) {
          problems.add(
              "The storePaths list of the WARC writer at line "
                  + element.parent().line()
                  + " has other entries besides "
                  + Placeholder.WARC_DIRECTORY.token()
                  + "; the agent uploads WARC files only from the directory it gives there");
        }
      }
      case WARCINFO_METADATA -> {
        for (String property : List.of("jobName", "description")) {
          Element set = property(element, property);
          if (set != null) {
            problems.add(
                "The crawl metadata bean sets its property '"
                    + property
                    + "' at line "
                    + set.line()
                    + ", which the agent sets through "
                    + Placeholder.WARCINFO_METADATA.token()
                    + "; remove that property");
          }
        }
      }
      case CRAWLER_TRAPS -> checkTrapRule(element.parent().parent());
      default -> {
        // Nothing beyond the placement.
      }
    }
  }

  private void checkTrapRule(Element rule) {
    String decision = propertyValue(rule, "decision");
    if (!"REJECT".equals(decision)) {
      problems.add(
          "The "
              + MATCHES_LIST_REGEX_DECIDE_RULE
              + " at line "
              + rule.line()
              + " that holds "
              + Placeholder.CRAWLER_TRAPS.token()
              + " has decision "
              + (decision == null ? "ACCEPT (the default)" : "'" + decision + "'")
              + "; add <property name=\"decision\" value=\"REJECT\"/>, or URIs matching a crawler"
              + " trap would be crawled");
    }
    Element scope = topLevelBeans.get(SCOPE_ID);
    boolean inScope =
        scope != null
            && (isAncestor(scope, rule)
                || (rule.parent() == root && isReferencedWithin(scope, beanId(rule))));
    if (!inScope) {
      problems.add(
          "The "
              + MATCHES_LIST_REGEX_DECIDE_RULE
              + " at line "
              + rule.line()
              + " that holds "
              + Placeholder.CRAWLER_TRAPS.token()
              + " is not among the rules of the '"
              + SCOPE_ID
              + "' bean, so crawler traps would not be applied; put it in the scope's rules list");
    }
  }

  private boolean isValueOfProperty(Occurrence occurrence, String property) {
    Element element = occurrence.element();
    return switch (occurrence.kind()) {
      case IN_ATTRIBUTE -> "value".equals(occurrence.attribute()) && isProperty(element, property);
      case IN_TEXT -> element.isBeans("value") && isProperty(element.parent(), property);
      default -> false;
    };
  }

  /** Whether the FetchHTTP processor comes before the given node in a processors list. */
  private boolean followsFetcher(Element list, Node node) {
    for (Node child : list.children()) {
      if (child == node) {
        return false;
      }
      if (child instanceof Element entry && FETCH_HTTP.equals(classOfEntry(entry))) {
        return true;
      }
    }
    return false;
  }

  // The beans the agent's values rely on

  private void checkSeedsModule() {
    List<Element> seeds = topLevelBeansOfClass(TEXT_SEED_MODULE);
    if (seeds.isEmpty()) {
      problems.add(
          "There is no seeds bean (class "
              + TEXT_SEED_MODULE
              + "); the agent gives the job's seeds to it through "
              + Placeholder.SEEDS.token());
    } else if (seeds.size() > 1) {
      problems.add(
          "There are "
              + seeds.size()
              + " seeds beans (class "
              + TEXT_SEED_MODULE
              + ", lines "
              + lines(seeds)
              + "); keep the one with "
              + Placeholder.SEEDS.token());
    }
  }

  private void checkWarcWriter() {
    List<Element> writers = topLevelBeansOfClass(WARC_WRITER);
    if (writers.isEmpty()) {
      problems.add(
          "There is no WARC writer bean (class "
              + WARC_WRITER
              + "); the agent names and places the job's WARC files through "
              + Placeholder.WARC_PREFIX.token()
              + " and "
              + Placeholder.WARC_DIRECTORY.token()
              + " in it");
      return;
    }
    if (writers.size() > 1) {
      problems.add(
          "There are "
              + writers.size()
              + " WARC writer beans (class "
              + WARC_WRITER
              + ", lines "
              + lines(writers)
              + "); keep one, so that every WARC file of a job is named and placed by the agent");
      return;
    }
    Element writer = writers.get(0);
    String id = beanId(writer);
    List<Element> disposition = chainEntries(DISPOSITION_CHAIN, "disposition chain");
    if (disposition != null && disposition.stream().noneMatch(e -> refersTo(e, id, writer))) {
      problems.add(
          "The WARC writer bean"
              + (id == null ? "" : " '" + id + "'")
              + " at line "
              + writer.line()
              + " is not in the processors of the disposition chain (class "
              + DISPOSITION_CHAIN
              + "), so nothing would be archived; add <ref bean=\""
              + (id == null ? "..." : id)
              + "\"/> to it");
    }
  }

  private void checkQuotaEnforcer() {
    Element enforcer = topLevelBeans.get(QUOTA_ENFORCER_ID);
    if (enforcer == null || !QUOTA_ENFORCER.equals(enforcer.attribute("class"))) {
      problems.add(
          "There is no bean '"
              + QUOTA_ENFORCER_ID
              + "' of class "
              + QUOTA_ENFORCER
              + (enforcer == null
                  ? ""
                  : " (the bean of that id at line "
                      + enforcer.line()
                      + " is of class "
                      + enforcer.attribute("class")
                      + ")")
              + "; the per-domain quota sheets inserted at "
              + Placeholder.DOMAIN_QUOTAS.token()
              + " set its properties by that name");
      return;
    }
    List<Element> fetch = chainEntries(FETCH_CHAIN, "fetch chain");
    if (fetch == null) {
      return;
    }
    int enforcerAt = -1;
    int dnsAt = -1;
    for (int i = 0; i < fetch.size(); i++) {
      Element entry = fetch.get(i);
      if (enforcerAt < 0 && refersTo(entry, QUOTA_ENFORCER_ID, enforcer)) {
        enforcerAt = i;
      }
      if (dnsAt < 0 && FETCH_DNS.equals(classOfEntry(entry))) {
        dnsAt = i;
      }
    }
    if (enforcerAt < 0 || (dnsAt >= 0 && enforcerAt > dnsAt)) {
      problems.add(
          "The bean '"
              + QUOTA_ENFORCER_ID
              + "' must be in the processors of the fetch chain (class "
              + FETCH_CHAIN
              + ") before the DNS fetcher ("
              + FETCH_DNS
              + "), so that a domain's quota stops its URIs before they are fetched"
              + (enforcerAt < 0 ? "; add <ref bean=\"" + QUOTA_ENFORCER_ID + "\"/> to it" : ""));
    }
  }

  private void checkDomainQueues() {
    List<Element> preparers = topLevelBeansOfClass(FRONTIER_PREPARER);
    boolean oneQueuePerDomain =
        !preparers.isEmpty()
            && preparers.stream()
                .allMatch(
                    preparer -> {
                      Element policy = property(preparer, "queueAssignmentPolicy");
                      return policy != null && DOMAIN_QUEUES.equals(classOfPropertyValue(policy));
                    });
    if (!oneQueuePerDomain) {
      problems.add(
          "The frontier preparer (class "
              + FRONTIER_PREPARER
              + (preparers.isEmpty() ? ", missing" : ", line " + lines(preparers))
              + ") must give each domain one queue: set its queueAssignmentPolicy to a bean of"
              + " class "
              + DOMAIN_QUEUES
              + ", so that the per-domain quotas count per domain");
    }
  }

  /** Overrides would silently replace what the agent fills in. */
  private void checkOverrides() {
    Map<String, Placeholder> filled = new LinkedHashMap<>();
    ownedProperty(filled, TEXT_SEED_MODULE, "textSource", Placeholder.SEEDS);
    ownedProperty(filled, WARC_WRITER, "prefix", Placeholder.WARC_PREFIX);
    ownedProperty(filled, WARC_WRITER, "storePaths", Placeholder.WARC_DIRECTORY);
    ownedProperty(filled, CRAWL_METADATA, "jobName", Placeholder.WARCINFO_METADATA);
    ownedProperty(filled, CRAWL_METADATA, "description", Placeholder.WARCINFO_METADATA);
    for (Element configurer : root.descendantsAndSelf()) {
      if (!PropertyOverrides.isConfigurer(configurer)) {
        continue;
      }
      for (String key : PropertyOverrides.of(configurer).keySet()) {
        filled.forEach(
            (owned, placeholder) -> {
              if (key.equals(owned) || key.startsWith(owned + ".")) {
                problems.add(
                    "The bean "
                        + (beanId(configurer) == null ? "" : "'" + beanId(configurer) + "' ")
                        + "at line "
                        + configurer.line()
                        + " overrides '"
                        + key
                        + "', which the agent fills through "
                        + placeholder.token()
                        + "; remove that override");
              }
            });
      }
    }
  }

  private void ownedProperty(
      Map<String, Placeholder> filled, String beanClass, String property, Placeholder placeholder) {
    for (Element bean : topLevelBeansOfClass(beanClass)) {
      String id = beanId(bean);
      if (id != null) {
        filled.put(id + "." + property, placeholder);
      }
    }
  }

  // Navigating Spring bean definitions

  /**
   * The processors of the first chain bean of a class, or null (with a problem) if there is none.
   */
  private List<Element> chainEntries(String chainClass, String what) {
    List<Element> chains = topLevelBeansOfClass(chainClass);
    if (chains.isEmpty()) {
      problems.add("There is no " + what + " bean (class " + chainClass + ")");
      return null;
    }
    Element processors = property(chains.get(0), "processors");
    if (processors == null) {
      return List.of();
    }
    for (Element list : processors.elements()) {
      if (list.isBeans("list")) {
        return list.elements();
      }
    }
    return List.of();
  }

  /** Whether a list entry is a reference to the bean of the given id, or is that bean itself. */
  private static boolean refersTo(Element entry, String id, Element bean) {
    if (entry == bean) {
      return true;
    }
    return id != null && entry.isBeans("ref") && id.equals(referencedId(entry));
  }

  /** The class of a list entry: an inline bean or a reference to a top-level one. */
  private String classOfEntry(Element entry) {
    if (entry.isBeans("bean")) {
      return entry.attribute("class");
    }
    if (entry.isBeans("ref")) {
      Element bean = topLevelBeans.get(referencedId(entry));
      return bean == null ? null : bean.attribute("class");
    }
    return null;
  }

  /** The class of a property's value: ref attribute, nested ref or nested bean. */
  private String classOfPropertyValue(Element property) {
    String ref = property.attribute("ref");
    if (ref != null) {
      Element bean = topLevelBeans.get(ref);
      return bean == null ? null : bean.attribute("class");
    }
    for (Element value : property.elements()) {
      String type = classOfEntry(value);
      if (type != null) {
        return type;
      }
    }
    return null;
  }

  private static String referencedId(Element ref) {
    String bean = ref.attribute("bean");
    return bean != null ? bean : ref.attribute("local");
  }

  private boolean isReferencedWithin(Element scope, String id) {
    if (id == null) {
      return false;
    }
    for (Element element : scope.descendantsAndSelf()) {
      if ((element.isBeans("ref") && id.equals(referencedId(element)))
          || id.equals(element.attribute("ref"))) {
        return true;
      }
    }
    return false;
  }

  private List<Element> topLevelBeansOfClass(String beanClass) {
    List<Element> beans = new ArrayList<>();
    for (Element element : root.elements()) {
      if (element.isBeans("bean") && beanClass.equals(element.attribute("class"))) {
        beans.add(element);
      }
    }
    return beans;
  }

  /** Whether the top-level bean an element belongs to is of the given class. */
  private boolean topLevelBeanIs(Element element, String beanClass) {
    Element bean = element;
    while (bean != null && bean.parent() != root) {
      bean = bean.parent();
    }
    return bean != null && bean.isBeans("bean") && beanClass.equals(bean.attribute("class"));
  }

  private static boolean isAncestor(Element ancestor, Element element) {
    for (Element e = element.parent(); e != null; e = e.parent()) {
      if (e == ancestor) {
        return true;
      }
    }
    return false;
  }

  private static boolean isBeans(Element element, String name) {
    return element != null && element.isBeans(name);
  }

  private static boolean isProperty(Element element, String name) {
    return element != null && element.isBeans("property") && name.equals(element.attribute("name"));
  }

  /** A bean's property element of the given name, or null. */
  private static Element property(Element bean, String name) {
    for (Element property : bean.elements()) {
      if (isProperty(property, name)) {
        return property;
      }
    }
    return null;
  }

  /** A bean's property value given as attribute or as a nested value element, or null. */
  private static String propertyValue(Element bean, String name) {
    Element property = property(bean, name);
    if (property == null) {
      return null;
    }
    if (property.attribute("value") != null) {
      return property.attribute("value").strip();
    }
    for (Element value : property.elements()) {
      if (value.isBeans("value")) {
        return value.text().strip();
      }
    }
    return null;
  }

  /** A bean's id, or the first of its names, or null. */
  static String beanId(Element bean) {
    String id = bean.attribute("id");
    if (id != null && !id.isBlank()) {
      return id.strip();
    }
    String names = bean.attribute("name");
    if (names != null && !names.isBlank()) {
      return names.strip().split("[,;\\s]+")[0];
    }
    return null;
  }

  private static String lines(List<Element> elements) {
    return elements.stream().map(e -> String.valueOf(e.line())).collect(Collectors.joining(", "));
  }
}
