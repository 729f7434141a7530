package org.netarchive.ee.common.template;

import java.io.IOException;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.netarchive.ee.common.template.XmlDocument.Element;

/**
 * What a Spring PropertyOverrideConfigurer bean sets: {@code beanName.property} keys and their
 * values, read from its {@code properties} property written in any of Spring's forms (a {@code
 * value} attribute or element in properties-file syntax, {@code <props>} or {@code <map>}).
 */
final class PropertyOverrides {

  private PropertyOverrides() {}

  /** Whether the element is a PropertyOverrideConfigurer bean. */
  static boolean isConfigurer(Element bean) {
    return bean.isBeans("bean")
        && HeritrixClasses.PROPERTY_OVERRIDE_CONFIGURER.equals(bean.attribute("class"));
  }

  /**
   * The overrides of a configurer, keys as written (without surrounding blanks), in the order a
   * reader meets them: properties-file text sorted by key, then {@code <props>}/{@code <map>}
   * entries in document order.
   */
  static Map<String, String> of(Element configurer) {
    Map<String, String> overrides = new LinkedHashMap<>();
    for (Element properties : configurer.elements()) {
      if (!properties.isBeans("property") || !"properties".equals(properties.attribute("name"))) {
        continue;
      }
      String inline = properties.attribute("value");
      if (inline != null) {
        load(inline, overrides);
      }
      for (Element value : properties.elements()) {
        if (value.isBeans("value")) {
          load(value.text(), overrides);
        } else if (value.isBeans("props") || value.isBeans("map")) {
          for (Element entry : value.elements()) {
            String key = entry.attribute("key");
            if (key == null) {
              continue;
            }
            if (entry.isBeans("prop")) {
              overrides.put(key.strip(), entry.text().strip());
            } else if (entry.isBeans("entry")) {
              String entryValue = entry.attribute("value");
              overrides.put(key.strip(), entryValue == null ? "" : entryValue.strip());
            }
          }
        }
      }
      break;
    }
    return overrides;
  }

  private static void load(String text, Map<String, String> into) {
    Properties properties = new Properties();
    try {
      properties.load(new StringReader(text));
    } catch (IOException | IllegalArgumentException e) {
      // Spring reports a malformed list itself; nothing is read from it here.
      return;
    }
    properties.stringPropertyNames().stream()
        .sorted()
        .forEach(key -> into.put(key, properties.getProperty(key)));
  }
}
