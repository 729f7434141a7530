package org.netarchive.ee.common.template;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.netarchive.ee.common.template.XmlDocument.Element;

/**
 * The Spring bean definitions of a crawler-beans document, for the checks of a template: its
 * top-level beans by id and how its definitions refer to each other (references, chains,
 * properties).
 */
final class BeanDefinitions {

  private final Element root;
  private final Map<String, Element> topLevelBeans = new LinkedHashMap<>();

  /**
   * @param root the document element, {@code <beans>}
   */
  BeanDefinitions(Element root) {
    this.root = root;
    for (Element bean : root.elements()) {
      if (bean.isBeans("bean")) {
        String id = beanId(bean);
        if (id != null) {
          topLevelBeans.putIfAbsent(id, bean);
        }
      }
    }
  }

  /** The document element. */
  Element root() {
    return root;
  }

  /** The top-level beans by id (the first of an id), in document order. */
  Map<String, Element> topLevelBeans() {
    return Collections.unmodifiableMap(topLevelBeans);
  }

  /** The top-level bean of an id, or null. */
  Element bean(String id) {
    return topLevelBeans.get(id);
  }

  /** The top-level beans of a class, in document order. */
  List<Element> topLevelBeansOfClass(String beanClass) {
    List<Element> beans = new ArrayList<>();
    for (Element element : root.elements()) {
      if (element.isBeans("bean") && beanClass.equals(element.attribute("class"))) {
        beans.add(element);
      }
    }
    return beans;
  }

  /** Whether the top-level bean an element belongs to is of the given class. */
  boolean topLevelBeanIs(Element element, String beanClass) {
    Element bean = element;
    while (bean != null && bean.parent() != root) {
      bean = bean.parent();
    }
    return bean != null && bean.isBeans("bean") && beanClass.equals(bean.attribute("class"));
  }

  /**
   * The processors of the first chain bean of a class: empty if there is no such bean, an empty
   * list if it has none.
   */
  Optional<List<Element>> chainProcessors(String chainClass) {
    List<Element> chains = topLevelBeansOfClass(chainClass);
    if (chains.isEmpty()) {
      return Optional.empty();
    }
    Element processors = property(chains.get(0), "processors");
    if (processors != null) {
      for (Element list : processors.elements()) {
        if (list.isBeans("list")) {
          return Optional.of(list.elements());
        }
      }
    }
    return Optional.of(List.of());
  }

  /** The class of a list entry: an inline bean or a reference to a top-level one. */
  String classOfEntry(Element entry) {
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
  String classOfPropertyValue(Element property) {
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

  /** Whether something within {@code scope} refers to the bean of the id. */
  static boolean isReferencedWithin(Element scope, String id) {
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

  /** Whether a list entry is a reference to the bean of the given id, or is that bean itself. */
  static boolean refersTo(Element entry, String id, Element bean) {
    if (entry == bean) {
      return true;
    }
    return id != null && entry.isBeans("ref") && id.equals(referencedId(entry));
  }

  private static String referencedId(Element ref) {
    String bean = ref.attribute("bean");
    return bean != null ? bean : ref.attribute("local");
  }

  static boolean isAncestor(Element ancestor, Element element) {
    for (Element e = element.parent(); e != null; e = e.parent()) {
      if (e == ancestor) {
        return true;
      }
    }
    return false;
  }

  static boolean isBeans(Element element, String name) {
    return element != null && element.isBeans(name);
  }

  static boolean isProperty(Element element, String name) {
    return element != null && element.isBeans("property") && name.equals(element.attribute("name"));
  }

  /** A bean's property element of the given name, or null. */
  static Element property(Element bean, String name) {
    for (Element property : bean.elements()) {
      if (isProperty(property, name)) {
        return property;
      }
    }
    return null;
  }

  /** A bean's property value given as attribute or as a nested value element, or null. */
  static String propertyValue(Element bean, String name) {
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

  /** The line numbers of elements, for messages. */
  static String lines(List<Element> elements) {
    return elements.stream().map(e -> String.valueOf(e.line())).collect(Collectors.joining(", "));
  }
}
