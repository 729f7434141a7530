package org.netarchive.ee.agent.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchiveCommandTest {

  private static final Map<String, String> ENV = Map.of("NAS_AGENT_PASSWORD", "secret");

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(Map<String, String> env, String... args) {
    return ArchiveCommand.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8),
        env);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void givenHelp_whenRun_thenUsageOnStandardOutputAndExitZero() {
    assertThat(run(ENV, "--help")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .startsWith("Usage: netarchive-archive")
        .contains("get-record NAME OFFSET TARGET")
        .contains("Exit codes:");
  }

  @Test
  void givenNoOrUnknownCommand_whenRun_thenUsageErrorExitTwo() {
    assertThat(run(ENV)).isEqualTo(2);
    assertThat(err()).contains("No command given").contains("Usage:");
    assertThat(run(ENV, "delete", "x")).isEqualTo(2);
    assertThat(err()).contains("Unknown command 'delete'");
  }

  @Test
  void givenWrongArguments_whenRun_thenTheProblemIsNamed() {
    assertThat(run(ENV, "get-record", "a.warc", "-5", "out")).isEqualTo(2);
    assertThat(err()).contains("OFFSET must be a whole number of at least 0, got '-5'");
    assertThat(run(ENV, "get-file", "a.warc")).isEqualTo(2);
    assertThat(err()).contains("get-file needs NAME TARGET, got 1 arguments [a.warc]");
    assertThat(run(ENV, "batch", "cdx", "out")).isEqualTo(2);
    assertThat(err()).contains("batch needs --replica");
    assertThat(run(ENV, "--param", "oops", "batch", "cdx", "out")).isEqualTo(2);
    assertThat(err()).contains("--param wants NAME=VALUE, got 'oops'");
    assertThat(run(ENV, "--timeout")).isEqualTo(2);
    assertThat(err()).contains("Option --timeout needs a value");
    assertThat(run(ENV, "--frobnicate", "upload", "x")).isEqualTo(2);
    assertThat(err()).contains("Unknown option '--frobnicate'");
  }

  @Test
  void givenRemoveAndGetWithoutItsSafeguards_whenRun_thenUsageErrorNamesTheMissingOne() {
    String sha = "ab".repeat(64);
    assertThat(run(ENV, "remove-and-get", "a.warc", "bad.warc")).isEqualTo(2);
    assertThat(err()).contains("remove-and-get needs --replica");
    assertThat(run(ENV, "--replica", "TWO", "remove-and-get", "a.warc", "bad.warc")).isEqualTo(2);
    assertThat(err()).contains("remove-and-get needs --bad-checksum");
    String[] noCredentials = {
      "--replica", "TWO", "--bad-checksum", sha, "remove-and-get", "a.warc", "bad.warc"
    };
    assertThat(run(ENV, noCredentials)).isEqualTo(2);
    assertThat(err()).contains("set NAS_ARCHIVE_CORRECT_CREDENTIALS or give --credentials-file");
  }

  @Test
  void givenNoPassword_whenRun_thenUsageErrorSaysWhereToPutIt() {
    assertThat(run(Map.of(), "upload", "x.warc")).isEqualTo(2);
    assertThat(err()).contains("set NAS_AGENT_PASSWORD or give --password-file FILE");
  }

  @Test
  void givenPasswordFileAndOptions_whenParsing_thenTheyAreUsed(@TempDir Path dir) throws Exception {
    Path secret = Files.writeString(dir.resolve("pw"), "from-file\n");

    CommandLine line =
        CommandLine.parse(
            new String[] {
              "--password-file",
              secret.toString(),
              "--replica",
              "TWO",
              "--files",
              "1-.*",
              "--param",
              "algorithm=MD5",
              "--timeout",
              "30",
              "--local",
              "batch",
              "checksum",
              "result.txt"
            },
            Map.of("NAS_BROKER_URL", "tcp://10.0.0.1:61616"));

    assertThat(line.password()).isEqualTo("from-file");
    assertThat(line.broker()).isEqualTo("tcp://10.0.0.1:61616");
    assertThat(line.replica()).isEqualTo("TWO");
    assertThat(line.filePattern()).isEqualTo("1-.*");
    assertThat(line.parameters()).containsExactly(Map.entry("algorithm", "MD5"));
    assertThat(line.timeout()).hasSeconds(30);
    assertThat(line.local()).isTrue();
    assertThat(CommandLine.parse(new String[] {"upload", "x"}, ENV).local()).isFalse();
    assertThat(line.arguments()).containsExactly("checksum", "result.txt");
  }

  @Test
  void givenUnreachableBroker_whenUploading_thenExitThreeNamingTheProblem(@TempDir Path dir)
      throws Exception {
    Path file = Files.writeString(dir.resolve("1-1-x.warc"), "WARC/1.0\r\n");

    int code =
        run(
            ENV,
            "--broker",
            "tcp://127.0.0.1:1?reconnectAttempts=0&initialConnectAttempts=1",
            "--timeout",
            "2",
            "upload",
            file.toString());

    assertThat(code).isEqualTo(3);
    assertThat(err()).contains("Cannot talk to the archive about '1-1-x.warc'");
    assertThat(file).exists();
  }

  @Test
  void givenInvalidEnvironment_whenRun_thenUsageError() {
    assertThat(run(ENV, "--environment", "dev!", "upload", "x")).isEqualTo(2);
    assertThat(err()).contains("invalid environment name 'dev!'");
  }
}
