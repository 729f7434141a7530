package org.netarchive.ee.common.template;

import static org.netarchive.ee.common.template.HeritrixClasses.BEANS_NAMESPACE;
import static org.netarchive.ee.common.template.HeritrixClasses.XINCLUDE_NAMESPACE;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.netarchive.ee.common.template.XmlDocument.Element;

/**
 * The checks that make a parsed crawler-beans.cxml a crawl template: it is a Spring bean file made
 * from its own text alone, its placeholders stand where they may ({@link PlaceholderRules}), the
 * beans the agent's values rely on are there ({@link BeanCheck}, one per bean) and its
 * deduplication settings are usable ({@link DedupSettingsRules}). All problems are collected, so
 * that a curator can fix them at once.
 */
final class TemplateRules {

  /**
   * What looks like a placeholder. A name must start with a letter or '_', so that regular
   * expressions such as {@code %{2}} in a template are not taken for one.
   */
  static final Pattern TOKEN = Pattern.compile("%\\{([A-Za-z_][A-Za-z0-9_]*)}");

  private static final String SUBJECT = "The crawl template";

  private TemplateRules() {}

  /**
   * Checks a parsed template.
   *
   * @param document the parsed text
   * @return the placeholders the template has
   * @throws CrawlTemplateException naming every problem found
   */
  static Set<Placeholder> check(XmlDocument document) {
    Element root = document.root();
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
    BeanDefinitions beans = new BeanDefinitions(root);
    List<String> problems = new ArrayList<>();
    refuseIncludes(root, problems);
    Set<Placeholder> placeholders = PlaceholderRules.check(document, beans, problems);
    for (BeanCheck check : BeanCheck.ALL) {
      check.check(beans, problems);
    }
    DedupSettingsRules.check(root, beans.topLevelBeans(), problems);
    if (!problems.isEmpty()) {
      throw new CrawlTemplateException(SUBJECT + " is not usable", problems);
    }
    return placeholders;
  }

  // Inclusions: a job must be exactly the text it was made from.

  private static void refuseIncludes(Element root, List<String> problems) {
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
}
