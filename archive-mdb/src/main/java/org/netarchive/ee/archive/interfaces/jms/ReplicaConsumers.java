package org.netarchive.ee.archive.interfaces.jms;

import jakarta.jms.JMSException;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.infrastructure.messaging.jms.ArchiveMessaging;
import org.netarchive.ee.archive.infrastructure.messaging.jms.ReplicaDestinations;

/**
 * How a consumer of the server's replica queues learns the replica a message is for. It reads the
 * configured replicas from the settings only, not from {@link ReplicaDestinations} (which makes the
 * destinations on the local broker): a bitarchive node has no broker of its own.
 */
final class ReplicaConsumers {

  private ReplicaConsumers() {}

  /**
   * The replica whose channel the message was sent to: the address a divert copied it from (see
   * {@link ReplicaDestinations}); for a message sent to the server's queue directly, or consumed by
   * a bitarchive node from the replica's channel, its {@value ArchiveMessaging#REPLICA_PROPERTY}
   * property.
   *
   * @throws IllegalArgumentException if neither names a configured replica
   */
  static String replica(ArchiveSettings settings, jakarta.jms.Message raw) throws JMSException {
    String address = raw.getStringProperty(ReplicaDestinations.ORIGINAL_ADDRESS);
    if (address != null) {
      return settings
          .channels()
          .replicaOfChannel(address, settings.replicaIds())
          .orElseThrow(
              () ->
                  new IllegalArgumentException(
                      "A message from '"
                          + address
                          + "', which is no channel of the replicas "
                          + settings.replicaIds()));
    }
    String replica = raw.getStringProperty(ArchiveMessaging.REPLICA_PROPERTY);
    if (replica == null || !settings.replicaIds().contains(replica)) {
      throw new IllegalArgumentException(
          "A message for replica '"
              + replica
              + "', which is none of the replicas "
              + settings.replicaIds());
    }
    return replica;
  }
}
