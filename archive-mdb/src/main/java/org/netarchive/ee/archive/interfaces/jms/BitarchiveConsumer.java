package org.netarchive.ee.archive.interfaces.jms;

import jakarta.inject.Inject;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.application.Bitarchive;
import org.netarchive.ee.common.jms.JsonMessageListener;
import org.netarchive.ee.common.message.BatchRequest;
import org.netarchive.ee.common.message.ChecksumRequest;
import org.netarchive.ee.common.message.GetFileRequest;
import org.netarchive.ee.common.message.GetRecordRequest;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.RemoveAndGetFileRequest;
import org.netarchive.ee.common.message.UploadRequest;

/**
 * Base of the bitarchive consumers: checks that a message is addressed to the replica whose channel
 * it was sent to (see {@link ReplicaConsumers#replica}); anything else fails, so the broker
 * redelivers and finally dead-letters it instead of a bitarchive acting on it.
 */
abstract class BitarchiveConsumer extends JsonMessageListener {

  @Inject private ArchiveSettings settings;
  @Inject private Bitarchive bitarchive;

  /** An upload to the bitarchive of the replica whose ANY_BA it was sent to. */
  void upload(Message message, jakarta.jms.Message raw) throws JMSException {
    if (!(addressed(message, raw) instanceof UploadRequest upload)) {
      throw new IllegalArgumentException(
          "The bitarchives' upload queue takes UploadRequest messages, not "
              + message.getClass().getSimpleName());
    }
    bitarchive.upload(upload);
  }

  /** A request to every bitarchive of the replica whose ALL_BA it was sent to. */
  void request(Message message, jakarta.jms.Message raw) throws JMSException {
    Destination replyTo = raw.getJMSReplyTo();
    switch (addressed(message, raw)) {
      case ChecksumRequest request -> bitarchive.checksum(request, replyTo);
      case GetFileRequest request -> bitarchive.getFile(request, replyTo);
      case GetRecordRequest request -> bitarchive.getRecord(request, replyTo);
      case BatchRequest request -> bitarchive.batch(request, replyTo);
      case RemoveAndGetFileRequest request -> bitarchive.removeAndGetFile(request, replyTo);
      default ->
          throw new IllegalArgumentException(
              "The bitarchives' topic takes ChecksumRequest, GetFileRequest, GetRecordRequest,"
                  + " BatchRequest and RemoveAndGetFileRequest messages, not "
                  + message.getClass().getSimpleName());
    }
  }

  /** The message, after checking that it is addressed to the replica it was sent to. */
  Message addressed(Message message, jakarta.jms.Message raw) throws JMSException {
    String replica = ReplicaConsumers.replica(settings, raw);
    String addressed =
        switch (message) {
          case UploadRequest m -> m.replicaId();
          case ChecksumRequest m -> m.replicaId();
          case GetFileRequest m -> m.replicaId();
          case GetRecordRequest m -> m.replicaId();
          case BatchRequest m -> m.replicaId();
          case RemoveAndGetFileRequest m -> m.replicaId();
          default -> replica;
        };
    if (!replica.equals(addressed)) {
      throw new IllegalArgumentException(
          message.getClass().getSimpleName()
              + " for replica '"
              + addressed
              + "' arrived at the bitarchives of replica '"
              + replica
              + "'");
    }
    return message;
  }
}
