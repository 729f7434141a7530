package org.netarchive.ee.common.archive;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Function;
import java.util.logging.Logger;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.BatchReply;
import org.netarchive.ee.common.message.BatchRequest;
import org.netarchive.ee.common.message.GetFileReply;
import org.netarchive.ee.common.message.GetFileRequest;
import org.netarchive.ee.common.message.GetRecordReply;
import org.netarchive.ee.common.message.GetRecordRequest;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.RemoteFileRef;
import org.netarchive.ee.common.message.RemoveAndGetFileReply;
import org.netarchive.ee.common.message.RemoveAndGetFileRequest;
import org.netarchive.ee.common.message.StoreReply;
import org.netarchive.ee.common.message.StoreRequest;

/**
 * Stores files in the archive: the client library of the harvester agent, the UI and the command
 * line (reference/004, "ArcRepositoryClient").
 *
 * <p>A store offers the file over HTTP ({@link FileExchange}: the client's own {@link FileServer},
 * or the server application's endpoint), asks the repository to store it and waits for the answer,
 * asking again after a NOT OK or a timeout, up to the configured number of retries. {@link
 * #storeAndDelete(Path)} is the two-stage transfer of reference/003: copy and verify (SHA-512
 * computed here before the store; every replica computes it again from its copy and the repository
 * answers OK only if they all match), then verify and delete (SHA-512 computed here again; the file
 * is deleted only if it is still what was stored).
 *
 * <p>{@link #getFile}, {@link #getRecord} and {@link #batch} have the archive deliver the bytes to
 * this client's {@link FileExchange}, verified on arrival, and answer over JMS.
 *
 * <p>Thread-safe: each request uses its own JMS context.
 */
public final class ArchiveClient {

  private static final Logger LOG = Logger.getLogger(ArchiveClient.class.getName());

