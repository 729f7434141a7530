package org.netarchive.ee.common.template;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.netarchive.ee.common.template.XmlDocument.Element;

/**
 * The checks of a template's deduplication settings: the optional abstract bean {@link
 * JobValues#DEDUP_SETTINGS_ID}, and NetarchiveSuite's deduplicator, which a template ported from
 * NetarchiveSuite may still declare.
 *
 * <p>NetarchiveSuite's {@code is.hi.bok.deduplicator.DeDuplicator} is not in Netarchive EE's
 * Heritrix, and its bean (with an {@code indexLocation} on the harvest server, in the disposition
 * chain) cannot stand in a job as it is. A template declaring it is refused with the exact
 * replacement: the settings bean carrying over what maps ({@code matchingMethod}, {@code
 * mimeFilter}, {@code filterMode}), the reference to remove, and the placeholder the agent puts the
 * processor at. The index location is not carried over: the agent sets it to the job's own index.
 */
final class DedupSettingsRules {

  /** NetarchiveSuite's deduplicator for Heritrix 3. */
  static final String NETARCHIVESUITE_DEDUPLICATOR = "is.hi.bok.deduplicator.DeDuplicator";

  /** The settings of our processor a template may set in its settings bean. */
  private static final Set<String> SETTINGS =
      Set.of("matchingMethod", "mimeFilter", "filterMode", "enabled");

  /** NetarchiveSuite's properties that Netarchive EE leaves out, and why. */
  static final Map<String, String> DROPPED =
      new java.util.TreeMap<>(
          Map.of(
              "indexLocation", "the agent gives each job its own index",
              "tryEquivalent",
                  "matching is by the exact URL (an equivalent URL's capture is not a duplicate)",
              "origin", "the annotation always names the original's file and offset",
              "originHandling", "the annotation always names the original's file and offset",
              "statsPerHost", "the statistics are per processor",
              "analysisMode", "no timestamp analysis is done",
              "revisitInWarcs", "duplicates are always written as revisit records"));

  private DedupSettingsRules() {}

  static void check(Element root, Map<String, Element> topLevelBeans, List<String> problems) {
    Element settings = topLevelBeans.get(JobValues.DEDUP_SETTINGS_ID);
    if (settings != null) {
      checkSettingsBean(settings, problems);
    }
    for (Element bean : root.descendantsAndSelf()) {
      if (bean.isBeans("bean") && NETARCHIVESUITE_DEDUPLICATOR.equals(bean.attribute("class"))) {
        problems.add(netarchiveSuiteDeduplicator(root, bean, settings != null));
      }
    }
  }

  private static void checkSettingsBean(Element bean, List<String> problems) {
    String at =
        "The deduplication settings bean '"
            + JobValues.DEDUP_SETTINGS_ID
            + "' at line "
            + bean.line();
    if (!JobValues.DEDUP_PROCESSOR_CLASS.equals(bean.attribute("class"))
        || !"true".equals(bean.attribute("abstract"))) {
      problems.add(
          at
              + " must be declared <bean id=\""
              + JobValues.DEDUP_SETTINGS_ID
              + "\" abstract=\"true\" class=\""
              + JobValues.DEDUP_PROCESSOR_CLASS
              + "\">: the agent inserts the processor itself, as its child, when a job has an"
              + " index");
    }
    for (Element property : bean.elements()) {
      if (!property.isBeans("property")) {
        continue;
      }
      String name = property.attribute("name");
      String value = property.attribute("value");
      if (!SETTINGS.contains(name)) {
        problems.add(
            at
                + " sets '"
                + name
                + "' at line "
                + property.line()
                + "; it may set only "
                + String.join(", ", SETTINGS.stream().sorted().toList())
                + (("indexLocation".equals(name)) ? " (the agent sets the job's index)" : ""));
      } else if ("matchingMethod".equals(name) && !isOneOf(value, "URL_AND_DIGEST", "DIGEST")) {
        problems.add(at + " has the matchingMethod '" + value + "'; use URL_AND_DIGEST or DIGEST");
      } else if ("filterMode".equals(name) && !isOneOf(value, "BLACKLIST", "WHITELIST")) {
        problems.add(at + " has the filterMode '" + value + "'; use BLACKLIST or WHITELIST");
      } else if ("mimeFilter".equals(name)) {
        try {
          Pattern.compile(value == null ? "" : value);
        } catch (PatternSyntaxException e) {
          problems.add(
              at
                  + " has the mimeFilter '"
                  + value
                  + "', which is not a regular expression: "
                  + e.getDescription());
        }
      }
    }
  }

