package org.netarchive.ee.scheduler.domain.model;

import java.io.Serializable;
import java.text.MessageFormat;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.ResourceBundle;

/**
 * A sentence the services or the domain model say to a person (a refusal, a not-found), kept as a
 * key of the services' bundle ({@value #BUNDLE}) with its arguments, so that it can be said in any
 * of the UI's languages. Its English ({@link #english()}) is what exceptions give as their message
 * and what the REST API and the logs show. An argument is a value (kept as text, so numbers read as
 * the English message always wrote them, without grouping) or a {@code Text} itself, such as
 * "configuration 'x' of domain 'y'", said in the same language.
 *
 * <p>The bundle's base file is English; a language without a file, or a key a file lacks, falls
 * back to it (never to the server's own locale). Tests in ejb-scheduler fail the build when a key
 * used in the code is missing or empty in one of the languages.
 */
public final class Text implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The base name of the services' bundle. */
  public static final String BUNDLE = "org.netarchive.ee.scheduler.messages";

  private static final ResourceBundle.Control NO_FALLBACK =
      ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES);

  private final String key;
  private final Serializable[] arguments;

  private Text(String key, Serializable[] arguments) {
    this.key = key;
    this.arguments = arguments;
  }

  /**
   * The text of {@code key} with {@code arguments} put into its {@link MessageFormat} pattern; an
   * argument that is not a {@code Text} is kept as {@link String#valueOf(Object)} gives it.
   */
  public static Text of(String key, Object... arguments) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(arguments, "arguments");
    return new Text(
        key,
        Arrays.stream(arguments)
            .map(a -> a instanceof Text t ? t : String.valueOf(a))
            .toArray(Serializable[]::new));
  }

  /**
   * Text that is the same in every language, for a caller that has only English words for a thing
   * (such as an import naming what it read); it is said as it is.
   */
  public static Text verbatim(String text) {
    return new Text(null, new Serializable[] {String.valueOf(text)});
  }

  /** Texts said one after the other, separated by a comma, e.g. "hour of day, minute of hour". */
  public static Text joined(java.util.Collection<Text> parts) {
    return new Text(null, parts.toArray(Serializable[]::new));
  }

  /** The key in the bundle, e.g. {@code "domain.exists"}; {@code null} for a verbatim text. */
  public String key() {
    return key;
  }

  /** The arguments, each a {@link String} or a {@code Text}. */
  public List<Object> arguments() {
    return List.of((Object[]) arguments);
  }

  /** The arguments as English text, in order. */
  public List<String> englishArguments() {
    return Arrays.stream(arguments)
        .map(a -> a instanceof Text t ? t.english() : (String) a)
        .toList();
  }

  /** As the base (English) file says it: the message of exceptions, REST answers and logs. */
  public String english() {
    return in(Locale.ROOT);
  }

  /** As {@code locale}'s file of the bundle says it, the base file where it has none. */
  public String in(Locale locale) {
    return in(ResourceBundle.getBundle(BUNDLE, locale, Text.class.getClassLoader(), NO_FALLBACK));
  }

  /** As {@code bundle} says it, its arguments that are texts from the same bundle. */
  public String in(ResourceBundle bundle) {
    if (key == null) {
      return String.join(
          ", ",
          Arrays.stream(arguments)
              .map(a -> a instanceof Text t ? t.in(bundle) : (String) a)
              .toList());
    }
    Object[] said =
        Arrays.stream(arguments).map(a -> a instanceof Text t ? t.in(bundle) : a).toArray();
    return new MessageFormat(bundle.getString(key), bundle.getLocale()).format(said);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Text t
        && Objects.equals(key, t.key)
        && Arrays.equals(arguments, t.arguments);
  }

  @Override
  public int hashCode() {
    return 31 * Objects.hashCode(key) + Arrays.hashCode(arguments);
  }

  /** The English, so that a text concatenated into a log line reads as it always did. */
  @Override
  public String toString() {
    return english();
  }
}
