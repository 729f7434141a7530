package org.netarchive.ee.common.template;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.common.template.XmlDocument.Element;

/**
 * The text of a parsed template with where each element stands in it, and edits to make on it.
 * Conversions change a template by editing its text, not by writing the parsed tree back, so that
 * everything they do not change (comments, layout, other beans) stays exactly as written.
 */
final class CxmlText {

  /**
   * An element's characters: from its start tag's '&lt;' to after its start tag's '&gt;'
   * (startTagEnd) and to after its end tag's '&gt;' (end; the same for an empty-element tag).
   */
  record Span(int start, int startTagEnd, int end) {}

  /** Replaces the characters from start to end. */
  record Edit(int start, int end, String replacement) {}

  private final String text;
  private final List<Element> elements;
  private final List<Span> spans;
  private final Map<Element, Span> spanOf = new IdentityHashMap<>();
  private final List<int[]> comments = new ArrayList<>();
  private final List<Edit> edits = new ArrayList<>();

  private CxmlText(String text, Element root) {
    this.text = text;
    this.elements = root.descendantsAndSelf();
    this.spans = scan();
    if (spans.size() != elements.size()) {
      throw new IllegalStateException(
          "The scan found " + spans.size() + " elements, the parser " + elements.size());
    }
    for (int i = 0; i < elements.size(); i++) {
      spanOf.put(elements.get(i), spans.get(i));
    }
  }

  /**
   * The text of a document parsed from it.
   *
   * @param text the text, well-formed and without a DOCTYPE (it was parsed)
   * @param root the document element parsed from the text
   */
  static CxmlText of(String text, Element root) {
    return new CxmlText(text, root);
  }

  String text() {
    return text;
  }

  Span span(Element element) {
    return spanOf.get(element);
  }

  void add(Edit edit) {
    edits.add(edit);
  }

  boolean hasEdits() {
    return !edits.isEmpty();
  }

