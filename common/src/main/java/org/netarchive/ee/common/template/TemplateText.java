package org.netarchive.ee.common.template;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the placeholders are in a template's text, character by character, and how the text is
 * rendered. Rendering works on the text itself, not on a re-serialized tree, so that everything the
 * agent does not fill stays exactly as the curator wrote it.
 *
 * <p>The scan below only has to tell comments, CDATA sections, processing instructions, tags (with
 * their quoted attribute values) and character data apart; it runs on text the XML parser has
 * already accepted, which has no DOCTYPE.
 */
final class TemplateText {

  /** What surrounds a placeholder in the text, which decides how its value is written. */
  enum Context {
    /** The whole comment {@code <!-- %{NAME} -->}, replaced by elements. */
    WHOLE_COMMENT,
    /** A comment with other text; never rendered, the rules refuse it. */
    COMMENT,
    ATTRIBUTE,
    TEXT,
    CDATA,
    /** A processing instruction; never rendered, the rules refuse it. */
    OTHER
  }

  /** A placeholder's place in the text: the characters from start (inclusive) to end. */
  record Slot(Placeholder placeholder, int start, int end, Context context) {}

  private static final Pattern WARC_PREFIX = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
  private static final String FRAGMENT_ELEMENT = "netarchive-template-fragment";

  private TemplateText() {}

  /** The known placeholders in a text, in text order. */
  static List<Slot> slots(String text) {
    List<Slot> slots = new ArrayList<>();
    Matcher matcher = TemplateRules.TOKEN.matcher(text);
    int n = text.length();
    int i = 0;
    while (i < n) {
      if (text.startsWith("<!--", i)) {
        int end = endOf(text, "-->", i + 4);
        String content = text.substring(i + 4, end - 3).strip();
        int before = slots.size();
        find(matcher, i + 4, end - 3, Context.COMMENT, slots);
        if (slots.size() == before + 1 && content.equals(slots.get(before).placeholder().token())) {
          slots.set(
              before, new Slot(slots.get(before).placeholder(), i, end, Context.WHOLE_COMMENT));
        }
        i = end;
      } else if (text.startsWith("<![CDATA[", i)) {
        int end = endOf(text, "]]>", i + 9);
        find(matcher, i + 9, end - 3, Context.CDATA, slots);
        i = end;
      } else if (text.startsWith("<?", i)) {
        int end = endOf(text, "?>", i + 2);
        find(matcher, i + 2, end - 2, Context.OTHER, slots);
        i = end;
      } else if (text.charAt(i) == '<') {
        i = scanTag(text, i + 1, matcher, slots);
      } else {
        int end = text.indexOf('<', i);
        end = end < 0 ? n : end;
        find(matcher, i, end, Context.TEXT, slots);
        i = end;
      }
    }
    return slots;
  }

