package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ArchiveRequestException;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.message.BatchReply;
import org.netarchive.ee.common.message.GetRecordReply;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.cdx.CdxWriter;

/**
 * Reading the archive through the real broker, repository and bitarchives: get record returns the
 * exact bytes at an offset and refuses an offset that is not a record start, get file returns the
 * whole file from a named or any replica, batch CDX matches jwarc's CDX of the same files, and an
 * unknown file, replica or batch job is answered with a reason.
 *
 * <p>Tagged database-neutral: reads go through the broker and the bitarchives' disks; the archive's
 * records are ArchiveStoreIT's work on PostgreSQL.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ArchiveAccessIT {

  @TempDir Path dir;

  private ArchiveFixtures fixtures;
  private ArchiveClient client;
  private String prefix;

  @BeforeEach
  void connect() throws IOException {
    fixtures = new ArchiveFixtures();
    client = fixtures.client(0);
    prefix = "7-" + UUID.randomUUID().toString().substring(0, 8);
  }

  @AfterEach
  void disconnect() {
    fixtures.close();
  }

  private Path warc(String name, WarcCompression compression) throws IOException {
    return ArchiveFixtures.warc(dir.resolve(name), compression, 5, name);
  }

  private static List<Long> offsets(Path file) throws IOException {
    return WarcFixtures.offsets(file);
  }

  @Test
  void givenStoredWarc_whenGettingARecord_thenExactBytesAtThatOffset() throws IOException {
    Path file = warc(prefix + "-r.warc.gz", WarcCompression.GZIP);
    client.store(file);
    List<Long> offsets = offsets(file);
    Path record = dir.resolve("record");

    GetRecordReply reply =
        client.getRecord(file.getFileName().toString(), offsets.get(2), null, record);

    assertThat(reply.recordType()).isEqualTo("response");
    assertThat(Files.readAllBytes(record))
        .isEqualTo(
            Arrays.copyOfRange(
                Files.readAllBytes(file), offsets.get(2).intValue(), offsets.get(3).intValue()));
  }

  @Test
  void givenOffsetInsideARecord_whenGettingARecord_thenRefusedWithTheReason() throws IOException {
    Path file = warc(prefix + "-x.warc", WarcCompression.NONE);
    client.store(file);
    long inside = offsets(file).get(1) + 7;
    Path record = dir.resolve("record");

    assertThatThrownBy(() -> client.getRecord(file.getFileName().toString(), inside, "TWO", record))
        .isInstanceOf(ArchiveRequestException.class)
        .hasMessageContaining("No WARC or ARC record starts at offset " + inside);
    assertThat(record).doesNotExist();
  }

  @Test
  void givenStoredFile_whenGettingItFromANamedOrAnyReplica_thenTheSameBytes() throws IOException {
    Path file = warc(prefix + "-f.warc.gz", WarcCompression.GZIP);
    client.store(file);
    String name = file.getFileName().toString();

    assertThat(client.getFile(name, "TWO", dir.resolve("from-two")).replicaId()).isEqualTo("TWO");
    assertThat(client.getFile(name, null, dir.resolve("from-any")).replicaId()).isEqualTo("ONE");

    String sha512 = ChecksumAlgorithm.SHA512.of(file);
    assertThat(ChecksumAlgorithm.SHA512.of(dir.resolve("from-two"))).isEqualTo(sha512);
    assertThat(ChecksumAlgorithm.SHA512.of(dir.resolve("from-any"))).isEqualTo(sha512);
  }

  @Test
  void givenUnknownFileOrReplica_whenGettingAFile_thenRefusedWithTheReason() {
    assertThatThrownBy(() -> client.getFile(prefix + "-none.warc", null, dir.resolve("a")))
        .isInstanceOf(ArchiveRequestException.class)
        .hasMessageContaining("unknown file '" + prefix + "-none.warc'");
    assertThatThrownBy(() -> client.getFile(prefix + "-none.warc", "THREE", dir.resolve("b")))
        .isInstanceOf(ArchiveRequestException.class)
        .hasMessageContaining("unknown replica 'THREE'; the replicas are [ONE, TWO]");
  }

  @Test
  void givenStoredWarcs_whenRunningBatchCdx_thenResultIsJwarcsCdxOfTheSameFiles()
      throws IOException {
    Path first = warc(prefix + "-a.warc.gz", WarcCompression.GZIP);
    Path second = warc(prefix + "-b.warc", WarcCompression.NONE);
    client.store(first);
    client.store(second);
    Path result = dir.resolve("cdx");

    BatchReply reply =
        client.batch("cdx", Map.of(), java.util.regex.Pattern.quote(prefix) + ".*", "ONE", result);

    assertThat(reply.filesProcessed()).isEqualTo(2);
    assertThat(reply.fileFailures()).isEmpty();
    StringWriter expected = new StringWriter();
    CdxWriter cdx = new CdxWriter(expected);
    cdx.process(List.of(first), false);
    cdx.process(List.of(second), false);
    assertThat(Files.readString(result)).isEqualTo(expected.toString()).isNotEmpty();
  }

  @Test
  void givenUnknownBatchJob_whenRunning_thenRefusedNamingTheJobs() {
    assertThatThrownBy(() -> client.batch("RunMyCode", Map.of(), null, "ONE", dir.resolve("r")))
        .isInstanceOf(ArchiveRequestException.class)
        .hasMessageContaining("There is no batch job 'RunMyCode'; the batch jobs are [cdx,");
  }
}
