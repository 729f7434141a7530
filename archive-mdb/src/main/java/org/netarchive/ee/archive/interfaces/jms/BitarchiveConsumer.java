package org.netarchive.ee.archive.interfaces.jms;

import jakarta.inject.Inject;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.common.jms.JsonMessageListener;
import org.netarchive.ee.common.message.BatchRequest;
import org.netarchive.ee.common.message.ChecksumRequest;
import org.netarchive.ee.common.message.GetFileRequest;
import org.netarchive.ee.common.message.GetRecordRequest;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.UploadRequest;

/**
 * Base of the bitarchive consumers: checks that a message is addressed to the replica the
 * destination belongs to; anything else fails, so the broker redelivers and finally dead-letters it
 * instead of a bitarchive acting on it.
 */
abstract class BitarchiveConsumer extends JsonMessageListener {

  @Inject private ArchiveSettings settings;

  /**
   * The message, after checking that it is addressed to the replica bound at the given position.
   */
  Message addressed(Message message, int replicaPosition) {
    String replica = settings.replicaId(replicaPosition);
    String addressed =
        switch (message) {
          case UploadRequest m -> m.replicaId();
          case ChecksumRequest m -> m.replicaId();
          case GetFileRequest m -> m.replicaId();
          case GetRecordRequest m -> m.replicaId();
          case BatchRequest m -> m.replicaId();
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
