package org.netarchive.ee.web.interfaces.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.scheduler.domain.model.account.Account;

/**
 * The UI's texts: every translation has exactly the keys of its base file and no empty text (a
 * missing key fails the build, naming the file and the key), and every key the pages and beans use
 * is there.
 */
class MessagesTest {

  private static final Path RESOURCES = Path.of("src/main/resources/org/netarchive/ee/web");
  private static final Path WEBAPP = Path.of("src/main/webapp");
  private static final Path JAVA = Path.of("src/main/java");

  /** Keys the pages put together from a prefix and a value. */
  private static final Set<String> COMPOSED =
      Set.of(
          "bulk.status.STARTING",
          "bulk.status.STARTED",
          "bulk.status.STOPPING",
          "bulk.status.STOPPED",
          "bulk.status.FAILED",
          "bulk.status.COMPLETED",
          "bulk.status.ABANDONED",
          "schedule.kind.REPEATING",
          "schedule.kind.ONCE",
          "schedule.unit.HOURS",
          "schedule.unit.DAYS",
          "schedule.unit.WEEKS",
          "schedule.unit.MONTHS",
          "channel.kind.SELECTIVE",
          "channel.kind.SNAPSHOT",
          "stopReason.DOWNLOAD_COMPLETE",
          "stopReason.OBJECT_LIMIT",
          "stopReason.SIZE_LIMIT",
          "stopReason.CONFIG_SIZE_LIMIT",
          "stopReason.DOWNLOAD_UNFINISHED",
          "stopReason.CONFIG_OBJECT_LIMIT",
          "stopReason.TIME_LIMIT",
          "jobStatus.NEW",
          "jobStatus.SUBMITTED",
          "jobStatus.STARTED",
          "jobStatus.DONE",
          "jobStatus.FAILED",
          "jobStatus.RESUBMITTED",
          "jobStatus.FAILED_REJECTED",
          "storeState.UPLOAD_STARTED",
          "storeState.DATA_UPLOADED",
          "storeState.UPLOAD_COMPLETED",
          "storeState.UPLOAD_FAILED",
          "checksumStatus.UNKNOWN",
          "checksumStatus.OK",
          "checksumStatus.CORRUPT",
          "taskState.WAITING",
          "taskState.RUNNING",
          "taskState.DONE",
          "taskState.FAILED",
          "archiveFiles.match.contains",
          "archiveFiles.match.prefix",
          "setting.split.configChunkSize",
          "setting.split.configChunkSize.hint",
          "setting.split.maxTotalSize",
          "setting.split.maxTotalSize.hint",
          "setting.split.maxRelativeSizeDifference",
          "setting.split.maxRelativeSizeDifference.hint",
          "setting.split.minAbsoluteSizeDifference",
          "setting.split.minAbsoluteSizeDifference.hint",
          "setting.split.errorFactorPrevResult",
          "setting.split.errorFactorPrevResult.hint",
          "setting.split.errorFactorBestGuess",
          "setting.split.errorFactorBestGuess.hint",
          "setting.split.expectedAverageBytesPerObject",
          "setting.split.expectedAverageBytesPerObject.hint",
          "setting.split.maxDomainSize",
          "setting.split.maxDomainSize.hint",
          "setting.job.timeoutSeconds",
          "setting.job.timeoutSeconds.hint",
          "setting.notifications.mailTo",
          "setting.notifications.mailTo.hint",
          "setting.notifications.webhookUrl",
          "setting.notifications.webhookUrl.hint",
          "system.notificationsTitle",
          "system.notificationsHint",
          "system.noNotifications",
          "system.subject",
          "system.mail",
          "system.webhook",
          "system.part.scheduler",
          "system.part.dispatcher",
          "system.part.archive",
          "system.partState.OK",
          "system.partState.FAILED",
          "system.partState.STARTING",
          "system.partState.MISSING",
          "system.agentState.RECOVERING",
          "system.agentState.CONNECTING",
          "system.agentState.IDLE",
          "system.agentState.CRAWLING",
          "system.agentState.UPLOADING",
          "system.agentState.PAUSED_FOR_DISK",
          "system.agentState.STOPPING",
          "system.agentState.MISSING");

