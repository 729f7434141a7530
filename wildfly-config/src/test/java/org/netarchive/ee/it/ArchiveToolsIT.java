package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcCompression;

/**
 * The packaged command-line tools ({@code bin/netarchive-archive} of the agent distribution) as an
 * operator runs them against the server: upload, get-record and batch, with their exit codes.
 *
 * <p>Tagged database-neutral: the tools talk to the broker and read files; the archive's own
 * records are ArchiveStoreIT's and ArchiveCrashIT's work on PostgreSQL.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ArchiveToolsIT {

  @TempDir Path dir;

  private record Result(int exitCode, String out, String err) {}

  private Result tool(String... args) throws IOException, InterruptedException {
    Path launcher = Path.of(System.getProperty("agent.home"), "bin", "netarchive-archive");
    assertThat(launcher).as("the agent distribution, unpacked by the build").isRegularFile();
    List<String> command = new ArrayList<>();
    command.add("bash");
    command.add(launcher.toString());
    command.add("--broker");
    command.add(ServerUnderTest.BROKER);
    command.add("--timeout");
    command.add("60");
    command.addAll(Arrays.asList(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    builder.environment().put("NAS_AGENT_PASSWORD", ServerUnderTest.agentPassword());
    builder.redirectOutput(dir.resolve("out.txt").toFile());
    builder.redirectError(dir.resolve("err.txt").toFile());
    Process process = builder.start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("the tool finishes").isTrue();
    return new Result(
        process.exitValue(),
        Files.readString(dir.resolve("out.txt")),
        Files.readString(dir.resolve("err.txt")));
  }

  @Test
  void givenWarc_whenUploadedAndReadWithTheTools_thenExitCodesAndBytesAreRight() throws Exception {
    String name = "9-" + UUID.randomUUID().toString().substring(0, 8) + "-tools.warc";
    Path file = ArchiveFixtures.warc(dir.resolve(name), WarcCompression.NONE, 3, "tools");
    List<Long> offsets = WarcFixtures.offsets(file);
    byte[] original = Files.readAllBytes(file);

    Result upload = tool("upload", "--delete", file.toString());
    assertThat(upload.exitCode()).as(upload.err()).isZero();
    assertThat(upload.out()).contains("stored and deleted");
    assertThat(file).doesNotExist();

    Path record = dir.resolve("record.warc");
    Result get =
        tool("--replica", "TWO", "get-record", name, offsets.get(1).toString(), record.toString());
    assertThat(get.exitCode()).as(get.err()).isZero();
    assertThat(Files.readAllBytes(record))
        .isEqualTo(
            Arrays.copyOfRange(original, offsets.get(1).intValue(), offsets.get(2).intValue()));

    Result notARecord =
        tool("get-record", name, String.valueOf(offsets.get(1) + 3), dir.resolve("r2").toString());
    assertThat(notARecord.exitCode()).isEqualTo(1);
    assertThat(notARecord.err()).contains("No WARC or ARC record starts at offset");

    Path list = dir.resolve("list.txt");
    Result batch = tool("--replica", "ONE", "--files", name, "batch", "checksum", list.toString());
    assertThat(batch.exitCode()).as(batch.err()).isZero();
    assertThat(Files.readString(list)).startsWith(name + "##");

    Result unknownJob = tool("--replica", "ONE", "batch", "evil", dir.resolve("x").toString());
    assertThat(unknownJob.exitCode()).isEqualTo(1);
    assertThat(unknownJob.err()).contains("There is no batch job 'evil'");
  }

  @Test
  void givenLocalOption_whenUploading_thenOnlyAFileUnderTheLocalReadDirectoryIsAccepted()
      throws Exception {
    String name = "9-" + UUID.randomUUID().toString().substring(0, 8) + "-local.warc";
    Path inside =
        ArchiveFixtures.warc(
            ArchiveFixtures.localReadDirectory().resolve(name), WarcCompression.NONE, 2, "local");

    Result stored = tool("--local", "upload", "--delete", inside.toString());

    assertThat(stored.exitCode()).as(stored.err()).isZero();
    assertThat(inside).doesNotExist();

    String other = "9-" + UUID.randomUUID().toString().substring(0, 8) + "-elsewhere.warc";
    Path outside = ArchiveFixtures.warc(dir.resolve(other), WarcCompression.NONE, 2, "elsewhere");

    Result refused = tool("--local", "--retries", "0", "upload", outside.toString());

    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err())
        .contains("Refused to read the offered local path '" + outside + "' directly");
    assertThat(outside).exists();

    Result overHttp = tool("upload", outside.toString());
    assertThat(overHttp.exitCode()).as(overHttp.err()).isZero();
  }
}
