package org.netarchive.ee.common.archive;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.logging.Logger;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.RemoteFileRef;
import org.netarchive.ee.common.message.StoreReply;
import org.netarchive.ee.common.message.StoreRequest;

/**
 * Stores files in the archive: the client library of the harvester agent, the UI and the command
 * line (reference/004, "ArcRepositoryClient").
 *
 * <p>A store offers the file over HTTP ({@link FileServer}), asks the repository to store it and
 * waits for the answer, asking again after a NOT OK or a timeout, up to the configured number of
 * retries. {@link #storeAndDelete(Path)} is the two-stage transfer of reference/003: copy and
 * verify (SHA-512 computed here before the store; every replica computes it again from its copy and
 * the repository answers OK only if they all match), then verify and delete (SHA-512 computed here
 * again; the file is deleted only if it is still what was stored).
 *
 * <p>Thread-safe: each store uses its own JMS context.
 */
public final class ArchiveClient {

  private static final Logger LOG = Logger.getLogger(ArchiveClient.class.getName());

  private final ConnectionFactory factory;
  private final String user;
  private final String password;
  private final Channels channels;
  private final FileServer files;
  private final Duration timeout;
  private final int retries;
  private final JmsMessages messages = JmsMessages.standard();

  /**
   * @param factory connects to the broker
   * @param user the broker account, or {@code null} for the factory's default
   * @param password its password
   * @param channels the installation's channel names
   * @param files offers the files to the replicas
   * @param timeout how long to wait for the answer to one store request
   * @param retries how often to ask again after NOT OK or no answer
   */
  public ArchiveClient(
      ConnectionFactory factory,
      String user,
      String password,
      Channels channels,
      FileServer files,
      Duration timeout,
      int retries) {
    this.factory = Objects.requireNonNull(factory, "factory");
    this.user = user;
    this.password = password;
    this.channels = Objects.requireNonNull(channels, "channels");
    this.files = Objects.requireNonNull(files, "files");
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("The store timeout must be positive, was " + timeout);
    }
    if (retries < 0) {
      throw new IllegalArgumentException("Store retries must not be negative, was " + retries);
    }
    this.timeout = timeout;
    this.retries = retries;
  }

  /**
   * Stores a file under its own name and returns when every replica holds it.
   *
   * @param file the file; its name must be a plain archive file name
   * @return the SHA-512 checksum the archive confirmed
   * @throws ArchiveStoreException if the archive did not confirm the store
   * @throws IOException if the file cannot be read or offered
   */
  public String store(Path file) throws IOException {
    String name = ArchiveFileNames.requireValid(file.getFileName().toString());
    String sha512 = ChecksumAlgorithm.SHA512.of(file);
    RemoteFileRef ref = files.offer(file, sha512);
    List<String> reasons = new ArrayList<>();
    try (JMSContext context = connect()) {
      TemporaryQueue replies = context.createTemporaryQueue();
      try (JMSConsumer consumer = context.createConsumer(replies)) {
        for (int attempt = 1; attempt <= retries + 1; attempt++) {
          String requestId = UUID.randomUUID().toString();
          TextMessage request =
              messages.toTextMessage(context, new StoreRequest(requestId, name, ref));
          request.setJMSReplyTo(replies);
          context.createProducer().send(context.createQueue(channels.theRepos().name()), request);
          StoreReply reply = awaitReply(consumer, requestId);
          if (reply == null) {
            reasons.add("attempt " + attempt + ": no answer within " + timeout);
          } else if (reply.ok()) {
            return sha512;
          } else {
            reasons.add("attempt " + attempt + ": " + String.join("; ", reply.reasons()));
          }
          int done = attempt;
          LOG.warning(
              () -> "Store of '" + name + "' not confirmed (attempt " + done + "): " + reasons);
        }
      } finally {
        replies.delete();
      }
    } catch (JMSException e) {
      throw new IOException("Cannot talk to the archive about '" + name + "': " + e, e);
    } finally {
      files.withdraw(ref);
    }
    throw new ArchiveStoreException(name, reasons);
  }

  /**
   * Stores a file, then deletes it if it is still exactly what the archive confirmed.
   *
   * @param file the file
   * @throws ArchiveStoreException if the archive did not confirm the store (the file is kept)
   * @throws IOException if the file changed since it was stored (it is kept), or cannot be read or
   *     deleted
   */
  public void storeAndDelete(Path file) throws IOException {
    String stored = store(file);
    String now = ChecksumAlgorithm.SHA512.of(file);
    if (!now.equals(stored)) {
      throw new IOException(
          "File "
              + file
              + " changed after the archive stored it (SHA-512 "
              + now
              + ", stored "
              + stored
              + "); it is kept");
    }
    Files.delete(file);
  }

  private JMSContext connect() {
    return user == null
        ? factory.createContext(JMSContext.AUTO_ACKNOWLEDGE)
        : factory.createContext(user, password, JMSContext.AUTO_ACKNOWLEDGE);
  }

  /** The answer to this request; answers to earlier requests are skipped. */
  private StoreReply awaitReply(JMSConsumer consumer, String requestId) throws JMSException {
    Instant deadline = Instant.now().plus(timeout);
    while (true) {
      long wait = Duration.between(Instant.now(), deadline).toMillis();
      if (wait <= 0) {
        return null;
      }
      jakarta.jms.Message raw = consumer.receive(wait);
      if (raw == null) {
        return null;
      }
      Message message = messages.fromJms(raw);
      if (message instanceof StoreReply reply && reply.requestId().equals(requestId)) {
        return reply;
      }
    }
  }
}
