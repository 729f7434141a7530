package org.netarchive.ee.agent.index;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.index.IndexBundle;
import org.netarchive.ee.common.index.IndexKind;
import org.netarchive.ee.common.io.FileTrees;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.IndexReply;
import org.netarchive.ee.common.message.IndexRequest;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageFormatException;

/**
 * Fetches an index of a job set from the index server over the broker: sends an {@link
 * IndexRequest} to {@code <ENV>_COMMON_INDEX_SERVER} with a temporary reply queue, waits (at most
 * the given time) for the {@link IndexReply} that says it is ready, receives the bundle that
 * follows as a streamed (large) bytes message into a file, checks its SHA-256 and unpacks it with
 * {@link IndexBundle}. Never throws for what the server, the broker or the network do: the {@link
 * Result} says what was fetched, or why nothing was, so a crawl can go on without deduplication.
 * Thread-safe: each fetch has its own connection.
 */
public final class IndexClient {

  private static final Logger LOG = Logger.getLogger(IndexClient.class.getName());

  /** Artemis: where a large bytes message's body is written, blocking until complete. */
  private static final String SAVE_STREAM = "JMS_AMQ_SaveStream";

  /**
   * How long the index server may take to answer at all (it answers at once, BUILDING if the index
   * is not ready): without an answer by then there is no index server to wait for.
   */
  static final Duration FIRST_ANSWER = Duration.ofSeconds(30);

  /** The most bytes an unpacked index may have (a bound against a hostile bundle). */
  public static final long DEFAULT_MAX_UNPACKED_BYTES = 64L * 1024 * 1024 * 1024;

  /**
   * What a fetch gave.
   *
   * @param complete whether the index covers every job asked for
   * @param directory where the index was unpacked, or null if nothing was fetched
   * @param name the index's cache name on the server, or null
   * @param foundJobIds the jobs the index covers
   * @param missingJobIds the jobs whose metadata the archive lacks
   * @param failure why nothing was fetched, or null
   */
  public record Result(
      boolean complete,
      Path directory,
      String name,
      List<Long> foundJobIds,
      List<Long> missingJobIds,
      String failure) {

    /** Whether an index was fetched (covering all or some of the jobs). */
    public boolean fetched() {
      return failure == null;
    }

    /**
     * Nothing fetched.
     *
     * @param why the reason, for the job's harvest errors and metadata
     * @return the result
     */
    public static Result failed(String why) {
      return new Result(false, null, null, List.of(), List.of(), why);
    }
  }

  private final ConnectionFactory factory;
  private final String user;
  private final String password;
  private final Channels channels;
  private final String requester;
  private final long maxUnpackedBytes;
  private final JmsMessages messages = JmsMessages.standard();

  /**
   * @param factory the broker's connection factory (the agent's)
   * @param user the broker account, or null
   * @param password its password, or null
   * @param channels the installation's channel names
   * @param requester who asks, for the server's log (e.g. the agent's instance name)
   */
  public IndexClient(
      ConnectionFactory factory,
      String user,
      String password,
      Channels channels,
      String requester) {
    this(factory, user, password, channels, requester, DEFAULT_MAX_UNPACKED_BYTES);
  }

  /**
   * @param factory the broker's connection factory
   * @param user the broker account, or null
   * @param password its password, or null
   * @param channels the installation's channel names
   * @param requester who asks
   * @param maxUnpackedBytes the most bytes an unpacked index may have
   */
  public IndexClient(
      ConnectionFactory factory,
      String user,
      String password,
      Channels channels,
      String requester,
      long maxUnpackedBytes) {
    this.factory = Objects.requireNonNull(factory, "factory");
    this.user = user;
    this.password = password;
    this.channels = Objects.requireNonNull(channels, "channels");
    this.requester = Objects.requireNonNull(requester, "requester");
    this.maxUnpackedBytes = maxUnpackedBytes;
  }

  /**
   * Fetches an index and unpacks it.
   *
   * @param kind the kind of index
   * @param jobIds the jobs, 1 to {@value IndexRequest#MAX_JOBS}
   * @param targetDir where the index goes: must not exist or be empty; removed again if the fetch
   *     fails
   * @param timeout how long the whole fetch may take
   * @return what was fetched, or why nothing was
   * @throws IllegalArgumentException if the job IDs are no valid set or the target is not empty
   */
  public Result fetch(IndexKind kind, Collection<Long> jobIds, Path targetDir, Duration timeout) {
    IndexRequest request =
        new IndexRequest(
            UUID.randomUUID().toString(),
            kind,
            List.copyOf(jobIds.stream().distinct().sorted().toList()),
            requester);
    requireEmpty(targetDir);
    Instant deadline = Instant.now().plus(timeout);
    Path bundle = targetDir.resolveSibling(targetDir.getFileName() + ".zip.part");
    try {
      return fetch(request, targetDir, bundle, deadline, timeout);
    } catch (JMSException | IOException | RuntimeException e) {
      String why = "The index could not be fetched from the index server: " + e;
      LOG.warning(why);
      deleteQuietly(targetDir);
      return Result.failed(why);
    } finally {
      try {
        Files.deleteIfExists(bundle);
      } catch (IOException e) {
        LOG.warning(() -> "Cannot remove " + bundle + ": " + e);
      }
    }
  }