  private static Properties load(String file) throws IOException {
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(RESOURCES.resolve(file));
        var reader = new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8)) {
      properties.load(reader);
    }
    return properties;
  }

  /** The languages the accounts may choose, other than the default English. */
  private static final List<String> LANGUAGES =
      Account.LANGUAGES.stream().filter(l -> !l.equals("en")).toList();

  /**
   * Every translation in the resources, as {base file, translation file}: a file {@code
   * name_xx.properties} with its {@code name.properties} (the UI's bundles and any Bean Validation
   * {@code ValidationMessages}); {@code _en} files are left out, they are empty on purpose.
   */
  static Stream<Arguments> translations() throws IOException {
    Pattern translation = Pattern.compile("(.+)_([a-z]{2})\\.properties");
    try (Stream<Path> files = Files.walk(Path.of("src/main/resources"))) {
      return files
          .map(f -> Map.entry(f, translation.matcher(f.getFileName().toString())))
          .filter(e -> e.getValue().matches() && !e.getValue().group(2).equals("en"))
          .map(
              e ->
                  Arguments.of(
                      e.getKey().resolveSibling(e.getValue().group(1) + ".properties"), e.getKey()))
          .sorted(Comparator.comparing(a -> a.get()[1].toString()))
          .toList()
          .stream();
    }
  }

  private static Properties loadFile(Path file) throws IOException {
    Properties properties = new Properties();
    try (var reader = Files.newBufferedReader(file, java.nio.charset.StandardCharsets.UTF_8)) {
      properties.load(reader);
    }
    return properties;
  }

  @Test
  void givenTheLanguagesOffered_whenListingTranslations_thenEachHasBothBundlesAndFacesOffersThem()
      throws IOException {
    Set<String> found =
        translations()
            .map(a -> ((Path) a.get()[1]).getFileName().toString())
            .collect(Collectors.toCollection(TreeSet::new));
    for (String language : LANGUAGES) {
      assertThat(found).contains("messages_" + language + ".properties");
      assertThat(found).contains("validation_" + language + ".properties");
    }
    String facesConfig = Files.readString(WEBAPP.resolve("WEB-INF/faces-config.xml"));
    Matcher offered =
        Pattern.compile("<supported-locale>([^<]+)</supported-locale>").matcher(facesConfig);
    List<String> locales = new java.util.ArrayList<>();
    while (offered.find()) {
      locales.add(offered.group(1));
    }
    assertThat(locales)
        .as("faces-config's locales and Account.LANGUAGES")
        .isEqualTo(Account.LANGUAGES);
  }

  /**
   * A key missing from a translation would show the user a key or an English text: the build fails
   * instead, naming the file and the keys it lacks (or has that the base file does not).
   */
  @ParameterizedTest(name = "{1}")
  @MethodSource("translations")
  void givenATranslation_whenComparedWithItsBaseFile_thenItHasExactlyTheSameKeys(
      Path base, Path translation) throws IOException {
    Set<String> expected = new TreeSet<>(loadFile(base).stringPropertyNames());
    Set<String> actual = new TreeSet<>(loadFile(translation).stringPropertyNames());

    Set<String> missing = new TreeSet<>(expected);
    missing.removeAll(actual);
    Set<String> extra = new TreeSet<>(actual);
    extra.removeAll(expected);
    if (!missing.isEmpty() || !extra.isEmpty()) {
      fail(
          translation
              + " differs from "
              + base.getFileName()
              + ": missing keys "
              + missing
              + ", keys the base file does not have "
              + extra);
    }
  }

  /** An empty text would show the user a blank; the build fails, naming the file and the keys. */
  @ParameterizedTest(name = "{1}")
  @MethodSource("translations")
  void givenATranslationAndItsBaseFile_whenReadingTheTexts_thenNoneIsEmpty(
      Path base, Path translation) throws IOException {
    for (Path file : List.of(base, translation)) {
      Properties texts = loadFile(file);
      Set<String> empty =
          texts.stringPropertyNames().stream()
              .filter(k -> texts.getProperty(k).isBlank())
              .collect(Collectors.toCollection(TreeSet::new));
      if (!empty.isEmpty()) {
        fail(file + " has empty texts for the keys " + empty);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"messages", "validation"})
  void givenTheEnglishBundle_whenLookedUpAsEn_thenItIsTheBaseFileAlone(String bundle)
      throws IOException {
    assertThat(load(bundle + "_en.properties")).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "messages.properties",
        "messages_da.properties",
        "messages_de.properties",
        "messages_fr.properties",
        "messages_it.properties",
        "validation.properties",
        "validation_da.properties",
        "validation_de.properties",
        "validation_fr.properties",
        "validation_it.properties"
      })
  void givenTextsWithArguments_whenFormatted_thenTheyAreValidPatternsWithoutStrayQuotes(String file)
      throws IOException {
    Properties texts = load(file);
    for (String key : texts.stringPropertyNames()) {
      String text = texts.getProperty(key);
      if (key.startsWith("list.pageReport")) {
        continue; // PrimeFaces' own placeholders, not a MessageFormat pattern
      }
      if (text.matches("(?s).*\\{[0-9].*")) {
        String formatted = new MessageFormat(text, Locale.ROOT).format(new Object[] {1, 2, 3, 4});
        assertThat(formatted).as(file + ": " + key).doesNotContain("{");
        assertThat(text.replace("''", ""))
            .as(file + ": " + key + " has a lone apostrophe")
            .doesNotContain("'");
      } else {
        assertThat(text)
            .as(file + ": " + key + " is shown as it is; write one apostrophe")
            .doesNotContain("''");
      }
    }
  }

  @Test
  void givenPagesAndBeans_whenCollectingTheKeysTheyUse_thenEachIsInTheBundle() throws IOException {
    Set<String> keys = load("messages.properties").stringPropertyNames();
    Set<String> used = new TreeSet<>(COMPOSED);
    collect(WEBAPP, ".xhtml", Pattern.compile("msg\\['([^']+)'\\]"), used);
    collect(JAVA, ".java", Pattern.compile("Texts\\.text\\(\\s*\"([^\"]+)\""), used);

    assertThat(used).hasSizeGreaterThan(100);
    assertThat(keys).containsAll(used);
  }

  private static void collect(Path root, String suffix, Pattern key, Set<String> into)
      throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(f -> f.toString().endsWith(suffix)).toList()) {
        Matcher m = key.matcher(Files.readString(file));
        while (m.find()) {
          into.add(m.group(1));
        }
      }
    }
  }
}
