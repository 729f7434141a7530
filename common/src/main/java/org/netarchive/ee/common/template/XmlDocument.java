package org.netarchive.ee.common.template;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * A parsed XML document as a small tree that keeps comments and line numbers, which the template
 * checks need and the DOM would not give with line numbers.
 *
 * <p>Parsing is safe for untrusted text: the JDK's own StAX parser is used (not whatever
 * implementation the class path offers), a document type declaration is refused before it is
 * interpreted, so there are no external or internal entities, no external DTD or schema is ever
 * fetched, and StAX does not process XInclude.
 */
final class XmlDocument {

  private final Element root;
  private final List<Node> outsideRoot;

  private XmlDocument(Element root, List<Node> outsideRoot) {
    this.root = root;
    this.outsideRoot = List.copyOf(outsideRoot);
  }

  /** The document element. */
  Element root() {
    return root;
  }

  /** Comments and processing instructions before or after the document element. */
  List<Node> outsideRoot() {
    return outsideRoot;
  }

  /**
   * Parses a text.
   *
   * @param text the XML text
   * @param what what the text is, as the subject of an error message, e.g. "The crawl template"
   * @return the document
   * @throws CrawlTemplateException if the text is not well-formed XML or has a DOCTYPE
   */
  static XmlDocument parse(String text, String what) {
    XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    // Adjacent text and CDATA as one event, so that a placeholder is never split in two.
    factory.setProperty(XMLInputFactory.IS_COALESCING, true);
    XMLStreamReader reader = null;
    try {
      reader = factory.createXMLStreamReader(new StringReader(text));
      return read(reader, what);
    } catch (XMLStreamException e) {
      throw new CrawlTemplateException(
          what + " is not well-formed XML" + at(e.getLocation()) + ": " + parserMessage(e), e);
    } finally {
      if (reader != null) {
        try {
          reader.close();
        } catch (XMLStreamException e) {
          // Nothing to release: the source is a string.
        }
      }
    }
  }