  private Result fetch(
      IndexRequest request, Path targetDir, Path bundle, Instant deadline, Duration timeout)
      throws JMSException, IOException {
    try (Connection connection = factory.createConnection(user, password)) {
      Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
      TemporaryQueue replies = session.createTemporaryQueue();
      MessageConsumer consumer = session.createConsumer(replies);
      connection.start();
      TextMessage text = messages.toTextMessage(session, request);
      text.setJMSReplyTo(replies);
      session.createProducer(session.createQueue(channels.indexServer().name())).send(text);
      Instant firstAnswerBy = Instant.now().plus(FIRST_ANSWER);
      boolean answered = false;
      while (true) {
        Instant limit = answered ? deadline : min(deadline, firstAnswerBy);
        long left = (Duration.between(Instant.now(), limit).toNanos() + 999_999) / 1_000_000;
        jakarta.jms.Message raw = left <= 0 ? null : consumer.receive(left);
        if (raw == null) {
          if (Instant.now().isBefore(limit)) {
            continue; // woke before the limit: wait for the rest
          }
          return Result.failed(silence(request, answered, firstAnswerBy, deadline, timeout));
        }
        if (!(raw instanceof TextMessage)) {
          continue; // A bundle of an earlier reply that was not ready: not ours to read.
        }
        Message message;
        try {
          message = messages.fromJms(raw);
        } catch (MessageFormatException e) {
          return Result.failed("The index server's answer cannot be read: " + e.getMessage());
        }
        if (!(message instanceof IndexReply reply)
            || !reply.requestId().equals(request.requestId())) {
          continue;
        }
        answered = true;
        switch (reply.state()) {
          case QUEUED, BUILDING -> {
            continue;
          }
          case FAILED -> {
            return Result.failed("The index server could not make the index: " + reply.failure());
          }
          case READY -> {
            return receiveBundle(consumer, request, reply, targetDir, bundle, deadline, timeout);
          }
        }
      }
    }
  }

  private Result receiveBundle(
      MessageConsumer consumer,
      IndexRequest request,
      IndexReply reply,
      Path targetDir,
      Path bundle,
      Instant deadline,
      Duration timeout)
      throws JMSException, IOException {
    long left = Duration.between(Instant.now(), deadline).toMillis();
    jakarta.jms.Message raw = left <= 0 ? null : consumer.receive(left);
    if (!(raw instanceof BytesMessage body)
        || !request.requestId().equals(body.getJMSCorrelationID())) {
      return Result.failed(
          "The index server said index "
              + reply.name()
              + " was ready but sent no bundle within "
              + timeout);
    }
    MessageDigest sha256 = sha256();
    try (OutputStream out =
        new DigestOutputStream(new BufferedOutputStream(Files.newOutputStream(bundle)), sha256)) {
      body.setObjectProperty(SAVE_STREAM, out);
    }
    String actual = HexFormat.of().formatHex(sha256.digest());
    if (!actual.equals(reply.sha256())) {
      return Result.failed(
          "The index bundle "
              + reply.name()
              + " arrived with SHA-256 "
              + actual
              + ", not "
              + reply.sha256());
    }
    try (InputStream in = Files.newInputStream(bundle)) {
      IndexBundle.read(in, targetDir, maxUnpackedBytes);
    }
    boolean complete = reply.missingJobIds().isEmpty();
    LOG.info(
        () ->
            "Fetched the "
                + reply.kind()
                + " index "
                + reply.name()
                + " ("
                + reply.size()
                + " bytes) into "
                + targetDir
                + (complete
                    ? ""
                    : "; jobs without metadata in the archive: " + reply.missingJobIds()));
    return new Result(
        complete, targetDir, reply.name(), reply.foundJobIds(), reply.missingJobIds(), null);
  }

  private static void requireEmpty(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> entries = Files.list(dir)) {
      if (entries.findAny().isPresent()) {
        throw new IllegalArgumentException("The index's target directory " + dir + " is not empty");
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "The index's target " + dir + " is not a readable directory: " + e.getMessage(), e);
    }
  }

  private static void deleteQuietly(Path dir) {
    try {
      FileTrees.delete(dir);
    } catch (IOException e) {
      LOG.warning(() -> "Cannot remove the incomplete index " + dir + ": " + e);
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("The JDK has no SHA-256", e);
    }
  }

  /**
   * Why a wait for the index server ended without a message: the limit the wait had decides, not
   * the clock when the wait returned (a wait may end a moment before its limit).
   *
   * @param answered whether the server had answered the request at all
   * @param firstAnswerBy when the server should have answered by ({@link #FIRST_ANSWER})
   * @param deadline the end of the whole fetch
   * @param timeout the whole fetch's time, for the message
   */
  static String silence(
      IndexRequest request,
      boolean answered,
      Instant firstAnswerBy,
      Instant deadline,
      Duration timeout) {
    if (!answered && firstAnswerBy.isBefore(deadline)) {
      return "The index server did not answer within "
          + FIRST_ANSWER.toSeconds()
          + " s ("
          + request.kind()
          + " of jobs "
          + request.jobIds()
          + "); is the server's index server running?";
    }
    return "No index from the index server within "
        + timeout
        + " ("
        + request.kind()
        + " of jobs "
        + request.jobIds()
        + ")";
  }

  private static Instant min(Instant a, Instant b) {
    return a.isBefore(b) ? a : b;
  }
}
