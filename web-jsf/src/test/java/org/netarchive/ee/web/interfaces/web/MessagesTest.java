package org.netarchive.ee.web.interfaces.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The UI's texts: English and Danish complete, and every key the pages and beans use there. */
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

  @ParameterizedTest
  @ValueSource(strings = {"messages", "validation"})
  void givenBundles_whenComparingLanguages_thenDanishHasEveryEnglishKeyAndNoOther(String bundle)
      throws IOException {
    Properties english = load(bundle + ".properties");
    Properties danish = load(bundle + "_da.properties");

    assertThat(new TreeSet<>(danish.stringPropertyNames()))
        .isEqualTo(new TreeSet<>(english.stringPropertyNames()));
    assertThat(load(bundle + "_en.properties")).isEmpty();
    for (Properties texts : new Properties[] {english, danish}) {
      texts.forEach((key, value) -> assertThat((String) value).as((String) key).isNotBlank());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"messages.properties", "messages_da.properties"})
  void givenTextsWithArguments_whenFormatted_thenTheyAreValidPatternsWithoutStrayQuotes(String file)
      throws IOException {
    Properties texts = load(file);
    for (String key : texts.stringPropertyNames()) {
      String text = texts.getProperty(key);
      if (key.equals("list.pageReport")) {
        continue; // PrimeFaces' own placeholders, not a MessageFormat pattern
      }
      if (text.matches("(?s).*\\{[0-9].*")) {
        String formatted = new MessageFormat(text, Locale.ROOT).format(new Object[] {1, 2, 3, 4});
        assertThat(formatted).as(key).doesNotContain("{");
        assertThat(text.replace("''", "")).as(key + " has a lone apostrophe").doesNotContain("'");
      } else {
        assertThat(text).as(key + " is shown as it is; write one apostrophe").doesNotContain("''");
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
