package org.netarchive.ee.archive.interfaces.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.application.BitarchiveMonitor;
import org.netarchive.ee.common.jms.JsonMessageListener;
import org.netarchive.ee.common.message.BatchRequest;
import org.netarchive.ee.common.message.BitarchiveBatchReply;
import org.netarchive.ee.common.message.ChecksumReply;
import org.netarchive.ee.common.message.ChecksumRequest;
import org.netarchive.ee.common.message.GetFileReply;
import org.netarchive.ee.common.message.GetFileRequest;
import org.netarchive.ee.common.message.GetRecordReply;
import org.netarchive.ee.common.message.GetRecordRequest;
import org.netarchive.ee.common.message.Heartbeat;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.RemoveAndGetFileReply;
import org.netarchive.ee.common.message.RemoveAndGetFileRequest;

/**
 * The monitors of every replica: what reaches a replica's monitor queue {@code
 * <ENV>_<REPLICA>_THE_BAMON} (the instances' heartbeats, the clients' get and batch requests passed
 * on by the repository, and the instances' answers) is diverted to {@code
 * <ENV>_COMMON_BITARCHIVE_MONITOR}; the address it was sent to names the replica.
 */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/COMMON_BITARCHIVE_MONITOR"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "8")
    })
public class ReplicaMonitorConsumer extends JsonMessageListener {

  @Inject private ArchiveSettings settings;
  @Inject private BitarchiveMonitor monitor;

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    String replica = ReplicaConsumers.replica(settings, raw);
    Destination replyTo = raw.getJMSReplyTo();
    switch (message) {
      case Heartbeat heartbeat -> monitor.heartbeat(replica, heartbeat);
      case GetFileRequest request -> monitor.request(replica, request, requireReplyTo(replyTo));
      case GetRecordRequest request -> monitor.request(replica, request, requireReplyTo(replyTo));
      case BatchRequest request -> monitor.request(replica, request, requireReplyTo(replyTo));
      case RemoveAndGetFileRequest request ->
          monitor.request(replica, request, requireReplyTo(replyTo));
      case ChecksumRequest request -> monitor.request(replica, request, requireReplyTo(replyTo));
      case GetFileReply reply -> monitor.answer(replica, reply);
      case GetRecordReply reply -> monitor.answer(replica, reply);
      case BitarchiveBatchReply reply -> monitor.answer(replica, reply);
      case RemoveAndGetFileReply reply -> monitor.answer(replica, reply);
      case ChecksumReply reply -> monitor.answer(replica, reply);
      default ->
          throw new IllegalArgumentException(
              "THE_BAMON takes Heartbeat, GetFileRequest, GetRecordRequest, BatchRequest,"
                  + " RemoveAndGetFileRequest, ChecksumRequest and the"
                  + " bitarchives' answers to them, not "
                  + message.getClass().getSimpleName());
    }
  }

  private static Destination requireReplyTo(Destination replyTo) {
    if (replyTo == null) {
      throw new IllegalArgumentException("A request to THE_BAMON needs a reply-to destination");
    }
    return replyTo;
  }
}
