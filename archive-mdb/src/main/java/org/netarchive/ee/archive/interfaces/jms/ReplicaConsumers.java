package org.netarchive.ee.archive.interfaces.jms;

import jakarta.jms.JMSException;
import org.netarchive.ee.archive.infrastructure.messaging.jms.ArchiveMessaging;
import org.netarchive.ee.archive.infrastructure.messaging.jms.ReplicaDestinations;

/** How a consumer of the server's replica queues learns the replica a message is for. */
final class ReplicaConsumers {

  private ReplicaConsumers() {}

  /**
   * The replica whose channel the message was sent to: the address a divert copied it from (see
   * {@link ReplicaDestinations}); for a message sent to the server's queue directly, its {@value
   * ArchiveMessaging#REPLICA_PROPERTY} property.
   *
   * @throws IllegalArgumentException if neither names a configured replica
   */
  static String replica(ReplicaDestinations destinations, jakarta.jms.Message raw)
      throws JMSException {
    String address = raw.getStringProperty(ReplicaDestinations.ORIGINAL_ADDRESS);
    if (address != null) {
      String replica = destinations.replicaOfAddress(address);
      if (replica == null) {
        throw new IllegalArgumentException(
            "A message from '"
                + address
                + "', which is no channel of the replicas "
                + destinations.replicaIds());
      }
      return replica;
    }
    String replica = raw.getStringProperty(ArchiveMessaging.REPLICA_PROPERTY);
    if (replica == null || !destinations.replicaIds().contains(replica)) {
      throw new IllegalArgumentException(
          "A message for replica '"
              + replica
              + "', which is none of the replicas "
              + destinations.replicaIds());
    }
    return replica;
  }
}
