package org.netarchive.ee.common.template;

import static org.netarchive.ee.common.template.BeanDefinitions.beanId;
import static org.netarchive.ee.common.template.BeanDefinitions.isAncestor;
import static org.netarchive.ee.common.template.BeanDefinitions.isBeans;
import static org.netarchive.ee.common.template.BeanDefinitions.isProperty;
import static org.netarchive.ee.common.template.BeanDefinitions.isReferencedWithin;
import static org.netarchive.ee.common.template.BeanDefinitions.property;
import static org.netarchive.ee.common.template.BeanDefinitions.propertyValue;
import static org.netarchive.ee.common.template.HeritrixClasses.CRAWL_METADATA;
import static org.netarchive.ee.common.template.HeritrixClasses.FETCH_CHAIN;
import static org.netarchive.ee.common.template.HeritrixClasses.FETCH_HTTP;
import static org.netarchive.ee.common.template.HeritrixClasses.MATCHES_LIST_REGEX_DECIDE_RULE;
import static org.netarchive.ee.common.template.HeritrixClasses.SCOPE_ID;
import static org.netarchive.ee.common.template.HeritrixClasses.TEXT_SEED_MODULE;
import static org.netarchive.ee.common.template.HeritrixClasses.WARC_WRITER;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.stream.Collectors;
import org.netarchive.ee.common.template.XmlDocument.Comment;
import org.netarchive.ee.common.template.XmlDocument.Element;
import org.netarchive.ee.common.template.XmlDocument.Instruction;
import org.netarchive.ee.common.template.XmlDocument.Node;
import org.netarchive.ee.common.template.XmlDocument.Text;

/**
 * Where a template's placeholders stand: each known placeholder found in the tree (an unknown one
 * is a problem), once, where its value can go (a property value, a list entry, alone in a comment
 * where elements are inserted), with what its value relies on around it (the crawler traps' rule
 * rejects and is in the scope, the WARC directory is the writer's only store path, the crawl
 * metadata leaves the agent's properties alone).
 */
final class PlaceholderRules {

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
  private final BeanDefinitions beans;
  private final List<String> problems;
  private final Map<Placeholder, List<Occurrence>> occurrences = new EnumMap<>(Placeholder.class);

  private PlaceholderRules(XmlDocument document, BeanDefinitions beans, List<String> problems) {
    this.document = document;
    this.root = document.root();
    this.beans = beans;
    this.problems = problems;
  }

  /**
   * Checks the placeholders of a template.
   *
   * @param problems what is wrong is added to these
   * @return the placeholders the template has
   */
  static Set<Placeholder> check(
      XmlDocument document, BeanDefinitions beans, List<String> problems) {
    PlaceholderRules rules = new PlaceholderRules(document, beans, problems);
    rules.findPlaceholders();
    rules.checkPlaceholders();
    return rules.occurrences.isEmpty()
        ? EnumSet.noneOf(Placeholder.class)
        : EnumSet.copyOf(rules.occurrences.keySet());
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
    Matcher matcher = TemplateRules.TOKEN.matcher(text);
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
          isValueOfProperty(occurrence, "value") && beans.topLevelBeanIs(element, TEXT_SEED_MODULE);
      case WARC_PREFIX ->
          isValueOfProperty(occurrence, "prefix") && beans.topLevelBeanIs(element, WARC_WRITER);
      case WARC_DIRECTORY ->
          occurrence.kind() == Kind.IN_TEXT
              && element.isBeans("value")
              && isBeans(element.parent(), "list")
              && isProperty(element.parent().parent(), "storePaths")
              && beans.topLevelBeanIs(element, WARC_WRITER);
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
              && beans.topLevelBeanIs(element, FETCH_CHAIN)
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

  /** The rule that holds the crawler traps, as the problems name it. */
  private static String trapRule(Element rule) {
    return "The "
        + MATCHES_LIST_REGEX_DECIDE_RULE
        + " at line "
        + rule.line()
        + " that holds "
        + Placeholder.CRAWLER_TRAPS.token();
  }

  private void checkTrapRule(Element rule) {
    String decision = propertyValue(rule, "decision");
    if (!"REJECT".equals(decision)) {
      problems.add(
          trapRule(rule)
              + " has decision "
              + (decision == null ? "ACCEPT (the default)" : "'" + decision + "'")
              + "; add <property name=\"decision\" value=\"REJECT\"/>, or URIs matching a crawler"
              + " trap would be crawled");
    }
    Element scope = beans.bean(SCOPE_ID);
    boolean inScope =
        scope != null
            && (isAncestor(scope, rule)
                || (rule.parent() == root && isReferencedWithin(scope, beanId(rule))));
    if (!inScope) {
      problems.add(
          trapRule(rule)
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
      if (child instanceof Element entry && FETCH_HTTP.equals(beans.classOfEntry(entry))) {
        return true;
      }
    }
    return false;
  }
}