  private final ConnectionFactory factory;
  private final String user;
  private final String password;
  private final Channels channels;
  private final FileExchange files;
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
      FileExchange files,
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
    // Connecting to the broker and making the reply queue take a moment (the broker checks the
    // account's password for each, more in a fresh JVM that loads the client first): done on
    // another thread while this one offers the file and computes its checksum.
    FutureTask<Conversation> connecting = new FutureTask<>(this::converse);
    Thread.ofVirtual().name("archive-client-connect").start(connecting);
    long started = System.nanoTime();
    String sha512;
    RemoteFileRef ref;
    try {
      ref = files.offer(file);
      sha512 = ref.sha512();
    } catch (IOException | RuntimeException e) {
      closeWhenConnected(connecting);
      throw e;
    }
    long hashed = System.nanoTime();
    LOG.fine(
        () ->
            String.format(
                "%s offered, its SHA-512 computed, in %.2f s", file, (hashed - started) / 1e9));
    List<String> reasons = new ArrayList<>();
    try {
      for (int attempt = 1; attempt <= retries + 1; attempt++) {
        String requestId = UUID.randomUUID().toString();
        StoreReply reply =
            ask(
                attempt == 1 ? connected(connecting, name) : open(name),
                new StoreRequest(requestId, name, ref),
                requestId,
                StoreReply.class,
                name);
        if (reply == null) {
          reasons.add("attempt " + attempt + ": no answer within " + timeout);
        } else if (reply.ok()) {
          LOG.fine(
              () ->
                  String.format(
                      "Store of '%s' confirmed %.2f s after the request",
                      name, (System.nanoTime() - hashed) / 1e9));
          return sha512;
        } else {
          reasons.add("attempt " + attempt + ": " + String.join("; ", reply.reasons()));
        }
        int done = attempt;
        LOG.warning(
            () -> "Store of '" + name + "' not confirmed (attempt " + done + "): " + reasons);
      }
    } finally {
      files.withdraw(ref);
    }
    throw new ArchiveStoreException(name, reasons);
  }

  /**
   * The conversation opened early; if that failed, a new attempt (whose failure {@link #ask}
   * reports like any other).
   */
  private Conversation connected(FutureTask<Conversation> connecting, String about)
      throws IOException {
    try {
      return connecting.get();
    } catch (InterruptedException e) {
      closeWhenConnected(connecting);
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted while connecting to the archive about '" + about + "'", e);
    } catch (ExecutionException e) {
      LOG.fine(() -> "Early connection to the broker failed, connecting again: " + e.getCause());
      return open(about);
    }
  }

  /** A new conversation, or an IOException naming what it was for. */
  private Conversation open(String about) throws IOException {
    try {
      return converse();
    } catch (JMSRuntimeException e) {
      throw new IOException("Cannot talk to the archive about '" + about + "': " + e, e);
    }
  }

  /**
   * A connection to the broker with a temporary queue for the answers and a consumer of it: what
   * one request and its answer need.
   */
  private record Conversation(JMSContext context, TemporaryQueue replies, JMSConsumer consumer)
      implements AutoCloseable {

    /** Closes the consumer, deletes the queue and closes the connection. */
    @Override
    public void close() {
      try {
        consumer.close();
        replies.delete();
      } catch (JMSException | JMSRuntimeException e) {
        LOG.fine(() -> "Cannot delete the answers' temporary queue (the broker will): " + e);
      } finally {
        context.close();
      }
    }

    /**
     * Closes it on another thread: the broker checks the account again to delete the queue, which
     * the caller, who has its answer, need not wait for.
     */
    void closeLater() {
      Thread.ofVirtual()
          .name("archive-client-close")
          .start(
              () -> {
                try {
                  close();
                } catch (RuntimeException e) {
                  // Closed under it (the factory is being closed): nothing left to release.
                  LOG.fine(() -> "Cannot close a connection to the archive: " + e);
                }
              });
    }
  }

  private Conversation converse() {
    JMSContext context = connect();
    try {
      TemporaryQueue replies = context.createTemporaryQueue();
      return new Conversation(context, replies, context.createConsumer(replies));
    } catch (RuntimeException e) {
      context.close();
      throw e;
    }
  }

  private static void closeWhenConnected(FutureTask<Conversation> connecting) {
    Thread.ofVirtual()
        .name("archive-client-disconnect")
        .start(
            () -> {
              try {
                connecting.get().close();
              } catch (InterruptedException | ExecutionException | RuntimeException e) {
                // Nothing was connected, or it cannot be closed: nothing to release.
              }
            });
  }

  /**
   * Fetches a whole archived file.
   *
   * @param fileName the archived file
   * @param replicaId the replica to take it from, or {@code null} for any that holds it
   * @param target where to put it; must not exist
   * @return the archive's answer, with the delivered file's checksum
   * @throws ArchiveRequestException if the archive answers that it cannot deliver the file, or does
   *     not answer in time
   * @throws IOException if the delivery is incomplete or the target exists
   */
  public GetFileReply getFile(String fileName, String replicaId, Path target) throws IOException {
    Delivery delivery = files.expect(target);
    try {
      GetFileReply reply =
          askGranted(
              "get file '" + fileName + "'",
              id -> new GetFileRequest(id, fileName, replicaId, delivery.target()),
              GetFileReply.class,
              fileName,
              GetFileReply::failure);
      requireDelivered(delivery, reply.sha512(), "file '" + fileName + "'");
      return reply;
    } finally {
      files.forget(delivery);
    }
  }

  /**
   * Removes one replica's bad copy of a file and fetches it (the credentialed correct operation).
   * The copy is removed only if it has exactly the given bad checksum, which must not be the file's
   * archived one, and only after it was delivered here; the bitarchive keeps it in its attic as
   * well. Storing the good file again afterwards uploads a good copy to that replica.
   *
   * @param fileName the archived file
   * @param replicaId the replica whose copy is bad
   * @param badSha512 the SHA-512 checksum of the bad copy
   * @param credentials the archive's configured credentials for corrections
   * @param target where to put the removed copy; must not exist
   * @return the archive's answer, with the removed copy's checksum
   * @throws ArchiveRequestException if the archive refuses (wrong credentials, the checksum is not
   *     the copy's, or is the good one, unknown file or replica), or does not answer in time;
   *     nothing was removed then
   * @throws IOException if the delivery is incomplete or the target exists
   */
  public RemoveAndGetFileReply removeAndGetFile(
      String fileName, String replicaId, String badSha512, String credentials, Path target)
      throws IOException {
    Delivery delivery = files.expect(target);
    try {
      RemoveAndGetFileReply reply =
          askGranted(
              "remove and get file '" + fileName + "' of replica " + replicaId,
              id ->
                  new RemoveAndGetFileRequest(
                      id, fileName, replicaId, badSha512, credentials, delivery.target()),
              RemoveAndGetFileReply.class,
              fileName,
              RemoveAndGetFileReply::failure);
      requireDelivered(delivery, reply.sha512(), "the removed copy of '" + fileName + "'");
      return reply;
    } finally {
      files.forget(delivery);
    }
  }

  /**
   * Fetches the WARC or ARC record that starts at an offset of an archived file, as stored.
   *
   * @param fileName the archived file
   * @param offset where the record starts
   * @param replicaId the replica to take it from, or {@code null} for any that holds the file
   * @param target where to put the record's bytes; must not exist
   * @return the archive's answer, with the record's length and type
   * @throws ArchiveRequestException if the archive answers that it cannot (e.g. no record starts
   *     there), or does not answer in time
   * @throws IOException if the delivery is incomplete or the target exists
   */
  public GetRecordReply getRecord(String fileName, long offset, String replicaId, Path target)
      throws IOException {
    Delivery delivery = files.expect(target);
    try {
      GetRecordReply reply =
          askGranted(
              "get record at offset " + offset + " of '" + fileName + "'",
              id -> new GetRecordRequest(id, fileName, offset, replicaId, delivery.target()),
              GetRecordReply.class,
              fileName,
              GetRecordReply::failure);
      if (delivery.size() != reply.length()) {
        throw new IOException(
            "The record at offset "
                + offset
                + " of '"
                + fileName
                + "' was not delivered completely: "
                + (delivery.failure() != null ? delivery.failure() : "nothing arrived"));
      }
      return reply;
    } finally {
      files.forget(delivery);
    }
  }

  /**
   * Runs a named batch job over the files of one replica and fetches its combined result.
   *
   * @param job the job's name, e.g. {@code cdx}
   * @param parameters its parameters
   * @param filePattern a regular expression the whole file name must match, or {@code null}
   * @param replicaId the replica to run on
   * @param target where to put the result; must not exist
   * @return the archive's answer, with the files processed and failed
   * @throws ArchiveRequestException if the job did not run (unknown job or replica, bad parameter),
   *     or the archive does not answer in time
   * @throws IOException if the result was not delivered completely or the target exists
   */
  public BatchReply batch(
      String job, Map<String, String> parameters, String filePattern, String replicaId, Path target)
      throws IOException {
    Delivery delivery = files.expect(target);
    try {
      String what = "batch job '" + job + "' on replica " + replicaId;
      BatchReply reply =
          askGranted(
              what,
              id ->
                  new BatchRequest(id, job, parameters, filePattern, replicaId, delivery.target()),
              BatchReply.class,
              job,
              BatchReply::failure);
      requireDelivered(delivery, reply.resultSha512(), "the result of " + what);
      return reply;
    } finally {
      files.forget(delivery);
    }
  }

  /**
   * Sends a request made with a new request id and waits for its answer, which must grant it.
   *
   * @param what the request in words, for the exception
   * @param request makes the request from its id
   * @param failure the answer's failure, {@code null} if it granted the request
   * @throws ArchiveRequestException if there was no answer in time, or it refused
   */
  private <R extends Message> R askGranted(
      String what,
      Function<String, Message> request,
      Class<R> replyType,
      String about,
      Function<R, String> failure)
      throws IOException {
    String requestId = UUID.randomUUID().toString();
    R reply = answered(ask(request.apply(requestId), requestId, replyType, about), what);
    String refusal = failure.apply(reply);
    if (refusal != null) {
      throw new ArchiveRequestException(what, refusal);
    }
    return reply;
  }

  private <R> R answered(R reply, String what) throws ArchiveRequestException {
    if (reply == null) {
      throw new ArchiveRequestException(what, "no answer within " + timeout);
    }
    return reply;
  }

  private static void requireDelivered(Delivery delivery, String sha512, String what)
      throws IOException {
    if (delivery.sha512() == null || !delivery.sha512().equals(sha512)) {
      throw new IOException(
          what
              + " was not delivered intact: "
              + (delivery.failure() != null
                  ? delivery.failure()
                  : delivery.sha512() == null
                      ? "nothing arrived"
                      : "arrived with SHA-512 " + delivery.sha512() + ", archive sent " + sha512));
    }
  }

  /** Sends a request to the repository and waits for the answer to it; null after the timeout. */
  private <R extends Message> R ask(
      Message request, String requestId, Class<R> replyType, String about) throws IOException {
    return ask(open(about), request, requestId, replyType, about);
  }

  /**
   * Like {@link #ask(Message, String, Class, String)} in a given conversation, which it closes
   * (after returning).
   */
  private <R extends Message> R ask(
      Conversation conversation,
      Message request,
      String requestId,
      Class<R> replyType,
      String about)
      throws IOException {
    try {
      JMSContext context = conversation.context();
      TextMessage message = messages.toTextMessage(context, request);
      message.setJMSReplyTo(conversation.replies());
      context.createProducer().send(context.createQueue(channels.theRepos().name()), message);
      LOG.fine(() -> request.getClass().getSimpleName() + " " + requestId + " sent");
      return awaitReply(conversation.consumer(), requestId, replyType);
    } catch (JMSException | JMSRuntimeException e) {
      throw new IOException("Cannot talk to the archive about '" + about + "': " + e, e);
    } finally {
      conversation.closeLater();
    }
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
  private <R extends Message> R awaitReply(
      JMSConsumer consumer, String requestId, Class<R> replyType) throws JMSException {
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
      if (replyType.isInstance(message) && requestId.equals(requestIdOf(message))) {
        return replyType.cast(message);
      }
    }
  }

  private static String requestIdOf(Message message) {
    return switch (message) {
      case StoreReply reply -> reply.requestId();
      case GetFileReply reply -> reply.requestId();
      case GetRecordReply reply -> reply.requestId();
      case BatchReply reply -> reply.requestId();
      case RemoveAndGetFileReply reply -> reply.requestId();
      default -> null;
    };
  }
}
