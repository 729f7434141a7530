package org.netarchive.ee.common.template;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.common.template.XmlDocument.Element;

/**
 * Where in a template the per-domain crawl settings are set: the Heritrix bean paths a Sheet's keys
 * name ({@code beanName[.propertyPath].property}). A crawl scope's rules are usually inner beans
 * without a name, so the hops rule is addressed through the scope's list ({@code scope.rules[2]}),
 * which Heritrix's Sheet resolves with a property path.
 *
 * @param metadata the CrawlMetadata bean (robots policy), or null
 * @param hopsRule the path of the TooManyHopsDecideRule among the scope's rules, or null
 * @param disposition the DispositionProcessor bean (politeness delays), or null
 * @param javascriptExtractors the ExtractorJS beans
 * @param htmlExtractors the ExtractorHTML beans (they extract links from inline scripts)
 * @param credentialStore a CredentialStore bean of the template's that declares credentials of its
 *     own (an empty one, as in Heritrix's default profile, is left out), or null
 * @param minDelayMs the disposition's own shortest pause between requests to a host (Heritrix's
 *     default where the template sets none, or sets it by a placeholder)
 * @param maxDelayMs the disposition's own longest pause, likewise
 */
record SheetTargets(
    String metadata,
    String hopsRule,
    String disposition,
    List<String> javascriptExtractors,
    List<String> htmlExtractors,
    String credentialStore,
    long minDelayMs,
    long maxDelayMs) {

  /** Heritrix's DispositionProcessor defaults. */
  static final long HERITRIX_MIN_DELAY_MS = 3_000;

  static final long HERITRIX_MAX_DELAY_MS = 30_000;

  static final String TOO_MANY_HOPS = "org.archive.modules.deciderules.TooManyHopsDecideRule";
  static final String DISPOSITION = "org.archive.crawler.postprocessor.DispositionProcessor";
  static final String EXTRACTOR_JS = "org.archive.modules.extractor.ExtractorJS";
  static final String EXTRACTOR_HTML = "org.archive.modules.extractor.ExtractorHTML";
  static final String CREDENTIAL_STORE = "org.archive.modules.credential.CredentialStore";

  /** Finds the targets among a parsed template's top-level beans and its scope's rules. */
  static SheetTargets of(XmlDocument document) {
    String metadata = null;
    String disposition = null;
    String credentialStore = null;
    String hopsRule = null;
    List<String> js = new ArrayList<>();
    List<String> html = new ArrayList<>();
    long minDelayMs = HERITRIX_MIN_DELAY_MS;
    long maxDelayMs = HERITRIX_MAX_DELAY_MS;
    Map<String, String> overrides = new HashMap<>();
    List<Element> topLevel = document.root().elements();
    for (Element bean : topLevel) {
      String id = bean.attribute("id");
      if (!bean.isBeans("bean") || id == null) {
        continue;
      }
      String type = bean.attribute("class");
      if (PropertyOverrides.isConfigurer(bean)) {
        overrides.putAll(PropertyOverrides.of(bean));
      }
      if (HeritrixClasses.CRAWL_METADATA.equals(type) && metadata == null) {
        metadata = id;
      } else if (DISPOSITION.equals(type) && disposition == null) {
        disposition = id;
        minDelayMs = delay(bean, "minDelayMs", HERITRIX_MIN_DELAY_MS);
        maxDelayMs = delay(bean, "maxDelayMs", HERITRIX_MAX_DELAY_MS);
      } else if (CREDENTIAL_STORE.equals(type)
          && credentialStore == null
          && !bean.elements().isEmpty()) {
        credentialStore = id;
      } else if (EXTRACTOR_JS.equals(type)) {
        js.add(id);
      } else if (EXTRACTOR_HTML.equals(type)) {
        html.add(id);
      } else if (HeritrixClasses.SCOPE_ID.equals(id)) {
        hopsRule = hopsRule(bean, topLevel);
      }
    }
    // A PropertyOverrideConfigurer's values win over the bean's own (Spring applies it last).
    if (disposition != null) {
      minDelayMs = number(overrides.get(disposition + ".minDelayMs"), minDelayMs);
      maxDelayMs = number(overrides.get(disposition + ".maxDelayMs"), maxDelayMs);
    }
    return new SheetTargets(
        metadata, hopsRule, disposition, js, html, credentialStore, minDelayMs, maxDelayMs);
  }

  private static long number(String value, long absent) {
    if (value == null) {
      return absent;
    }
    try {
      return Long.parseLong(value.strip());
    } catch (NumberFormatException e) {
      return absent;
    }
  }

  /** A delay the disposition bean sets as a number, else {@code absent}. */
  private static long delay(Element disposition, String property, long absent) {
    for (Element element : disposition.elements()) {
      if (element.isBeans("property") && property.equals(element.attribute("name"))) {
        return number(element.attribute("value"), absent);
      }
    }
    return absent;
  }

  private static String hopsRule(Element scope, List<Element> topLevel) {
    for (Element property : scope.elements()) {
      if (!property.isBeans("property") || !"rules".equals(property.attribute("name"))) {
        continue;
      }
      for (Element list : property.elements()) {
        if (!list.isBeans("list")) {
          continue;
        }
        List<Element> rules = list.elements();
        for (int i = 0; i < rules.size(); i++) {
          Element rule = rules.get(i);
          if (rule.isBeans("bean") && TOO_MANY_HOPS.equals(rule.attribute("class"))) {
            return HeritrixClasses.SCOPE_ID + ".rules[" + i + "]";
          }
          if (rule.isBeans("ref") && refersToHopsRule(rule.attribute("bean"), topLevel)) {
            return HeritrixClasses.SCOPE_ID + ".rules[" + i + "]";
          }
        }
      }
    }
    return null;
  }

  private static boolean refersToHopsRule(String id, List<Element> topLevel) {
    return id != null
        && topLevel.stream()
            .anyMatch(
                b -> id.equals(b.attribute("id")) && TOO_MANY_HOPS.equals(b.attribute("class")));
  }
}