  private static XmlDocument read(XMLStreamReader reader, String what) throws XMLStreamException {
    Element root = null;
    Element current = null;
    List<Node> outsideRoot = new ArrayList<>();
    while (reader.hasNext()) {
      int event = reader.next();
      int line = reader.getLocation().getLineNumber();
      switch (event) {
        case XMLStreamConstants.DTD ->
            throw new CrawlTemplateException(
                what
                    + " has a DOCTYPE declaration at line "
                    + line
                    + ", which is not allowed: a crawler-beans.cxml needs none, and document type"
                    + " declarations can define entities that read files or exhaust memory."
                    + " Remove the <!DOCTYPE ...> declaration");
        case XMLStreamConstants.START_ELEMENT -> {
          Element element = startElement(reader, current, line);
          if (current == null) {
            root = element;
          } else {
            current.children.add(element);
          }
          current = element;
        }
        case XMLStreamConstants.END_ELEMENT -> current = current.parent;
        case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
          if (current != null) {
            current.children.add(new Text(reader.getText(), line));
          }
        }
        case XMLStreamConstants.COMMENT ->
            add(current, outsideRoot, new Comment(reader.getText(), line));
        case XMLStreamConstants.PROCESSING_INSTRUCTION ->
            add(
                current,
                outsideRoot,
                new Instruction(reader.getPITarget(), reader.getPIData(), line));
        default -> {
          // START_DOCUMENT, END_DOCUMENT; entity references are replaced by the parser.
        }
      }
    }
    return new XmlDocument(root, outsideRoot);
  }

  private static Element startElement(XMLStreamReader reader, Element parent, int line) {
    Map<String, String> namespaces = new LinkedHashMap<>();
    for (int i = 0; i < reader.getNamespaceCount(); i++) {
      String prefix = reader.getNamespacePrefix(i);
      namespaces.put(prefix == null ? "" : prefix, reader.getNamespaceURI(i));
    }
    Map<String, String> attributes = new LinkedHashMap<>();
    for (int i = 0; i < reader.getAttributeCount(); i++) {
      String prefix = reader.getAttributePrefix(i);
      String localName = reader.getAttributeLocalName(i);
      String name = prefix == null || prefix.isEmpty() ? localName : prefix + ":" + localName;
      attributes.put(name, reader.getAttributeValue(i));
    }
    String namespace = reader.getNamespaceURI();
    return new Element(
        namespace == null ? "" : namespace,
        reader.getLocalName(),
        reader.getPrefix() == null || reader.getPrefix().isEmpty()
            ? reader.getLocalName()
            : reader.getPrefix() + ":" + reader.getLocalName(),
        attributes,
        namespaces,
        parent,
        line);
  }

  private static void add(Element current, List<Node> outsideRoot, Node node) {
    if (current == null) {
      outsideRoot.add(node);
    } else {
      current.children.add(node);
    }
  }

  private static String at(Location location) {
    if (location == null || location.getLineNumber() < 0) {
      return "";
    }
    return " at line "
        + location.getLineNumber()
        + (location.getColumnNumber() < 0 ? "" : ", column " + location.getColumnNumber());
  }

  /** The JDK's parser prefixes its messages with the location, which we give ourselves. */
  private static String parserMessage(XMLStreamException e) {
    String message = String.valueOf(e.getMessage());
    int start = message.indexOf("Message: ");
    return (start >= 0 ? message.substring(start + "Message: ".length()) : message).strip();
  }

  /** A part of the tree. */
  sealed interface Node permits Element, Text, Comment, Instruction {
    /** The line on which the parser reported the node (for an element: its start tag's end). */
    int line();
  }

  /** Character data, including CDATA sections and whitespace. */
  record Text(String text, int line) implements Node {}

  /** A comment; its text is what stands between {@code <!--} and {@code -->}. */
  record Comment(String text, int line) implements Node {}

  /** A processing instruction. */
  record Instruction(String target, String data, int line) implements Node {}

  /** An element with its attributes, namespace declarations and children in document order. */
  static final class Element implements Node {
    private final String namespace;
    private final String localName;
    private final String qualifiedName;
    private final Map<String, String> attributes;
    private final Map<String, String> namespaceDeclarations;
    private final Element parent;
    private final List<Node> children = new ArrayList<>();
    private final int line;

    private Element(
        String namespace,
        String localName,
        String qualifiedName,
        Map<String, String> attributes,
        Map<String, String> namespaceDeclarations,
        Element parent,
        int line) {
      this.namespace = namespace;
      this.localName = localName;
      this.qualifiedName = qualifiedName;
      this.attributes = Collections.unmodifiableMap(attributes);
      this.namespaceDeclarations = Collections.unmodifiableMap(namespaceDeclarations);
      this.parent = parent;
      this.line = line;
    }

    String namespace() {
      return namespace;
    }

    String localName() {
      return localName;
    }

    /** The name as written, with its prefix if any. */
    String qualifiedName() {
      return qualifiedName;
    }

    /** Attributes by their name as written (with prefix, if any), in document order. */
    Map<String, String> attributes() {
      return attributes;
    }

    /** The value of an unprefixed attribute, or {@code null}. */
    String attribute(String name) {
      return attributes.get(name);
    }

    /** Namespace declarations on this element: prefix ("" for the default) to URI. */
    Map<String, String> namespaceDeclarations() {
      return namespaceDeclarations;
    }

    /** The parent element, or {@code null} for the document element. */
    Element parent() {
      return parent;
    }

    List<Node> children() {
      return Collections.unmodifiableList(children);
    }

    /** The text directly inside this element (not inside its child elements), as written. */
    String text() {
      StringBuilder text = new StringBuilder();
      for (Node child : children) {
        if (child instanceof Text t) {
          text.append(t.text());
        }
      }
      return text.toString();
    }

    /** The child elements, in document order. */
    List<Element> elements() {
      List<Element> elements = new ArrayList<>();
      for (Node child : children) {
        if (child instanceof Element element) {
          elements.add(element);
        }
      }
      return elements;
    }

    /** Whether this is a Spring beans element of the given name, e.g. {@code bean}. */
    boolean isBeans(String name) {
      return HeritrixClasses.BEANS_NAMESPACE.equals(namespace) && localName.equals(name);
    }

    /** This element and all elements below it, in document order. */
    List<Element> descendantsAndSelf() {
      List<Element> all = new ArrayList<>();
      collect(this, all);
      return all;
    }

    private static void collect(Element element, List<Element> into) {
      into.add(element);
      for (Node child : element.children) {
        if (child instanceof Element nested) {
          collect(nested, into);
        }
      }
    }

    @Override
    public int line() {
      return line;
    }

    @Override
    public String toString() {
      return "<" + qualifiedName + "> at line " + line;
    }
  }
}
