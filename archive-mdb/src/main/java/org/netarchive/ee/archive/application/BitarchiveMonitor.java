package org.netarchive.ee.archive.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;
import jakarta.jms.Destination;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.logging.Logger;
import org.netarchive.ee.archive.infrastructure.messaging.jms.ArchiveMessaging;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.Delivery;
import org.netarchive.ee.common.archive.RemoteFiles;
import org.netarchive.ee.common.message.BatchReply;
import org.netarchive.ee.common.message.BatchRequest;
import org.netarchive.ee.common.message.BitarchiveBatchReply;
import org.netarchive.ee.common.message.ChecksumReply;
import org.netarchive.ee.common.message.ChecksumRequest;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.DeliveryTarget;
import org.netarchive.ee.common.message.GetFileReply;
import org.netarchive.ee.common.message.GetFileRequest;
import org.netarchive.ee.common.message.GetRecordReply;
import org.netarchive.ee.common.message.GetRecordRequest;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.RemoveAndGetFileReply;
import org.netarchive.ee.common.message.RemoveAndGetFileRequest;

/**
 * The bitarchive monitors, one per replica (its queue THE_BAMON_&lt;replica&gt;), as in
 * NetarchiveSuite's BitarchiveMonitorServer: they know the replica's bitarchive instances from
 * their heartbeats, pass the clients' get-file, get-record and batch requests to all of them (the
 * replica's ALL_BA topic, answers to the monitor), and combine the answers into the one the client
 * gets: the first delivered copy of a file or record (or why none could be), and for a batch job
 * the results of every instance, concatenated in the order of their names, with the files processed
 * and failed summed (each instance delivers its part to a target the monitor made for it on the
 * server's transfer endpoint, so that instances on bitarchive nodes take part as those on this
 * server do). An instance that sends no heartbeat for {@link ArchiveSettings#missingAfter()} is
 * marked missing: a warning is logged, the component monitor is told (state {@code MISSING}), and
 * no request waits for it any longer; its next heartbeat makes it present again. What the monitors
 * wait for is held in memory: a restart forgets it, and the clients' own timeouts end their waits.
 */
