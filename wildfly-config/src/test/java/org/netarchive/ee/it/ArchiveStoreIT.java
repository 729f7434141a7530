package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.TextMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ArchiveStoreException;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.RemoteFiles;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.RemoteFileRef;
import org.netarchive.ee.common.message.StoreReply;
import org.netarchive.ee.common.message.StoreRequest;
import org.netpreserve.jwarc.WarcCompression;

/**
 * Stores through the real broker, repository and bitarchives of the provisioned server, with the
 * archive client as the harvester agent uses it: a WARC reaches both replicas with equal checksums
 * and OK, the same name with another checksum is refused, a replica that cannot take the file gives
 * NOT OK and a later store completes, a path-traversal name is refused, and the client's file is
 * deleted only after OK.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ArchiveStoreIT {

  private static final List<String> REPLICAS = List.of("ONE", "TWO");

  @TempDir Path dir;

  private ArchiveFixtures fixtures;
  private ArchiveClient client;

  @BeforeEach
  void connect() throws IOException {
    fixtures = new ArchiveFixtures();
    client = fixtures.client(1);
  }

  @AfterEach
  void disconnect() {
    fixtures.close();
  }

  private ArchiveClient archiveClient(int retries) {
    return fixtures.client(retries);
  }

  private Path warc(String name, String marker) throws IOException {
    return ArchiveFixtures.warc(dir.resolve(name), WarcCompression.GZIP, 20, marker);
  }

  private static Path archived(String replica, String name) {
    return ArchiveFixtures.archived(replica, name);
  }

  private static String unique(String suffix) {
    return "1-1-" + UUID.randomUUID().toString().substring(0, 8) + suffix;
  }

  @Test
  void givenWarc_whenStoredAndDeleted_thenBothReplicasHoldItReadOnlyWithItsChecksum()
      throws IOException {
    String name = unique("-host.warc.gz");
    Path file = warc(name, "first");
    String sha512 = ChecksumAlgorithm.SHA512.of(file);

    client.storeAndDelete(file);

    assertThat(file).doesNotExist();
    for (String replica : REPLICAS) {
      Path copy = archived(replica, name);
      assertThat(copy).as("copy in replica " + replica).isRegularFile();
      assertThat(ChecksumAlgorithm.SHA512.of(copy)).isEqualTo(sha512);
      assertThat(Files.getPosixFilePermissions(copy))
          .isEqualTo(PosixFilePermissions.fromString("r--r--r--"));
    }
    assertThat(tempFiles()).isEmpty();
  }

  @Test
  void givenStoredFile_whenStoredAgain_thenOkAtOnceAndWhenOtherContentSameName_thenRefused()
      throws IOException {
    String name = unique("-again.warc.gz");
    Path file = warc(name, "original");
    client.store(file);

    assertThat(client.store(file)).isEqualTo(ChecksumAlgorithm.SHA512.of(file));

    Path other = dir.resolve("other");
    Files.createDirectories(other);
    Path impostor = warc("other/" + name, "impostor");
    assertThatThrownBy(() -> archiveClient(0).storeAndDelete(impostor))
        .isInstanceOf(ArchiveStoreException.class)
        .hasMessageContaining(
            "'" + name + "' is archived already with SHA-512 " + ChecksumAlgorithm.SHA512.of(file));
    assertThat(impostor).exists();
    for (String replica : REPLICAS) {
      assertThat(ChecksumAlgorithm.SHA512.of(archived(replica, name)))
          .isEqualTo(ChecksumAlgorithm.SHA512.of(file));
    }
  }

  @Test
  void givenReplicaThatCannotTakeTheFile_whenStored_thenNotOkAndALaterStoreCompletes()
      throws IOException {
    String name = unique("-blocked.warc.gz");
    Path file = warc(name, "blocked");
    // A directory in the way of the file's name in replica TWO: its uploads fail.
    Path obstacle = archived("TWO", name);
    Files.createDirectories(obstacle);

    assertThatThrownBy(() -> archiveClient(0).storeAndDelete(file))
        .isInstanceOf(ArchiveStoreException.class)
        .hasMessageContaining("replica TWO");
    assertThat(file).as("the client's file is kept after NOT OK").exists();
    assertThat(archived("ONE", name)).isRegularFile();

    Files.delete(obstacle);
    client.storeAndDelete(file);

    assertThat(file).doesNotExist();
    assertThat(ChecksumAlgorithm.SHA512.of(archived("TWO", name)))
        .isEqualTo(ChecksumAlgorithm.SHA512.of(archived("ONE", name)));
  }

  @Test
  void givenUploadRequestsDeadLettered_whenSilentReplicasAreAskedAgain_thenTheStoreCompletes()
      throws Exception {
    String name = unique("-lost.warc.gz");
    Path file = warc(name, "lost");
    String sha512 = ChecksumAlgorithm.SHA512.of(file);
    String uploads =
        "jms.queue." + ArchiveFixtures.CHANNELS.environment() + "_COMMON_BITARCHIVE_UPLOADS";
    // The broker dead-letters both replicas' upload requests, as it did that of a bitarchive node
    // killed while it ran it: the bitarchives never see them.
    assertSucceeded(
        ServerUnderTest.management(ServerUnderTest.operation("pause", runtimeQueue(uploads))));
    CompletableFuture<Void> store;
    try {
      store = CompletableFuture.runAsync(() -> storeAndDelete(file));
      await("both upload requests waiting in " + uploads)
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  assertSucceeded(
                              ServerUnderTest.management(
                                  ServerUnderTest.operation(
                                      "count-messages", runtimeQueue(uploads))))
                          .asLong()
                      >= 2);
      ModelNode dead =
          ServerUnderTest.operation("send-messages-to-dead-letter-address", runtimeQueue(uploads));
      assertThat(assertSucceeded(ServerUnderTest.management(dead)).asInt())
          .isGreaterThanOrEqualTo(2);
    } finally {
      assertSucceeded(
          ServerUnderTest.management(ServerUnderTest.operation("resume", runtimeQueue(uploads))));
    }
    assertThat(deadLetterTexts())
        .as("the lost upload requests")
        .anyMatch(text -> text.contains(name));

    Api admin = Api.admin();
    await("the store of " + name + " after its replicas are asked again")
        .atMost(Duration.ofSeconds(50))
        .pollInterval(Duration.ofSeconds(2))
        .until(
            () -> {
              HttpResponse<String> asked =
                  admin.post("/api/archive/stores/ask-again?silentForSeconds=1");
              assertThat(asked.statusCode()).as(asked.body()).isEqualTo(200);
              return store.isDone();
            });
    store.join();
    assertThat(file).doesNotExist();
    for (String replica : REPLICAS) {
      assertThat(ChecksumAlgorithm.SHA512.of(archived(replica, name))).isEqualTo(sha512);
    }
    assertThat(ServerUnderTest.serverLogText())
        .contains(
            "Asked again, silent for 1 s or more: replica ONE to upload '"
                + name
                + "' (attempt 1)");

    HttpResponse<String> refused = admin.post("/api/archive/stores/ask-again?silentForSeconds=0");
    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(refused.body())
        .contains("'silentForSeconds' must be a whole number of at least 1, was '0'");
    assertThat(Api.newAccount("curator").post("/api/archive/stores/ask-again").statusCode())
        .as("only an admin")
        .isEqualTo(403);
  }

  private void storeAndDelete(Path file) {
    try {
      client.storeAndDelete(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The management address of a queue of the broker. */
  private static String[] runtimeQueue(String queue) {
    return new String[] {
      "subsystem", "messaging-activemq", "server", "default", "runtime-queue", queue
    };
  }

  private static ModelNode assertSucceeded(ModelNode result) {
    assertThat(result.get("outcome").asString()).as(result.toString()).isEqualTo("success");
    return result.get("result");
  }

  private JMSContext agentContext() {
    return fixtures.factory.createContext(
        ServerUnderTest.AGENT, ServerUnderTest.agentPassword(), JMSContext.AUTO_ACKNOWLEDGE);
  }

  /** The texts of the messages in the dead-letter queue, browsed. */
  private List<String> deadLetterTexts() throws Exception {
    try (JMSContext context = agentContext()) {
      Queue deadLetters = context.createQueue(ArchiveFixtures.CHANNELS.deadLetters().name());
      List<String> texts = new ArrayList<>();
      try (QueueBrowser browser = context.createBrowser(deadLetters)) {
        Enumeration<?> messages = browser.getEnumeration();
        while (messages.hasMoreElements()) {
          if (messages.nextElement() instanceof TextMessage text) {
            texts.add(text.getText());
          }
        }
      }
      return texts;
    }
  }

  @Test
  void givenPathTraversalName_whenSentToTheRepository_thenDeadLetteredAndNothingWritten()
      throws Exception {
    Path file = warc(unique(".warc.gz"), "evil");
    RemoteFileRef ref = fixtures.files.offer(file);
    String marker = UUID.randomUUID().toString();
    // The records refuse such a name, so the message is written as a malicious client would.
    String json =
        MessageCodec.standard()
            .encode(new StoreRequest("evil-1", "placeholder.warc", ref))
            .replace("\"placeholder.warc\"", "\"../../../evil-" + marker + ".warc\"");
    try (JMSContext context = agentContext()) {
      TextMessage message = context.createTextMessage(json);
      message.setStringProperty("itMarker", marker);
      context
          .createProducer()
          .send(context.createQueue(ArchiveFixtures.CHANNELS.theRepos().name()), message);

      Queue deadLetters = context.createQueue(ArchiveFixtures.CHANNELS.deadLetters().name());
      try (JMSConsumer consumer =
          context.createConsumer(deadLetters, "itMarker = '" + marker + "'")) {
        TextMessage dead = (TextMessage) consumer.receive(Duration.ofSeconds(60).toMillis());
        assertThat(dead).as("the refused store in the dead-letter queue").isNotNull();
      }
    }
    assertThat(ServerUnderTest.serverLogText())
        .contains("'../../../evil-" + marker + ".warc' is not a plain file name");
    try (Stream<Path> everything = Files.walk(Path.of(System.getProperty("it.server.base")))) {
      assertThat(everything.filter(p -> p.getFileName().toString().contains(marker))).isEmpty();
    }
  }

  @Test
  void givenOfferOfALocalPathUnderTheLocalReadDirectory_whenStored_thenReadDirectly()
      throws Exception {
    String name = unique("-local.warc.gz");
    Path file =
        ArchiveFixtures.warc(
            ArchiveFixtures.localReadDirectory().resolve(name), WarcCompression.GZIP, 5, "local");
    // Nothing listens at the URI: only a direct read of the path can store it.
    RemoteFileRef ref = offeredByPathOnly(file);

    Message reply = fixtures.ask(new StoreRequest("local-1", name, ref));

    assertThat(reply).isInstanceOfSatisfying(StoreReply.class, r -> assertThat(r.ok()).isTrue());
    for (String replica : REPLICAS) {
      assertThat(ChecksumAlgorithm.SHA512.of(archived(replica, name))).isEqualTo(ref.sha512());
    }
    Files.delete(file);
  }

  @Test
  void givenOfferOfALocalPathOutsideTheLocalReadDirectory_whenStored_thenRefusedNamingThePath()
      throws Exception {
    String name = unique("-secret.warc.gz");
    // A file of the server's machine outside the directory: what a forged message could ask for.
    Path outside = warc(name, "secret");
    RemoteFileRef forged = offeredByPathOnly(outside);

    Message reply = fixtures.ask(new StoreRequest("forged-1", name, forged));

    assertThat(reply)
        .isInstanceOfSatisfying(
            StoreReply.class,
            r -> {
              assertThat(r.ok()).isFalse();
              assertThat(r.reasons())
                  .anySatisfy(
                      reason ->
                          assertThat(reason)
                              .contains(
                                  "Refused to read the offered local path '"
                                      + outside
                                      + "' directly: it is not under the directories for local"
                                      + " reads"));
            });
    for (String replica : REPLICAS) {
      assertThat(archived(replica, name)).doesNotExist();
    }
  }

  @Test
  void givenRunningServer_whenAskingForItsStatus_thenTheBitarchivesOfBothReplicasReport()
      throws Exception {
    String status = Api.admin().get("/api/system/status").body();

    for (String replica : REPLICAS) {
      assertThat(status).contains("\"bitarchive-" + replica + "-bitarchive@");
    }
    assertThat(status).contains("BITARCHIVE").contains("DEV_ONE_ANY_BA");
  }

  /** An offer of a file on this machine by its path, with no server behind its URI. */
  private static RemoteFileRef offeredByPathOnly(Path file) throws IOException {
    return new RemoteFileRef(
        "http://127.0.0.1:1/nothing-here",
        Files.size(file),
        ChecksumAlgorithm.SHA512.of(file),
        "token",
        file.toString(),
        RemoteFiles.localHostName());
  }

  private static List<Path> tempFiles() throws IOException {
    List<Path> temps = new java.util.ArrayList<>();
    for (String replica : REPLICAS) {
      try (Stream<Path> files =
          Files.list(ArchiveFixtures.bitarchive(replica).resolve("tempdir"))) {
        temps.addAll(files.toList());
      }
    }
    return temps;
  }
}
