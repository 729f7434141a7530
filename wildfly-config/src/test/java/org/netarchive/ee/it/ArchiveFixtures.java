package org.netarchive.ee.it;

import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.FileServer;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.Message;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;

/**
 * What the archive ITs share: a client connected like a harvester agent, with a file server whose
 * offers make the server fetch over HTTP, and WARC files as Heritrix writes them.
 */
final class ArchiveFixtures implements AutoCloseable {

  static final Channels CHANNELS = Channels.forEnvironment(ServerUnderTest.ENVIRONMENT);

  final ActiveMQConnectionFactory factory;
  final FileServer files;

  ArchiveFixtures() throws IOException {
    factory = new ActiveMQConnectionFactory(ServerUnderTest.BROKER);
    // Offers without local paths: the server's bitarchives fetch every file over HTTP.
    files = FileServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), false);
  }

  /** A client that asks again the given number of times after NOT OK or no answer. */
  ArchiveClient client(int retries) {
    return new ArchiveClient(
        factory,
        ServerUnderTest.AGENT,
        ServerUnderTest.agentPassword(),
        CHANNELS,
        files,
        Duration.ofSeconds(60),
        retries);
  }

  @Override
  public void close() {
    files.close();
    factory.close();
  }

  /**
   * Sends a request to the repository as a client would, and returns its answer (null if none came
   * within a minute).
   */
  Message ask(Message request) throws JMSException {
    JmsMessages messages = JmsMessages.standard();
    try (JMSContext context =
        factory.createContext(
            ServerUnderTest.AGENT, ServerUnderTest.agentPassword(), JMSContext.AUTO_ACKNOWLEDGE)) {
      TemporaryQueue replies = context.createTemporaryQueue();
      try (JMSConsumer consumer = context.createConsumer(replies)) {
        TextMessage message = messages.toTextMessage(context, request);
        message.setJMSReplyTo(replies);
        context.createProducer().send(context.createQueue(CHANNELS.theRepos().name()), message);
        jakarta.jms.Message reply = consumer.receive(Duration.ofSeconds(60).toMillis());
        return reply == null ? null : messages.fromJms(reply);
      } finally {
        replies.delete();
      }
    }
  }

  /**
   * The directory from which the IT server's bitarchives read files offered on their machine
   * directly (NAS_ARCHIVE_LOCAL_READ_DIRS of the failsafe configuration).
   */
  static Path localReadDirectory() throws IOException {
    return Files.createDirectories(Path.of(System.getProperty("it.local.read.dir")));
  }

  /** A WARC as Heritrix writes them: a warcinfo record naming the marker, then responses. */
  static Path warc(Path file, WarcCompression compression, int responses, String marker)
      throws IOException {
    try (WarcWriter writer = WarcFixtures.begun(file, compression, "Heritrix/3.13.0", marker)) {
      for (int i = 0; i < responses; i++) {
        byte[] http =
            ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>" + marker + " " + i + "</p>")
                .getBytes(StandardCharsets.UTF_8);
        writer.write(
            new WarcResponse.Builder(URI.create("http://kb.dk/" + marker + "/" + i))
                .date(Instant.parse("2025-01-31T12:00:00Z").plusSeconds(i))
                .body(MediaType.HTTP_RESPONSE, http)
                .build());
      }
    }
    return file;
  }

  /** Where the server's bitarchive of a replica keeps an archived file. */
  static Path archived(String replica, String name) {
    return bitarchive(replica).resolve("filedir").resolve(name);
  }

  static Path bitarchive(String replica) {
    return Path.of(System.getProperty("it.server.base"), "data", "bitarchive", replica);
  }
}