  /** The line (from 1) a position is on. */
  int lineOf(int position) {
    int line = 1;
    for (int i = 0; i < position && i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }

  /** Whether a position is inside an XML comment. */
  boolean inComment(int position) {
    for (int[] comment : comments) {
      if (position >= comment[0] && position < comment[1]) {
        return true;
      }
    }
    return false;
  }

  /** The innermost element whose characters contain the position, or null outside the root. */
  Element elementAt(int position) {
    Element found = null;
    for (int i = 0; i < spans.size(); i++) {
      Span span = spans.get(i);
      if (span.start() > position) {
        break;
      }
      if (position < span.end()) {
        found = elements.get(i);
      }
    }
    return found;
  }

  /** Whether a position is inside the start tag of the element, i.e. in an attribute. */
  boolean inStartTag(Element element, int position) {
    Span span = spanOf.get(element);
    return position >= span.start() && position < span.startTagEnd();
  }

  /** Removes an element, with its line if nothing else stands on it. */
  Edit removeLines(Element element) {
    Span span = spanOf.get(element);
    return removeLines(span.start(), span.end());
  }

  /** Removes the characters from start to end, with their line if nothing else stands on it. */
  Edit removeLines(int from, int to) {
    int start = from;
    while (start > 0 && isBlank(text.charAt(start - 1))) {
      start--;
    }
    int end = to;
    while (end < text.length() && isBlank(text.charAt(end))) {
      end++;
    }
    boolean lineStart = start == 0 || text.charAt(start - 1) == '\n';
    if (lineStart && end < text.length() && text.charAt(end) == '\r') {
      end++;
    }
    if (lineStart && (end == text.length() || text.charAt(end) == '\n')) {
      return new Edit(start, Math.min(end + 1, text.length()), "");
    }
    return new Edit(from, to, "");
  }

  /** The blanks before a position on its line, if only blanks stand before it there. */
  String indentOf(int position) {
    int start = position;
    while (start > 0 && isBlank(text.charAt(start - 1))) {
      start--;
    }
    return start == 0 || text.charAt(start - 1) == '\n' ? text.substring(start, position) : "";
  }

  /**
   * Adds lines before the end tag of an element, indented by two blanks more than the element.
   *
   * @param lines the lines to add, separated by '\n', without indentation of their own
   */
  Edit beforeEndTag(Element element, String lines) {
    Span span = spanOf.get(element);
    String indent = childIndent(element);
    String block = indent + lines.stripTrailing().replace("\n", "\n" + indent) + "\n";
    if (span.startTagEnd() == span.end()) {
      // <bean .../>: becomes <bean ...>, the lines, </bean>.
      int slash = text.lastIndexOf('/', span.end() - 1);
      return new Edit(
          slash,
          span.end(),
          ">\n" + block + indentOf(span.start()) + "</" + element.qualifiedName() + ">");
    }
    int endTag = text.lastIndexOf("</", span.end());
    int lineStart = endTag;
    while (lineStart > 0 && isBlank(text.charAt(lineStart - 1))) {
      lineStart--;
    }
    return lineStart == 0 || text.charAt(lineStart - 1) == '\n'
        ? new Edit(lineStart, lineStart, block)
        : new Edit(endTag, endTag, "\n" + block);
  }

  /** Adds lines right after the start tag of an element, on their own lines. */
  Edit afterStartTag(Element element, String lines) {
    Span span = spanOf.get(element);
    String indent = childIndent(element);
    return new Edit(
        span.startTagEnd(),
        span.startTagEnd(),
        "\n" + indent + lines.stripTrailing().replace("\n", "\n" + indent));
  }

  /**
   * The indentation of an element's children: that of its first child element if it stands at the
   * start of its line, else the element's own and two blanks.
   */
  String childIndent(Element element) {
    for (Element child : element.elements()) {
      int start = spanOf.get(child).start();
      int lineStart = start;
      while (lineStart > 0 && isBlank(text.charAt(lineStart - 1))) {
        lineStart--;
      }
      if (lineStart > 0 && text.charAt(lineStart - 1) == '\n') {
        return text.substring(lineStart, start);
      }
      break;
    }
    return indentOf(spanOf.get(element).start()) + "  ";
  }

  /**
   * Replaces the value of an attribute in an element's start tag.
   *
   * @return the edit, or null if the start tag does not have the attribute written literally
   */
  Edit attributeValue(Element element, String attribute, String value) {
    Span span = spanOf.get(element);
    String tag = text.substring(span.start(), span.startTagEnd());
    java.util.regex.Matcher matcher =
        java.util.regex.Pattern.compile("\\s" + attribute + "\\s*=\\s*([\"'])([^\"']*)\\1")
            .matcher(tag);
    if (!matcher.find()) {
      return null;
    }
    return new Edit(
        span.start() + matcher.start(2),
        span.start() + matcher.end(2),
        TemplateText.escape(value, true));
  }

  /** The text with the edits made, from the last to the first. */
  String apply() {
    List<Edit> ordered =
        edits.stream().sorted(Comparator.comparingInt(Edit::start).reversed()).toList();
    StringBuilder out = new StringBuilder(text);
    int limit = Integer.MAX_VALUE;
    for (Edit edit : ordered) {
      if (edit.end() > limit) {
        throw new IllegalStateException("Overlapping edits at " + edit.start());
      }
      out.replace(edit.start(), edit.end(), edit.replacement());
      limit = edit.start();
    }
    return out.toString();
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t';
  }

  /**
   * The span of every element, in the order of their start tags (the parser's document order), and
   * the comments. The text is well-formed (parsed before) and has no DOCTYPE, so only comments,
   * CDATA sections, processing instructions and tags with quoted attribute values need telling
   * apart.
   */
  private List<Span> scan() {
    List<int[]> all = new ArrayList<>();
    List<int[]> open = new ArrayList<>();
    int n = text.length();
    int i = 0;
    while (i < n) {
      if (text.startsWith("<!--", i)) {
        int end = endOf("-->", i + 4);
        comments.add(new int[] {i, end});
        i = end;
      } else if (text.startsWith("<![CDATA[", i)) {
        i = endOf("]]>", i + 9);
      } else if (text.startsWith("<?", i)) {
        i = endOf("?>", i + 2);
      } else if (text.startsWith("</", i)) {
        int end = endOf(">", i + 2);
        open.remove(open.size() - 1)[2] = end;
        i = end;
      } else if (text.charAt(i) == '<') {
        int end = endOfTag(i + 1);
        int[] element = {i, end, -1};
        all.add(element);
        if (text.charAt(end - 2) == '/') {
          element[2] = end;
        } else {
          open.add(element);
        }
        i = end;
      } else {
        int next = text.indexOf('<', i);
        i = next < 0 ? n : next;
      }
    }
    return all.stream().map(e -> new Span(e[0], e[1], e[2])).toList();
  }

  private int endOfTag(int from) {
    char quote = 0;
    for (int j = from; j < text.length(); j++) {
      char c = text.charAt(j);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '>') {
        return j + 1;
      }
    }
    return text.length();
  }

  private int endOf(String terminator, int from) {
    int at = text.indexOf(terminator, from);
    return at < 0 ? text.length() : at + terminator.length();
  }
}
