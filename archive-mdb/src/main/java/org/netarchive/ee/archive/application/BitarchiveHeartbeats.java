package org.netarchive.ee.archive.application;

import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
import jakarta.jms.Queue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.netarchive.ee.archive.domain.model.bitarchive.BitarchiveStorage;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.Heartbeat;

/**
 * Tells the component monitor (MONITOR queue) every minute that this server's bitarchives run, with
 * their directories and the usable space of each, so that a full disk is seen before a store fails
 * on it.
 */
@PermitAll
@Singleton
public class BitarchiveHeartbeats {

  @Inject private Bitarchives bitarchives;
  @Inject private ArchiveSettings settings;
  @Inject private JMSContext jms;

  @Resource(lookup = "java:/jms/netarchive/COMMON_MONITOR")
  private Queue monitor;

  private final JmsMessages messages = JmsMessages.standard();

  @Schedule(hour = "*", minute = "*", persistent = false)
  void everyMinute() {
    send();
  }

  /** Sends one heartbeat per replica. */
  public void send() {
    for (String replica : settings.replicaIds()) {
      BitarchiveStorage storage = bitarchives.of(replica);
      Heartbeat.Builder heartbeat =
          Heartbeat.builder()
              .component("bitarchive-" + replica + "-" + bitarchives.instanceName())
              .kind(ComponentKind.BITARCHIVE)
              .instance(bitarchives.instanceName())
              .state("RUNNING")
              .sentAt(Instant.now())
              .channel(settings.channels().anyBa(replica).name())
              .detail("replica", replica);
      for (int i = 0; i < storage.directories().size(); i++) {
        Path dir = storage.directories().get(i);
        heartbeat.detail("directory." + i, dir.toString());
        heartbeat.detail("directory." + i + ".usableBytes", usable(dir));
      }
      jms.createProducer().send(monitor, messages.toTextMessage(jms, heartbeat.build()));
    }
  }

  private static String usable(Path dir) {
    try {
      return String.valueOf(Files.getFileStore(dir).getUsableSpace());
    } catch (IOException e) {
      return "unknown: " + e.getMessage();
    }
  }
}