  /** Scans a start or end tag from after its '&lt;'; returns the index after its '&gt;'. */
  private static int scanTag(String text, int from, Matcher matcher, List<Slot> slots) {
    char quote = 0;
    int valueStart = -1;
    for (int j = from; j < text.length(); j++) {
      char c = text.charAt(j);
      if (quote != 0) {
        if (c == quote) {
          find(matcher, valueStart, j, Context.ATTRIBUTE, slots);
          quote = 0;
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        valueStart = j + 1;
      } else if (c == '>') {
        return j + 1;
      }
    }
    return text.length();
  }

  private static int endOf(String text, String terminator, int from) {
    int at = text.indexOf(terminator, from);
    return at < 0 ? text.length() : at + terminator.length();
  }

  private static void find(Matcher matcher, int start, int end, Context context, List<Slot> into) {
    if (start >= end) {
      return;
    }
    matcher.region(start, end);
    while (matcher.find()) {
      int at = matcher.start();
      int to = matcher.end();
      Placeholder.byName(matcher.group(1)).ifPresent(p -> into.add(new Slot(p, at, to, context)));
    }
  }

  /**
   * Fills the slots of a text with the values.
   *
   * @param namespaces the namespace declarations of the document element, for checking element
   *     values on their own
   * @throws CrawlTemplateException naming every placeholder whose value is missing or unusable
   */
  static String render(
      String text,
      List<Slot> slots,
      Map<Placeholder, String> values,
      Map<String, String> namespaces) {
    List<String> problems = new ArrayList<>();
    List<String> written = new ArrayList<>();
    for (Slot slot : slots) {
      written.add(write(slot, values.get(slot.placeholder()), namespaces, problems));
    }
    if (!problems.isEmpty()) {
      throw new CrawlTemplateException("The crawl template cannot be rendered", problems);
    }
    StringBuilder out = new StringBuilder(text.length() + 1024);
    int position = 0;
    for (int k = 0; k < slots.size(); k++) {
      Slot slot = slots.get(k);
      out.append(text, position, slot.start()).append(written.get(k));
      position = slot.end();
    }
    out.append(text, position, text.length());
    String rendered = out.toString();
    XmlDocument.parse(rendered, "The rendered crawl template");
    return rendered;
  }

  private static String write(
      Slot slot, String value, Map<String, String> namespaces, List<String> problems) {
    Placeholder placeholder = slot.placeholder();
    if (value == null) {
      if (placeholder.required()) {
        problems.add(
            "No value for "
                + placeholder.token()
                + " ("
                + placeholder.filledWith()
                + ") was given");
      }
      return "";
    }
    String badCharacter = firstNonXmlCharacter(value);
    if (badCharacter != null) {
      problems.add(
          "The value for "
              + placeholder.token()
              + " contains the character "
              + badCharacter
              + ", which XML 1.0 does not allow");
      return "";
    }
    switch (placeholder) {
      case SEEDS -> {
        if (value.isBlank()) {
          problems.add("The value for " + placeholder.token() + " is blank: a job needs seeds");
        }
      }
      case WARC_PREFIX -> {
        if (!WARC_PREFIX.matcher(value).matches()) {
          problems.add(
              "The value for "
                  + placeholder.token()
                  + " '"
                  + value
                  + "' is not a usable WARC file name prefix: use 1 to 100 letters, digits, '.',"
                  + " '_' or '-', starting with a letter or digit, e.g. 42-7");
        }
      }
      case WARC_DIRECTORY -> {
        if (value.isBlank() || value.contains("\n") || value.contains("\r")) {
          problems.add(
              "The value for "
                  + placeholder.token()
                  + " '"
                  + value
                  + "' is not a directory: give one path, on one line");
        }
      }
      default -> {
        // Element values are checked below; the other values are free text.
      }
    }
    return switch (slot.context()) {
      case WHOLE_COMMENT -> checkedFragment(placeholder, value, namespaces, problems);
      case ATTRIBUTE -> escape(value, true);
      case TEXT -> escape(value, false);
      case CDATA -> value.replace("]]>", "]]]]><![CDATA[>");
      case COMMENT, OTHER ->
          throw new IllegalStateException(
              "a checked template has " + placeholder.token() + " in a " + slot.context());
    };
  }

  private static String checkedFragment(
      Placeholder placeholder,
      String fragment,
      Map<String, String> namespaces,
      List<String> problems) {
    StringBuilder wrapped = new StringBuilder("<").append(FRAGMENT_ELEMENT);
    namespaces.forEach(
        (prefix, uri) ->
            wrapped
                .append(prefix.isEmpty() ? " xmlns" : " xmlns:" + prefix)
                .append("=\"")
                .append(escape(uri, true))
                .append('"'));
    wrapped.append('>').append(fragment).append("</").append(FRAGMENT_ELEMENT).append('>');
    try {
      XmlDocument.parse(wrapped.toString(), "The value for " + placeholder.token());
    } catch (CrawlTemplateException e) {
      problems.add(
          e.getMessage()
              + " (it must be XML elements to insert: "
              + placeholder.filledWith()
              + ")");
    }
    return fragment;
  }

  /** Escapes text for an attribute value (either quote) or for character data. */
  static String escape(String value, boolean attribute) {
    StringBuilder out = new StringBuilder(value.length() + 16);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append(attribute ? "&quot;" : "\"");
        case '\'' -> out.append(attribute ? "&apos;" : "'");
        // A parser normalizes these to spaces in attributes, and a lone CR to LF everywhere.
        case '\t' -> out.append(attribute ? "&#9;" : "\t");
        case '\n' -> out.append(attribute ? "&#10;" : "\n");
        case '\r' -> out.append("&#13;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /** The first character XML 1.0 does not allow, as {@code U+XXXX}, or null. */
  private static String firstNonXmlCharacter(String value) {
    for (int i = 0; i < value.length(); ) {
      int c = value.codePointAt(i);
      boolean allowed =
          c == 0x9
              || c == 0xA
              || c == 0xD
              || (c >= 0x20 && c <= 0xD7FF)
              || (c >= 0xE000 && c <= 0xFFFD)
              || (c >= 0x10000 && c <= 0x10FFFF);
      if (!allowed) {
        return String.format("U+%04X at position %d", c, i);
      }
      i += Character.charCount(c);
    }
    return null;
  }
}
