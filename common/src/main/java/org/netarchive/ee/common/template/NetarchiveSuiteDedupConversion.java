package org.netarchive.ee.common.template;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.netarchive.ee.common.template.XmlDocument.Element;

/**
 * Converts NetarchiveSuite's deduplicator ({@code is.hi.bok.deduplicator.DeDuplicator}) in a
 * template to what Netarchive EE uses instead: the abstract settings bean {@link
 * JobValues#DEDUP_SETTINGS_ID} with what maps of its settings, no reference to it in the chains,
 * and {@code <!-- %{DEDUP_INDEX} -->} in the fetch chain after the HTTP fetcher. It is the
 * replacement that {@link DedupSettingsRules} tells a curator to write, made on the text itself:
 * only the deduplicator bean, the lines of its references and the placeholder's line change, and
 * everything else (comments, other beans, layout) stays as it was written.
 *
 * <p>What cannot be carried over is refused, naming the line and what to change: {@code
 * changeContentSize} true, {@code jumpTo}, a matching method NetarchiveSuite does not have, a
 * setting the deduplicator does not have, a reference that is not an entry of a list, two enabled
 * deduplicators, and a fetch chain without an HTTP fetcher to put the placeholder after.
 */
final class NetarchiveSuiteDedupConversion {

  private static final char BYTE_ORDER_MARK = '\uFEFF';

  private NetarchiveSuiteDedupConversion() {}

  static TemplateConversion convert(String given) {
    String text =
        !given.isEmpty() && given.charAt(0) == BYTE_ORDER_MARK ? given.substring(1) : given;
    if (!text.contains(DedupSettingsRules.NETARCHIVESUITE_DEDUPLICATOR)
        || text.length() > CrawlTemplate.MAX_LENGTH) {
      return new TemplateConversion(given, List.of());
    }
    XmlDocument document = XmlDocument.parse(text, "The crawl template");
    Element root = document.root();
    List<Element> elements = root.descendantsAndSelf();
    List<Element> deduplicators =
        elements.stream()
            .filter(
                e ->
                    e.isBeans("bean")
                        && DedupSettingsRules.NETARCHIVESUITE_DEDUPLICATOR.equals(
                            e.attribute("class")))
            .toList();
    if (deduplicators.isEmpty()) {
      return new TemplateConversion(given, List.of());
    }
    return new NetarchiveSuiteDedupConversion.Run(CxmlText.of(text, root), root, elements)
        .convert(deduplicators);
  }

  /** One conversion: the edits, the changes reported and the problems found. */
  private static final class Run {
    private final CxmlText cxml;
    private final String text;
    private final Element root;
    private final List<Element> elements;
    private final Map<String, Element> topLevelBeans = new LinkedHashMap<>();
    private final List<String> changes = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();

    Run(CxmlText cxml, Element root, List<Element> elements) {
      this.cxml = cxml;
      this.text = cxml.text();
      this.root = root;
      this.elements = elements;
      for (Element bean : root.elements()) {
        if (bean.isBeans("bean") && bean.attribute("id") != null) {
          topLevelBeans.putIfAbsent(bean.attribute("id"), bean);
        }
      }
    }

    TemplateConversion convert(List<Element> deduplicators) {
      boolean hasSettings = topLevelBeans.containsKey(JobValues.DEDUP_SETTINGS_ID);
      List<Element> enabled = new ArrayList<>();
      for (Element bean : deduplicators) {
        if (convert(bean, hasSettings || !enabled.isEmpty())) {
          enabled.add(bean);
        }
      }
      if (enabled.size() > 1) {
        problems.add(
            "NetarchiveSuite's deduplicator is declared enabled more than once (lines "
                + String.join(", ", enabled.stream().map(b -> String.valueOf(b.line())).toList())
                + "); keep one, or set enabled false on the others");
      }
      if (!enabled.isEmpty()) {
        putPlaceholder();
      }
      if (!problems.isEmpty()) {
        throw new CrawlTemplateException(
            "The crawl template's NetarchiveSuite deduplicator cannot be converted", problems);
      }
      return new TemplateConversion(cxml.apply(), changes);
    }