  private static boolean isOneOf(String value, String... allowed) {
    return value != null && List.of(allowed).contains(value);
  }

  private static String netarchiveSuiteDeduplicator(
      Element root, Element bean, boolean hasSettings) {
    String id = bean.attribute("id");
    Map<String, String> properties = new LinkedHashMap<>();
    for (Element property : bean.elements()) {
      if (property.isBeans("property") && property.attribute("name") != null) {
        String value = property.attribute("value");
        properties.put(property.attribute("name"), value == null ? property.text().strip() : value);
      }
    }
    StringBuilder m = new StringBuilder();
    m.append("The bean ")
        .append(id == null ? "" : "'" + id + "' ")
        .append("at line ")
        .append(bean.line())
        .append(" is NetarchiveSuite's deduplicator ")
        .append(NETARCHIVESUITE_DEDUPLICATOR)
        .append(", which Netarchive EE's Heritrix does not have. ");
    List<String> refusals = new ArrayList<>();
    if ("true".equalsIgnoreCase(properties.getOrDefault("changeContentSize", "false"))) {
      refusals.add("changeContentSize true (a duplicate's size is not changed in the crawl.log)");
    }
    if (properties.containsKey("jumpTo")) {
      refusals.add("jumpTo (the processors after it always run)");
    }
    boolean disabled = "false".equalsIgnoreCase(properties.getOrDefault("enabled", "true"));
    List<String> references = new ArrayList<>();
    if (id != null) {
      for (Element ref : root.descendantsAndSelf()) {
        if (ref.isBeans("ref") && id.equals(ref.attribute("bean"))) {
          references.add(String.valueOf(ref.line()));
        }
      }
    }
    String removeRefs =
        references.isEmpty()
            ? ""
            : " and its reference <ref bean=\""
                + id
                + "\"/> (line"
                + (references.size() > 1 ? "s " : " ")
                + String.join(", ", references)
                + ")";
    if (disabled) {
      m.append("It is disabled: remove it").append(removeRefs).append(".");
      return m.toString();
    }
    m.append(
            hasSettings
                ? "Keep your settings bean '"
                    + JobValues.DEDUP_SETTINGS_ID
                    + "' (from its settings:\n"
                : "Declare instead:\n")
        .append(settingsBean(properties))
        .append(hasSettings ? ")\n" : "")
        .append("then remove it")
        .append(removeRefs)
        .append(", and put <!-- ")
        .append(Placeholder.DEDUP_INDEX.token())
        .append(
            " --> in the processors list of the fetch chain, after the HTTP fetcher, if it is"
                + " not there: the agent inserts the deduplication processor there, with the job's"
                + " index, when the job has one.");
    List<String> notes = new ArrayList<>();
    String method = properties.get("matchingMethod");
    if (method != null) {
      notes.add(
          "matchingMethod "
              + method
              + " becomes URL_AND_DIGEST (NetarchiveSuite's URL and DIGEST both make a duplicate"
              + " only of the same URL with the same digest)");
    }
    DROPPED.forEach(
        (name, why) -> {
          if (properties.containsKey(name)) {
            notes.add(name + " is left out: " + why);
          }
        });
    if (!notes.isEmpty()) {
      m.append(" Of its settings, ").append(String.join("; ", notes)).append(".");
    }
    if (!refusals.isEmpty()) {
      m.append(" Not supported, so remove: ").append(String.join("; ", refusals)).append(".");
    }
    return m.toString();
  }

  /** The settings bean for a NetarchiveSuite deduplicator's properties. */
  static String settingsBean(Map<String, String> nasProperties) {
    String mimeFilter = nasProperties.getOrDefault("mimeFilter", "^text/.*");
    String filterMode =
        nasProperties.getOrDefault("filterMode", "BLACKLIST").strip().toUpperCase(Locale.ROOT);
    return "<bean id=\""
        + JobValues.DEDUP_SETTINGS_ID
        + "\" abstract=\"true\" class=\""
        + JobValues.DEDUP_PROCESSOR_CLASS
        + "\">\n  <property name=\"matchingMethod\" value=\"URL_AND_DIGEST\"/>\n"
        + "  <property name=\"mimeFilter\" value=\""
        + TemplateText.escape(mimeFilter, true)
        + "\"/>\n  <property name=\"filterMode\" value=\""
        + TemplateText.escape(filterMode, true)
        + "\"/>\n</bean>\n";
  }
}