@PermitAll
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class BitarchiveMonitor {

  private static final Logger LOG = Logger.getLogger(BitarchiveMonitor.class.getName());

  /** How an instance answers a request for a file it does not hold (see {@link Bitarchive}). */
  static final String NOT_HERE = "no such file in the bitarchive";

  @Inject private ArchiveSettings settings;
  @Inject private ArchiveMessaging messaging;
  @EJB private ArchiveTransfers transfers;

  private RemoteFiles remoteFiles;

  /** Per replica, per instance: when it was last heard of, and whether it is missing. */
  private final Map<String, Map<String, InstanceState>> instances = new HashMap<>();

  /** Requests waiting for the instances' answers, by request id. */
  private final Map<String, Pending> pending = new HashMap<>();

  private static final class InstanceState {
    Instant lastHeartbeat;
    boolean missing;
  }

  private static final class Pending {
    final String replicaId;
    final Message request;
    final Destination client;
    final Set<String> waitingFor;
    final Instant deadline;
    final List<Message> answers = new ArrayList<>();
    final Map<String, BitarchiveBatchReply> parts = new TreeMap<>();
    final List<String> silent = new ArrayList<>();

    /** For a batch job: where each instance delivers its part, by instance name. */
    final Map<String, Delivery> partDeliveries = new TreeMap<>();

    Pending(
        String replicaId,
        Message request,
        Destination client,
        Set<String> waitingFor,
        Instant deadline) {
      this.replicaId = replicaId;
      this.request = request;
      this.client = client;
      this.waitingFor = waitingFor;
      this.deadline = deadline;
    }
  }

  @PostConstruct
  void open() {
    Path results = settings.batchResultDirectory();
    remoteFiles = new RemoteFiles(List.of(results));
  }

  /**
   * A heartbeat of a bitarchive instance of a replica.
   *
   * @param replicaId the replica whose monitor received it
   * @param heartbeat the heartbeat
   */
  public void heartbeat(String replicaId, Heartbeat heartbeat) {
    boolean back;
    boolean joined;
    synchronized (this) {
      InstanceState state =
          instances
              .computeIfAbsent(replicaId, r -> new HashMap<>())
              .computeIfAbsent(heartbeat.instance(), i -> new InstanceState());
      if (state.lastHeartbeat != null && !heartbeat.sentAt().isAfter(state.lastHeartbeat)) {
        return;
      }
      joined = state.lastHeartbeat == null;
      state.lastHeartbeat = heartbeat.sentAt();
      back = state.missing;
      state.missing = false;
    }
    if (joined || back) {
      String what =
          joined
              ? " joined: batch jobs and gets of the replica now wait for it too"
              : " sends heartbeats again";
      LOG.info(
          () ->
              "Bitarchive instance '" + heartbeat.instance() + "' of replica " + replicaId + what);
    }
  }

  /** The instances of a replica that are not missing, by name. */
  public synchronized List<String> presentInstances(String replicaId) {
    return instances.getOrDefault(replicaId, Map.of()).entrySet().stream()
        .filter(e -> !e.getValue().missing)
        .map(Map.Entry::getKey)
        .sorted()
        .toList();
  }

  /**
   * A client's get-file, get-record, batch or correction request for a replica, or the repository's
   * checksum request: passed to its instances, or refused at once when none is present.
   */
  public void request(String replicaId, Message request, Destination client) {
    String requestId = requestIdOf(request);
    Set<String> waitingFor;
    Message passed = request;
    synchronized (this) {
      waitingFor = new LinkedHashSet<>(presentInstances(replicaId));
      if (!waitingFor.isEmpty()) {
        Pending waiting =
            new Pending(
                replicaId,
                request,
                client,
                waitingFor,
                Instant.now().plus(settings.monitorAnswerTimeout()));
        if (request instanceof BatchRequest batch) {
          try {
            passed = batch.withPartTargets(expectParts(waiting));
          } catch (IOException e) {
            forgetParts(waiting);
            messaging.reply(
                client,
                BatchReply.refused(
                    batch,
                    "cannot receive the parts of replica "
                        + replicaId
                        + ": "
                        + (e.getMessage() == null ? e : e.getMessage())));
            return;
          }
        }
        pending.put(requestId, waiting);
      }
    }
    if (waitingFor.isEmpty()) {
      messaging.reply(
          client,
          refusal(
              request,
              "no bitarchive instance of replica "
                  + replicaId
                  + " has sent a heartbeat to its monitor recently"));
      return;
    }
    LOG.info(
        () ->
            request.getClass().getSimpleName()
                + " "
                + requestId
                + " passed to the bitarchive instances of replica "
                + replicaId
                + " "
                + waitingFor);
    messaging.toBitarchivesForMonitor(replicaId, passed);
  }

  /**
   * A delivery for each instance a batch job waits for, in the batch result directory: every
   * instance hands its part over through the transfer endpoint, wherever it runs (on this server,
   * or on a bitarchive node whose disks the monitor cannot read).
   */
  private Map<String, DeliveryTarget> expectParts(Pending waiting) throws IOException {
    Path results = Files.createDirectories(settings.batchResultDirectory());
    Map<String, DeliveryTarget> targets = new TreeMap<>();
    for (String instance : waiting.waitingFor) {
      Delivery delivery =
          transfers.expect(results.resolve("part-" + Delivery.randomToken() + ".result"));
      waiting.partDeliveries.put(instance, delivery);
      targets.put(instance, delivery.target());
    }
    return targets;
  }

  /** Stops waiting for a batch job's parts and removes what arrived of them. */
  private void forgetParts(Pending waiting) {
    for (Delivery delivery : waiting.partDeliveries.values()) {
      transfers.forget(delivery);
      delete(delivery.file());
    }
  }

  /** An instance's answer to a request the monitor passed on. */
  public void answer(String replicaId, Message answer) {
    String requestId = requestIdOf(answer);
    Pending done = null;
    Message forward = null;
    Destination client = null;
    synchronized (this) {
      Pending waiting = pending.get(requestId);
      if (waiting == null) {
        LOG.fine(() -> "Answer to " + requestId + " after the request was answered: ignored");
        return;
      }
      switch (answer) {
        case GetFileReply reply when reply.ok() -> forward = reply;
        case GetRecordReply reply when reply.ok() -> forward = reply;
        case RemoveAndGetFileReply reply when reply.ok() -> forward = reply;
        case ChecksumReply reply when reply.sha512() != null -> forward = reply;
        case BitarchiveBatchReply part -> {
          waiting.parts.put(part.instance(), part);
          waiting.waitingFor.remove(part.instance());
          LOG.info(
              () ->
                  "Batch part of instance '"
                      + part.instance()
                      + "' for "
                      + requestId
                      + " arrived; still waiting for "
                      + waiting.waitingFor);
        }
        default -> waiting.answers.add(answer);
      }
      if (forward != null) {
        pending.remove(requestId);
        client = waiting.client;
      } else if (finished(waiting)) {
        pending.remove(requestId);
        done = waiting;
      }
    }
    if (forward instanceof RemoveAndGetFileReply removed) {
      // The repository records the removal, then answers the client.
      messaging.toRepository(removed, client);
    } else if (forward != null) {
      answerClient(client, forward);
    }
    if (done != null) {
      complete(done);
    }
  }

  private static boolean finished(Pending waiting) {
    if (waiting.request instanceof BatchRequest) {
      return waiting.waitingFor.isEmpty();
    }
    return waiting.answers.size() >= waiting.waitingFor.size();
  }

  /** Every few seconds: marks instances without recent heartbeats missing, ends overdue waits. */
  @Schedule(hour = "*", minute = "*", second = "*/5", persistent = false)
  void check() {
    Instant now = Instant.now();
    List<String[]> newlyMissing = new ArrayList<>();
    List<Pending> done = new ArrayList<>();
    synchronized (this) {
      for (Map.Entry<String, Map<String, InstanceState>> replica : instances.entrySet()) {
        for (Map.Entry<String, InstanceState> instance : replica.getValue().entrySet()) {
          InstanceState state = instance.getValue();
          if (!state.missing && state.lastHeartbeat.plus(settings.missingAfter()).isBefore(now)) {
            state.missing = true;
            newlyMissing.add(
                new String[] {replica.getKey(), instance.getKey(), state.lastHeartbeat.toString()});
          }
        }
      }
      for (var it = pending.values().iterator(); it.hasNext(); ) {
        Pending waiting = it.next();
        for (String[] missing : newlyMissing) {
          if (missing[0].equals(waiting.replicaId) && waiting.waitingFor.remove(missing[1])) {
            waiting.silent.add(
                "bitarchive instance '"
                    + missing[1]
                    + "' of replica "
                    + missing[0]
                    + " went missing before it answered");
          }
        }
        if (now.isAfter(waiting.deadline)) {
          for (String instance : waiting.waitingFor) {
            waiting.silent.add(
                "bitarchive instance '"
                    + instance
                    + "' of replica "
                    + waiting.replicaId
                    + " did not answer within "
                    + settings.monitorAnswerTimeout());
          }
          waiting.waitingFor.clear();
        }
        if (finished(waiting) || waiting.waitingFor.isEmpty()) {
          it.remove();
          done.add(waiting);
        }
      }
    }
    for (String[] missing : newlyMissing) {
      LOG.warning(
          () ->
              "Bitarchive instance '"
                  + missing[1]
                  + "' of replica "
                  + missing[0]
                  + " is missing: no heartbeat since "
                  + missing[2]
                  + " (allowed: "
                  + settings.missingAfter()
                  + ")");
      messaging.toComponentMonitor(
          Heartbeat.builder()
              .component(BitarchiveHeartbeats.componentName(missing[0], missing[1]))
              .kind(ComponentKind.BITARCHIVE)
              .instance(missing[1])
              .state("MISSING")
              .sentAt(now)
              .channel(settings.channels().allBa(missing[0]).name())
              .detail("replica", missing[0])
              .detail("lastHeartbeat", missing[2])
              .detail("reportedBy", settings.channels().theBamon(missing[0]).name())
              .build());
    }
    for (Pending waiting : done) {
      complete(waiting);
    }
  }

  /** Answers the client of a request every present instance has answered (or failed to). */
  private void complete(Pending waiting) {
    Message answer =
        waiting.request instanceof BatchRequest batch
            ? combine(batch, waiting)
            : refusal(waiting.request, notServed(waiting));
    answerClient(waiting.client, answer);
  }

  /** Answers a client; one that stopped waiting (its reply queue is gone) is only logged. */
  private void answerClient(Destination client, Message answer) {
    try {
      messaging.reply(client, answer);
    } catch (jakarta.jms.JMSRuntimeException e) {
      LOG.info(
          () ->
              "The client of request "
                  + requestIdOf(answer)
                  + " no longer waits for its answer ("
                  + e.getMessage()
                  + ")");
    }
  }

  /** Why no instance delivered: an instance's reason other than not holding it, if any. */
  private static String notServed(Pending waiting) {
    List<String> reasons = new ArrayList<>();
    for (Message answer : waiting.answers) {
      String failure =
          switch (answer) {
            case GetFileReply reply -> reply.failure();
            case GetRecordReply reply -> reply.failure();
            case RemoveAndGetFileReply reply -> reply.failure();
            case ChecksumReply reply -> reply.failure();
            default -> null;
          };
      if (failure != null) {
        reasons.add(failure);
      }
    }
    reasons.addAll(waiting.silent);
    return reasons.stream()
        .filter(r -> !r.contains(NOT_HERE))
        .findFirst()
        .orElse(reasons.isEmpty() ? "no bitarchive instance answered" : reasons.get(0));
  }

  private BatchReply combine(BatchRequest batch, Pending waiting) {
    int processed = 0;
    List<String> failures = new ArrayList<>(waiting.silent);
    Path combined = null;
    try {
      for (BitarchiveBatchReply part : waiting.parts.values()) {
        if (part.failure() != null) {
          return BatchReply.refused(batch, part.failure());
        }
      }
      combined = Files.createTempFile("batch-" + batch.job() + "-combined-", ".result");
      MessageDigest digest = ChecksumAlgorithm.SHA512.newDigest();
      try (OutputStream out = Files.newOutputStream(combined)) {
        for (BitarchiveBatchReply part :
            waiting.parts.values().stream()
                .sorted(Comparator.comparing(BitarchiveBatchReply::instance))
                .toList()) {
          processed += part.filesProcessed();
          failures.addAll(part.fileFailures());
          copyVerified(part, waiting.partDeliveries.get(part.instance()), out, digest);
        }
      }
      long size = Files.size(combined);
      String sha512 = remoteFiles.deliver(batch.target(), combined, 0, size);
      return new BatchReply(
          batch.requestId(),
          batch.job(),
          batch.replicaId(),
          processed,
          failures,
          size,
          sha512,
          null);
    } catch (IOException e) {
      return BatchReply.refused(
          batch,
          "cannot combine the results of replica "
              + batch.replicaId()
              + ": "
              + (e.getMessage() == null ? e : e.getMessage()));
    } finally {
      delete(combined);
      forgetParts(waiting);
      for (BitarchiveBatchReply part : waiting.parts.values()) {
        if (part.result() != null && part.result().localPath() != null) {
          Path local = Path.of(part.result().localPath());
          if (local.startsWith(settings.batchResultDirectory())) {
            delete(local);
          }
        }
      }
    }
  }

  private void copyVerified(
      BitarchiveBatchReply part, Delivery delivery, OutputStream out, MessageDigest combined)
      throws IOException {
    MessageDigest own = ChecksumAlgorithm.SHA512.newDigest();
    long length = 0;
    try (InputStream in = openPart(part, delivery)) {
      byte[] buffer = new byte[1 << 16];
      int n;
      while ((n = in.read(buffer)) >= 0) {
        own.update(buffer, 0, n);
        combined.update(buffer, 0, n);
        out.write(buffer, 0, n);
        length += n;
      }
    }
    String sha512 = ChecksumAlgorithm.SHA512.hex(own);
    if (length != part.result().size() || !sha512.equals(part.result().sha512())) {
      throw new IOException(
          "the result of instance '"
              + part.instance()
              + "' arrived with "
              + length
              + " bytes and SHA-512 "
              + sha512
              + ", announced "
              + part.result().size()
              + " bytes and "
              + part.result().sha512());
    }
  }

  /**
   * An instance's part: what it delivered to the target the monitor gave it, or, from an instance
   * that left it on its own machine (an earlier version's), read from there.
   */
  private InputStream openPart(BitarchiveBatchReply part, Delivery delivery) throws IOException {
    if (delivery != null && delivery.target().uri().equals(part.result().uri())) {
      if (delivery.sha512() == null) {
        throw new IOException(
            "instance '"
                + part.instance()
                + "' reported its part delivered, but no complete delivery arrived"
                + (delivery.failure() == null ? "" : " (" + delivery.failure() + ")"));
      }
      return Files.newInputStream(delivery.file());
    }
    return remoteFiles.open(part.result());
  }

  private static void delete(Path file) {
    if (file == null) {
      return;
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      LOG.warning(() -> "Cannot remove batch result " + file + ": " + e.getMessage());
    }
  }

  private static Message refusal(Message request, String why) {
    return switch (request) {
      case BatchRequest batch -> BatchReply.refused(batch, why);
      case GetFileRequest get -> GetFileReply.refused(get, why);
      case GetRecordRequest get -> GetRecordReply.refused(get, why);
      case RemoveAndGetFileRequest remove -> RemoveAndGetFileReply.refused(remove, why);
      case ChecksumRequest checksum -> noChecksum(checksum, why);
      default -> throw new IllegalArgumentException("not a request to the bitarchives: " + request);
    };
  }

  /** The monitor's answer to the repository that no instance has a checksum of the file. */
  private static ChecksumReply noChecksum(ChecksumRequest request, String why) {
    return new ChecksumReply(
        request.replicaId(),
        request.fileName(),
        null,
        why,
        "monitor of replica " + request.replicaId(),
        request.requestId());
  }

  private static String requireId(String requestId) {
    if (requestId == null) {
      throw new IllegalArgumentException(
          "A checksum request or answer through the monitor needs a requestId");
    }
    return requestId;
  }

  private static String requestIdOf(Message message) {
    return switch (message) {
      case BatchRequest m -> m.requestId();
      case GetFileRequest m -> m.requestId();
      case GetRecordRequest m -> m.requestId();
      case RemoveAndGetFileRequest m -> m.requestId();
      case RemoveAndGetFileReply m -> m.requestId();
      case BitarchiveBatchReply m -> m.requestId();
      case GetFileReply m -> m.requestId();
      case GetRecordReply m -> m.requestId();
      case BatchReply m -> m.requestId();
      case ChecksumRequest m -> requireId(m.requestId());
      case ChecksumReply m -> requireId(m.requestId());
      default ->
          throw new IllegalArgumentException(
              "The bitarchive monitor takes Heartbeat, GetFileRequest, GetRecordRequest,"
                  + " BatchRequest, RemoveAndGetFileRequest, ChecksumRequest and their answers, not "
                  + message.getClass().getSimpleName());
    };
  }
}