    /** Converts one deduplicator bean; returns whether it is enabled. */
    private boolean convert(Element bean, boolean settingsExist) {
      String id = bean.attribute("id");
      String name = (id == null ? "" : "'" + id + "' ") + "at line " + bean.line();
      Map<String, String> properties = new LinkedHashMap<>();
      Map<String, Integer> lines = new LinkedHashMap<>();
      for (Element child : bean.elements()) {
        if (!child.isBeans("property") || child.attribute("name") == null) {
          problems.add(
              "The deduplicator "
                  + name
                  + " has <"
                  + child.qualifiedName()
                  + "> at line "
                  + child.line()
                  + ", which cannot be carried over; give its settings as <property name=...>");
          continue;
        }
        properties.put(child.attribute("name"), valueOf(child));
        lines.put(child.attribute("name"), child.line());
      }
      boolean disabled = "false".equalsIgnoreCase(properties.getOrDefault("enabled", "true"));
      if (!disabled) {
        checkProperties(name, properties, lines);
      }
      List<Element> references = references(bean, id, name);
      boolean topLevel = bean.parent() == root;
      if (!topLevel && !bean.parent().isBeans("list")) {
        problems.add(
            "The deduplicator "
                + name
                + " stands inside <"
                + bean.parent().qualifiedName()
                + "> at line "
                + bean.parent().line()
                + ", not in a processors list; remove it and put <!-- "
                + Placeholder.DEDUP_INDEX.token()
                + " --> in the fetch chain after the HTTP fetcher");
      }
      String what = "NetarchiveSuite's deduplicator " + name;
      if (disabled) {
        cxml.add(cxml.removeLines(bean));
        changes.add("Removed " + what + ": it was disabled (enabled false)");
      } else if (settingsExist) {
        cxml.add(cxml.removeLines(bean));
        changes.add(
            "Removed "
                + what
                + "; the settings bean '"
                + JobValues.DEDUP_SETTINGS_ID
                + "' already in the template is kept as it is, and the deduplicator's settings are"
                + " not carried over");
      } else {
        String settings = DedupSettingsRules.settingsBean(properties).stripTrailing();
        if (topLevel) {
          CxmlText.Span span = cxml.span(bean);
          cxml.add(
              new CxmlText.Edit(
                  span.start(),
                  span.end(),
                  settings.replace("\n", "\n" + cxml.indentOf(span.start()))));
        } else {
          cxml.add(cxml.removeLines(bean));
          cxml.add(cxml.beforeEndTag(root, settings));
        }
        changes.add(
            "Replaced "
                + what
                + " by the settings bean '"
                + JobValues.DEDUP_SETTINGS_ID
                + "' of "
                + JobValues.DEDUP_PROCESSOR_CLASS
                + (topLevel ? "" : " (added at the end of the template)"));
        reportSettings(properties);
      }
      for (Element reference : references) {
        cxml.add(cxml.removeLines(reference));
        changes.add(
            "Removed <ref bean=\""
                + id
                + "\"/> at line "
                + reference.line()
                + " from "
                + chainOf(reference));
      }
      return !disabled;
    }

    private void checkProperties(
        String name, Map<String, String> properties, Map<String, Integer> lines) {
      String at = "The deduplicator " + name + " sets ";
      properties.forEach(
          (property, value) -> {
            String where = " at line " + lines.get(property);
            switch (property) {
              case "changeContentSize" -> {
                if (!"false".equalsIgnoreCase(value)) {
                  problems.add(
                      at
                          + "changeContentSize "
                          + value
                          + where
                          + ", which Netarchive EE does not do (a duplicate's size is not changed"
                          + " in the crawl.log); set it to false or remove the property");
                }
              }
              case "jumpTo" ->
                  problems.add(
                      at
                          + "jumpTo"
                          + where
                          + ", which Netarchive EE does not do (the processors after it always"
                          + " run); remove the property");
              case "matchingMethod" -> {
                String method = value.strip().toUpperCase(Locale.ROOT);
                if (!method.equals("URL") && !method.equals("DIGEST")) {
                  problems.add(
                      at
                          + "matchingMethod '"
                          + value
                          + "'"
                          + where
                          + "; NetarchiveSuite's values are URL and DIGEST");
                }
              }
              case "mimeFilter", "filterMode", "enabled" -> {
                // carried over or implied
              }
              default -> {
                if (!DedupSettingsRules.DROPPED.containsKey(property)) {
                  problems.add(
                      at
                          + "'"
                          + property
                          + "'"
                          + where
                          + ", which is not a setting Netarchive EE can carry over; remove the"
                          + " property");
                }
              }
            }
          });
    }

    private void reportSettings(Map<String, String> properties) {
      String method = properties.get("matchingMethod");
      if (method != null) {
        changes.add(
            "matchingMethod "
                + method.strip()
                + " became URL_AND_DIGEST (NetarchiveSuite's URL and DIGEST both make a duplicate"
                + " only of the same URL with the same digest)");
      }
      changes.add(
          properties.containsKey("mimeFilter")
              ? "mimeFilter " + properties.get("mimeFilter") + " was kept"
              : "mimeFilter ^text/.* was set (NetarchiveSuite's default; the bean set none)");
      changes.add(
          properties.containsKey("filterMode")
              ? "filterMode "
                  + properties.get("filterMode").strip().toUpperCase(Locale.ROOT)
                  + " was kept"
              : "filterMode BLACKLIST was set (NetarchiveSuite's default; the bean set none)");
      if ("true".equalsIgnoreCase(properties.get("enabled"))) {
        changes.add("enabled true was dropped: the processor runs whenever the job has an index");
      }
      if ("false".equalsIgnoreCase(properties.get("changeContentSize"))) {
        changes.add(
            "changeContentSize false was dropped: a duplicate's size is never changed in the"
                + " crawl.log");
      }
      DedupSettingsRules.DROPPED.forEach(
          (property, why) -> {
            if (properties.containsKey(property)) {
              changes.add(property + " was dropped: " + why);
            }
          });
    }

