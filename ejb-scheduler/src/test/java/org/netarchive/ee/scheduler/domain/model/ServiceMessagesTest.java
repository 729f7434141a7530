package org.netarchive.ee.scheduler.domain.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The services' texts ({@link Text#BUNDLE}): every key the code says is in the base file and in
 * each of the four translations, none is empty, no file has a key the code does not use, and every
 * text is a valid pattern. A failure names the file and the keys.
 */
class ServiceMessagesTest {

  private static final Path BUNDLES = Path.of("src/main/resources/org/netarchive/ee/scheduler");
  private static final Path JAVA = Path.of("src/main/java");
  private static final List<String> TRANSLATIONS = List.of("da", "de", "fr", "it");
  private static final Pattern KEY = Pattern.compile("Text\\.of\\(\\s*\"([^\"]+)\"");
  private static final Pattern ANY_CALL = Pattern.compile("Text\\.of\\(");

  private static Properties load(String file) throws IOException {
    Properties texts = new Properties();
    try (var reader = Files.newBufferedReader(BUNDLES.resolve(file), StandardCharsets.UTF_8)) {
      texts.load(reader);
    }
    return texts;
  }

  /** The keys the code says, each as the literal first argument of {@code Text.of}. */
  static Set<String> usedKeys() throws IOException {
    Set<String> used = new TreeSet<>();
    try (Stream<Path> files = Files.walk(JAVA)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String source = Files.readString(file);
        Matcher key = KEY.matcher(source);
        int keys = 0;
        while (key.find()) {
          used.add(key.group(1));
          keys++;
        }
        long calls = ANY_CALL.matcher(source).results().count();
        if (!file.endsWith("Text.java") && calls != keys) {
          fail(
              file
                  + " calls Text.of without a literal key; the keys must be literals to be checked");
        }
      }
    }
    return used;
  }

  @Test
  void givenTheCode_whenCollectingItsKeys_thenTheBaseFileHasExactlyThose() throws IOException {
    Set<String> used = usedKeys();
    Set<String> base = load("messages.properties").stringPropertyNames();

    assertThat(used).hasSizeGreaterThan(100);
    Set<String> missing = new TreeSet<>(used);
    missing.removeAll(base);
    Set<String> unused = new TreeSet<>(base);
    unused.removeAll(used);
    if (!missing.isEmpty() || !unused.isEmpty()) {
      fail(
          "messages.properties lacks the keys "
              + missing
              + " the code uses, and has the keys "
              + unused
              + " no code uses");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"da", "de", "fr", "it"})
  void givenATranslation_whenComparedWithTheBaseFile_thenItHasExactlyItsKeysNoneEmpty(
      String language) throws IOException {
    String file = "messages_" + language + ".properties";
    Properties translation = load(file);
    Set<String> expected = new TreeSet<>(load("messages.properties").stringPropertyNames());
    Set<String> actual = new TreeSet<>(translation.stringPropertyNames());
    Set<String> missing = new TreeSet<>(expected);
    missing.removeAll(actual);
    Set<String> extra = new TreeSet<>(actual);
    extra.removeAll(expected);
    Set<String> empty =
        actual.stream()
            .filter(k -> translation.getProperty(k).isBlank())
            .collect(Collectors.toCollection(TreeSet::new));
    if (!missing.isEmpty() || !extra.isEmpty() || !empty.isEmpty()) {
      fail(
          file
              + ": missing keys "
              + missing
              + ", keys the base file does not have "
              + extra
              + ", empty texts "
              + empty);
    }
  }

  @Test
  void givenTheLanguages_whenListingTheBundle_thenThereIsAFileForEachAndNoOther()
      throws IOException {
    try (Stream<Path> files = Files.list(BUNDLES)) {
      Set<String> names =
          files
              .map(f -> f.getFileName().toString())
              .filter(n -> n.startsWith("messages"))
              .collect(Collectors.toCollection(TreeSet::new));
      Set<String> expected = new TreeSet<>();
      expected.add("messages.properties");
      TRANSLATIONS.forEach(l -> expected.add("messages_" + l + ".properties"));
      assertThat(names).isEqualTo(expected);
    }
  }

  /**
   * Each text is a pattern that formats with as many arguments as the English one takes, with no
   * lone apostrophe (MessageFormat would swallow the rest of the text).
   */
  @ParameterizedTest
  @ValueSource(strings = {"", "_da", "_de", "_fr", "_it"})
  void givenTheTexts_whenFormatted_thenEachIsAValidPatternWithTheBaseFilesArguments(String suffix)
      throws IOException {
    Properties base = load("messages.properties");
    Properties texts = load("messages" + suffix + ".properties");
    Object[] arguments = {"A0", "A1", "A2", "A3", "A4"};
    for (String key : texts.stringPropertyNames()) {
      String text = texts.getProperty(key);
      String formatted = new MessageFormat(text, Locale.ROOT).format(arguments);
      assertThat(formatted).as(suffix + " " + key).doesNotContain("{");
      assertThat(text.replace("''", ""))
          .as(suffix + " " + key + " has a lone apostrophe")
          .doesNotContain("'");
      String english = new MessageFormat(base.getProperty(key), Locale.ROOT).format(arguments);
      for (int i = 0; i < arguments.length; i++) {
        if (english.contains("A" + i)) {
          assertThat(formatted).as(suffix + " " + key + " says argument " + i).contains("A" + i);
        }
      }
    }
  }
}
