package org.netarchive.ee.common.template;

import static org.netarchive.ee.common.template.HeritrixClasses.CRAWL_METADATA;
import static org.netarchive.ee.common.template.HeritrixClasses.TEXT_SEED_MODULE;
import static org.netarchive.ee.common.template.HeritrixClasses.WARC_WRITER;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.common.template.XmlDocument.Element;

/**
 * Property overrides (Spring's property override configurers) of what the agent fills in, which
 * would silently replace it.
 */
final class OverridesCheck implements BeanCheck {

  @Override
  public void check(BeanDefinitions beans, List<String> problems) {
    Map<String, Placeholder> filled = new LinkedHashMap<>();
    owned(beans, filled, TEXT_SEED_MODULE, "textSource", Placeholder.SEEDS);
    owned(beans, filled, WARC_WRITER, "prefix", Placeholder.WARC_PREFIX);
    owned(beans, filled, WARC_WRITER, "storePaths", Placeholder.WARC_DIRECTORY);
    owned(beans, filled, CRAWL_METADATA, "jobName", Placeholder.WARCINFO_METADATA);
    owned(beans, filled, CRAWL_METADATA, "description", Placeholder.WARCINFO_METADATA);
    for (Element configurer : beans.root().descendantsAndSelf()) {
      if (!PropertyOverrides.isConfigurer(configurer)) {
        continue;
      }
      String id = BeanDefinitions.beanId(configurer);
      for (String key : PropertyOverrides.of(configurer).keySet()) {
        filled.forEach(
            (property, placeholder) -> {
              if (key.equals(property) || key.startsWith(property + ".")) {
                problems.add(
                    "The bean "
                        + (id == null ? "" : "'" + id + "' ")
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

  private static void owned(
      BeanDefinitions beans,
      Map<String, Placeholder> filled,
      String beanClass,
      String property,
      Placeholder placeholder) {
    for (Element bean : beans.topLevelBeansOfClass(beanClass)) {
      String id = BeanDefinitions.beanId(bean);
      if (id != null) {
        filled.put(id + "." + property, placeholder);
      }
    }
  }
}
