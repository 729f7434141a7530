package org.netarchive.ee.archive.infrastructure.messaging.jms;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.jms.Destination;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import jakarta.jms.Topic;
import java.util.List;
import java.util.UUID;
import java.util.logging.Logger;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.application.StoreReplyRoutes;
import org.netarchive.ee.archive.domain.model.repository.FileSource;
import org.netarchive.ee.archive.domain.model.repository.StoreAction;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.ChecksumRequest;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.RemoteFileRef;
import org.netarchive.ee.common.message.StoreReply;
import org.netarchive.ee.common.message.UploadRequest;

/**
 * Sends the archive's messages, in the caller's transaction when it has one: the store state
 * machine's actions, and the bitarchives' answers to the repository.
 */
@ApplicationScoped
public class ArchiveMessaging {

  private static final Logger LOG = Logger.getLogger(ArchiveMessaging.class.getName());

  @Inject private JMSContext jms;
  @Inject private ArchiveSettings settings;
  @Inject private StoreReplyRoutes replyRoutes;

  @Resource(lookup = "java:/jms/netarchive/COMMON_THE_REPOS")
  private Queue repository;

  @Resource(lookup = "java:/jms/netarchive/COMMON_MONITOR")
  private Queue componentMonitor;

  /** The string property naming the replica a message is addressed to. */
  public static final String REPLICA_PROPERTY = "replica";

  private final JmsMessages messages = JmsMessages.standard();

  /** Carries out what the store state machine asks for. */
  public void carryOut(List<StoreAction> actions) {
    for (StoreAction action : actions) {
      switch (action) {
        case StoreAction.Upload upload ->
            toReplica(
                upload.replicaId(),
                uploadsOf(upload.replicaId()),
                new UploadRequest(
                    upload.replicaId(),
                    upload.fileName(),
                    remoteFile(upload.source(), upload.size(), upload.sha512()),
                    upload.attempt()),
                null);
        case StoreAction.RequestChecksum request ->
            // Through the monitor, which knows the replica's instances: only one of several holds
            // the file, and the others' "not here" must not fail the check.
            toMonitor(
                request.replicaId(),
                new ChecksumRequest(
                    request.replicaId(), request.fileName(), UUID.randomUUID().toString()),
                repository);
        case StoreAction.AnswerStore answer -> answer(answer);
      }
    }
  }

  /** Sends a bitarchive's answer to the repository. */
  public void toRepository(Message message) {
    send(repository, message);
  }

  /** Passes an answer to the repository, which answers the client at {@code replyTo}. */
  public void toRepository(Message message, Destination replyTo) {
    sendWithReplyTo(repository, message, replyTo);
  }

  /**
   * Passes a client's get or batch request to the monitor of a replica, which answers the client at
   * {@code replyTo} when its bitarchive instances have answered.
   */
  public void toMonitor(String replicaId, Message request, Destination replyTo) {
    toReplica(replicaId, monitorOf(replicaId), request, replyTo);
  }

  /**
   * Passes a request from a replica's monitor to every bitarchive instance of the replica, which
   * answer the monitor.
   */
  public void toBitarchivesForMonitor(String replicaId, Message request) {
    toReplica(replicaId, bitarchivesOf(replicaId), request, monitorOf(replicaId));
  }

  /** Sends a heartbeat to a replica's monitor. */
  public void toMonitor(String replicaId, Message heartbeat) {
    toReplica(replicaId, monitorOf(replicaId), heartbeat, null);
  }

  /**
   * The one place a message addressed to a replica is sent: it carries the replica id as the string
   * property {@value #REPLICA_PROPERTY}, which consumers may select on, and the reply-to
   * destination if one is given.
   */
  private void toReplica(
      String replicaId, Destination destination, Message message, Destination replyTo) {
    jakarta.jms.TextMessage text = messages.toTextMessage(jms, message);
    try {
      text.setStringProperty(REPLICA_PROPERTY, replicaId);
      if (replyTo != null) {
        text.setJMSReplyTo(replyTo);
      }
    } catch (jakarta.jms.JMSException e) {
      throw new IllegalStateException("Cannot address a message to replica " + replicaId, e);
    }
    jms.createProducer().send(destination, text);
  }

  /** Sends a heartbeat to the component monitor (MONITOR). */
  public void toComponentMonitor(Message heartbeat) {
    send(componentMonitor, heartbeat);
  }

  private void sendWithReplyTo(Destination destination, Message request, Destination replyTo) {
    jakarta.jms.TextMessage text = messages.toTextMessage(jms, request);
    try {
      text.setJMSReplyTo(replyTo);
    } catch (jakarta.jms.JMSException e) {
      throw new IllegalStateException("Cannot set the reply-to of a request", e);
    }
    jms.createProducer().send(destination, text);
  }

  /** Answers a client directly, e.g. to refuse a malformed request. */
  public void reply(Destination replyTo, Message message) {
    send(replyTo, message);
  }

  private void answer(StoreAction.AnswerStore answer) {
    String requestId = answer.requester().requestId();
    Destination replyTo = replyRoutes.find(requestId);
    StoreReply reply = new StoreReply(requestId, answer.fileName(), answer.ok(), answer.reasons());
    if (replyTo == null) {
      // Only after a restart: the client's wait has ended with it; its retry is answered.
      LOG.info(
          () ->
              "Store of '"
                  + answer.fileName()
                  + "' for request "
                  + requestId
                  + " ended "
                  + (answer.ok() ? "OK" : "NOT OK " + answer.reasons())
                  + "; its client is no longer connected, so it learns this when it stores again");
      return;
    }
    LOG.info(
        () ->
            "Store of '"
                + answer.fileName()
                + "' answered "
                + (answer.ok() ? "OK" : "NOT OK " + answer.reasons())
                + " to request "
                + requestId);
    send(replyTo, reply);
  }

  private static RemoteFileRef remoteFile(FileSource source, long size, String sha512) {
    return new RemoteFileRef(
        source.uri(), size, sha512, source.token(), source.localPath(), source.host());
  }

  /** A replica's upload queue, {@code <ENV>_<REPLICA>_ANY_BA}. */
  private Queue uploadsOf(String replicaId) {
    return jms.createQueue(settings.channels().anyBa(configured(replicaId)).name());
  }

  /** A replica's monitor queue, {@code <ENV>_<REPLICA>_THE_BAMON}. */
  private Queue monitorOf(String replicaId) {
    return jms.createQueue(settings.channels().theBamon(configured(replicaId)).name());
  }

  /** The topic of all bitarchives of a replica, {@code <ENV>_<REPLICA>_ALL_BA}. */
  private Topic bitarchivesOf(String replicaId) {
    return jms.createTopic(settings.channels().allBa(configured(replicaId)).name());
  }

  /**
   * The replica id, checked to be one configured. Its destinations exist: the central server makes
   * them at start-up ({@link ReplicaDestinations}, through ArchiveStartup); a bitarchive node sends
   * to the central's. Not asked of ReplicaDestinations, which a node does not have.
   */
  private String configured(String replicaId) {
    if (!settings.replicaIds().contains(replicaId)) {
      throw new IllegalArgumentException(
          "Unknown replica '" + replicaId + "'; the replicas are " + settings.replicaIds());
    }
    return replicaId;
  }

  private void send(Destination destination, Message message) {
    jms.createProducer().send(destination, messages.toTextMessage(jms, message));
  }
}