    /** The references to the bean, which must each be an entry of a list to be removable. */
    private List<Element> references(Element bean, String id, String name) {
      List<Element> references = new ArrayList<>();
      if (id == null) {
        return references;
      }
      for (Element element : elements) {
        if (element.isBeans("ref")
            && (id.equals(element.attribute("bean")) || id.equals(element.attribute("local")))) {
          if (element.parent().isBeans("list")) {
            references.add(element);
          } else {
            problems.add(
                "The deduplicator "
                    + name
                    + " is referred to at line "
                    + element.line()
                    + " inside <"
                    + element.parent().qualifiedName()
                    + ">, not as an entry of a processors list; remove that reference");
          }
        } else if (element != bean
            && (id.equals(element.attribute("ref")) || id.equals(element.attribute("parent")))) {
          problems.add(
              "The deduplicator "
                  + name
                  + " is referred to by <"
                  + element.qualifiedName()
                  + "> at line "
                  + element.line()
                  + "; remove that reference");
        }
      }
      return references;
    }

    /** Puts the placeholder after the HTTP fetcher of the fetch chain, unless it is there. */
    private void putPlaceholder() {
      if (TemplateText.slots(text).stream()
          .anyMatch(s -> s.placeholder() == Placeholder.DEDUP_INDEX)) {
        changes.add(
            "<!-- "
                + Placeholder.DEDUP_INDEX.token()
                + " --> is in the template already: the agent inserts the deduplication processor"
                + " there");
        return;
      }
      for (Element chain : root.elements()) {
        if (!chain.isBeans("bean")
            || !HeritrixClasses.FETCH_CHAIN.equals(chain.attribute("class"))) {
          continue;
        }
        for (Element property : chain.elements()) {
          if (!property.isBeans("property") || !"processors".equals(property.attribute("name"))) {
            continue;
          }
          for (Element list : property.elements()) {
            for (Element entry : list.isBeans("list") ? list.elements() : List.<Element>of()) {
              if (HeritrixClasses.FETCH_HTTP.equals(classOf(entry))) {
                CxmlText.Span span = cxml.span(entry);
                cxml.add(
                    new CxmlText.Edit(
                        span.end(),
                        span.end(),
                        "\n"
                            + cxml.indentOf(span.start())
                            + "<!-- "
                            + Placeholder.DEDUP_INDEX.token()
                            + " -->"));
                changes.add(
                    "Put <!-- "
                        + Placeholder.DEDUP_INDEX.token()
                        + " --> in the fetch chain after the HTTP fetcher (line "
                        + entry.line()
                        + "): the agent inserts the deduplication processor there, with the"
                        + " job's own index, when the job has one");
                return;
              }
            }
          }
        }
      }
      problems.add(
          "There is no HTTP fetcher ("
              + HeritrixClasses.FETCH_HTTP
              + ") in the processors list of the fetch chain ("
              + HeritrixClasses.FETCH_CHAIN
              + ") to put <!-- "
              + Placeholder.DEDUP_INDEX.token()
              + " --> after; add the fetcher to the fetch chain");
    }

    private String classOf(Element entry) {
      if (entry.isBeans("bean")) {
        return entry.attribute("class");
      }
      if (entry.isBeans("ref")) {
        String id =
            entry.attribute("bean") != null ? entry.attribute("bean") : entry.attribute("local");
        Element bean = topLevelBeans.get(id);
        return bean == null ? null : bean.attribute("class");
      }
      return null;
    }

    /**
     * Names the chain a reference stands in, e.g. "the disposition chain 'dispositionProcessors'".
     */
    private String chainOf(Element reference) {
      Element top = reference;
      while (top.parent() != null && top.parent() != root) {
        top = top.parent();
      }
      String type = top.attribute("class");
      String kind =
          HeritrixClasses.FETCH_CHAIN.equals(type)
              ? "the fetch chain"
              : HeritrixClasses.DISPOSITION_CHAIN.equals(type)
                  ? "the disposition chain"
                  : "the bean";
      return kind + (top.attribute("id") == null ? "" : " '" + top.attribute("id") + "'");
    }
  }

  private static String valueOf(Element property) {
    String value = property.attribute("value");
    if (value != null) {
      return value;
    }
    for (Element child : property.elements()) {
      if (child.isBeans("value")) {
        return child.text().strip();
      }
    }
    return property.text().strip();
  }
}
