package org.netarchive.ee.archive.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Singleton;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.netarchive.ee.archive.domain.model.bitarchive.BitarchiveStorage;
import org.netarchive.ee.archive.infrastructure.messaging.jms.ArchiveMessaging;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.Heartbeat;

/**
 * Tells the component monitor (MONITOR queue) and each replica's monitor (THE_BAMON) every {@link
 * ArchiveSettings#heartbeatInterval()} (default a minute) that this server's bitarchives run, with
 * their directories and the usable space of each, so that a full disk is seen before a store fails
 * on it, and a replica's monitor knows which instances to wait for.
 */
@PermitAll
@Singleton
public class BitarchiveHeartbeats {

  @Inject private Bitarchives bitarchives;
  @Inject private ArchiveSettings settings;
  @Inject private ArchiveMessaging messaging;

  @Resource private TimerService timers;

  @PostConstruct
  void schedule() {
    long interval = settings.heartbeatInterval().toMillis();
    timers.createIntervalTimer(interval, interval, new TimerConfig("bitarchive heartbeats", false));
  }

  @Timeout
  void beat() {
    send();
  }

  /** The component name of a bitarchive instance of a replica. */
  public static String componentName(String replicaId, String instance) {
    return "bitarchive-" + replicaId + "-" + instance;
  }

  /** Sends one heartbeat per replica. */
  public void send() {
    for (String replica : settings.localReplicaIds()) {
      BitarchiveStorage storage = bitarchives.of(replica);
      Heartbeat.Builder heartbeat =
          Heartbeat.builder()
              .component(componentName(replica, bitarchives.instanceName()))
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
      Heartbeat built = heartbeat.build();
      messaging.toComponentMonitor(built);
      messaging.toMonitor(replica, built);
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
