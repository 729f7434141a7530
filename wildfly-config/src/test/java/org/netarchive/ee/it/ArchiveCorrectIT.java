package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ArchiveRequestException;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.message.CrawlStopReason;
import org.netarchive.ee.common.message.DomainStatistics;
import org.netarchive.ee.common.message.JobFinished;
import org.netarchive.ee.common.message.JobOutcome;
import org.netarchive.ee.common.message.JobStarted;
import org.netarchive.ee.common.message.RemoveAndGetFileReply;
import org.netpreserve.jwarc.WarcCompression;

/**
 * The credentialed correct operation: a replica's copy damaged on disk is removed and handed over
 * only with the configured credentials and its exact bad checksum, kept in the attic, and storing
 * the good file again puts a good copy back (NAS_ARCHIVE_CORRECT_CREDENTIALS of the failsafe
 * configuration).
 *
 * <p>Tagged database-neutral: a correction's records are PreservationIT's repairs on PostgreSQL.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ArchiveCorrectIT {

  private static final String CREDENTIALS = "it-correct-Secret-1";

  @TempDir Path dir;

  @Test
  void givenDamagedCopy_whenRemovedWithCredentialsAndItsChecksum_thenHandedOverAndRestorable()
      throws Exception {
    try (ArchiveFixtures fixtures = new ArchiveFixtures()) {
      ArchiveClient client = fixtures.client(0);
      String name = "1-1-" + UUID.randomUUID().toString().substring(0, 8) + "-damaged.warc.gz";
      Path good = ArchiveFixtures.warc(dir.resolve(name), WarcCompression.GZIP, 5, "damaged");
      String goodSha = ChecksumAlgorithm.SHA512.of(good);
      client.store(good);

      // Bit rot in replica TWO's copy.
      Path copy = ArchiveFixtures.archived("TWO", name);
      byte[] damaged = Files.readAllBytes(copy);
      damaged[damaged.length / 2] ^= 0x20;
      assertThat(copy.toFile().setWritable(true)).isTrue();
      Files.write(copy, damaged);
      assertThat(copy.toFile().setReadOnly()).isTrue();
      String badSha = ChecksumAlgorithm.SHA512.of(copy);

      assertThatThrownBy(
              () ->
                  client.removeAndGetFile(name, "TWO", badSha, "guess", dir.resolve("r1.warc.gz")))
          .isInstanceOf(ArchiveRequestException.class)
          .hasMessageContaining("wrong credentials for corrections");
      assertThatThrownBy(
              () ->
                  client.removeAndGetFile(
                      name, "TWO", goodSha, CREDENTIALS, dir.resolve("r2.warc.gz")))
          .isInstanceOf(ArchiveRequestException.class)
          .hasMessageContaining("a good copy is never removed");
      String other = "ab".repeat(64);
      assertThatThrownBy(
              () ->
                  client.removeAndGetFile(
                      name, "TWO", other, CREDENTIALS, dir.resolve("r3.warc.gz")))
          .isInstanceOf(ArchiveRequestException.class)
          .hasMessageContaining("has SHA-512 " + badSha + ", not the given bad " + other)
          .hasMessageContaining("nothing removed");
      assertThat(copy).as("nothing removed after a refusal").isRegularFile();

      Path handedOver = dir.resolve("removed.warc.gz");
      RemoveAndGetFileReply removed =
          client.removeAndGetFile(name, "TWO", badSha, CREDENTIALS, handedOver);

      assertThat(removed.sha512()).isEqualTo(badSha);
      assertThat(Files.readAllBytes(handedOver)).isEqualTo(damaged);
      assertThat(copy).doesNotExist();
      Path attic = ArchiveFixtures.bitarchive("TWO").resolve("atticdir");
      try (Stream<Path> kept = Files.list(attic)) {
        assertThat(kept.filter(p -> p.getFileName().toString().startsWith(name + ".")))
            .singleElement()
            .satisfies(p -> assertThat(ChecksumAlgorithm.SHA512.of(p)).isEqualTo(badSha));
      }
      assertThat(ChecksumAlgorithm.SHA512.of(ArchiveFixtures.archived("ONE", name)))
          .as("the other replica is untouched")
          .isEqualTo(goodSha);

      // The repository recorded the removal: storing the good file again uploads a good copy.
      client.store(good);
      assertThat(ChecksumAlgorithm.SHA512.of(copy)).isEqualTo(goodSha);
    }
  }

  @Test
  void givenAFileLaterRevisitsDependOn_whenItsLastGoodCopyWouldGo_thenRefusedNamingTheJobs()
      throws Exception {
    try (ArchiveFixtures fixtures = new ArchiveFixtures();
        RemoteAgent agent = new RemoteAgent()) {
      ArchiveClient client = fixtures.client(0);
      String name = "1-1-" + UUID.randomUUID().toString().substring(0, 8) + "-original.warc.gz";
      Path good = ArchiveFixtures.warc(dir.resolve(name), WarcCompression.GZIP, 5, "original");
      client.store(good);
      long jobId = finishedJobRevisiting(agent, name);

      // Both copies rot; each replica's bad copy is removed in turn.
      String badOne = damage("ONE", name);
      String badTwo = damage("TWO", name);
      client.removeAndGetFile(name, "ONE", badOne, CREDENTIALS, dir.resolve("one.warc.gz"));

      assertThatThrownBy(
              () ->
                  client.removeAndGetFile(
                      name, "TWO", badTwo, CREDENTIALS, dir.resolve("two.warc.gz")))
          .isInstanceOf(ArchiveRequestException.class)
          .hasMessageContaining(
              "'" + name + "' holds the originals of revisit records of job(s) " + jobId)
          .hasMessageContaining("Store a good copy in another replica first");
      assertThat(ArchiveFixtures.archived("TWO", name)).as("nothing removed").isRegularFile();

      client.store(good); // a good copy back in replica ONE
      client.removeAndGetFile(name, "TWO", badTwo, CREDENTIALS, dir.resolve("two.warc.gz"));
      assertThat(ArchiveFixtures.archived("TWO", name)).doesNotExist();
    }
  }

  /** A job whose final report says its revisits point into an archived file. */
  private static long finishedJobRevisiting(RemoteAgent agent, String file) throws Exception {
    ScheduledHarvests harvests = new ScheduledHarvests(Api.admin());
    String harvest = ScheduledHarvests.unique("Revisits ");
    String domain = ScheduledHarvests.unique("it-revisit-") + ".dk";
    harvests.createHarvest(harvest, harvests.newChannel(), "Once");
    harvests.addSeeds(harvest, "", List.of(domain));
    harvests.activate(harvest);
    long jobId =
        harvests
            .awaitJobs(harvest, js -> ScheduledHarvests.allIn(js, "SUBMITTED"))
            .get(0)
            .getJsonNumber("id")
            .longValue();
    Instant started = Instant.now();
    agent.report(new JobStarted(jobId, "it-agent", started));
    agent.report(
        new JobFinished(
            jobId,
            "it-agent",
            started.plusSeconds(30),
            JobOutcome.DONE,
            null,
            null,
            null,
            null,
            List.of(
                new DomainStatistics(
                    domain, 10, 5_000, CrawlStopReason.DOWNLOAD_COMPLETE, 4L, 2_000L)),
            List.of(file)));
    harvests.awaitJob(jobId, ScheduledHarvests.inStatus("DONE"));
    return jobId;
  }

  /** Flips a bit of a replica's copy, returning the damaged copy's checksum. */
  private static String damage(String replica, String name) throws Exception {
    Path copy = ArchiveFixtures.archived(replica, name);
    byte[] damaged = Files.readAllBytes(copy);
    damaged[damaged.length / 2] ^= 0x20;
    assertThat(copy.toFile().setWritable(true)).isTrue();
    Files.write(copy, damaged);
    assertThat(copy.toFile().setReadOnly()).isTrue();
    return ChecksumAlgorithm.SHA512.of(copy);
  }
}
