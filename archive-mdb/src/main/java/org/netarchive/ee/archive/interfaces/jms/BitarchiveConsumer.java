package org.netarchive.ee.archive.interfaces.jms;

import jakarta.inject.Inject;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.common.jms.JsonMessageListener;
import org.netarchive.ee.common.message.ChecksumRequest;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.UploadRequest;

/**
 * Base of the bitarchive consumers: checks that a message is of the kind the destination takes and
 * addressed to the replica the destination belongs to; anything else fails, so the broker
 * redelivers and finally dead-letters it instead of a bitarchive acting on it.
 */
abstract class BitarchiveConsumer extends JsonMessageListener {

  @Inject private ArchiveSettings settings;

  /** The message as the expected type, for the replica bound at the given position. */
  <T extends Message> T expect(Message message, Class<T> type, int replicaPosition) {
    if (!type.isInstance(message)) {
      throw new IllegalArgumentException(
          "This bitarchive destination takes "
              + type.getSimpleName()
              + " messages, not "
              + message.getClass().getSimpleName());
    }
    String replica = settings.replicaId(replicaPosition);
    T typed = type.cast(message);
    String addressed =
        switch (typed) {
          case UploadRequest upload -> upload.replicaId();
          case ChecksumRequest checksum -> checksum.replicaId();
          default -> replica;
        };
    if (!replica.equals(addressed)) {
      throw new IllegalArgumentException(
          type.getSimpleName()
              + " for replica '"
              + addressed
              + "' arrived at the bitarchives of replica '"
              + replica
              + "'");
    }
    return typed;
  }
}
