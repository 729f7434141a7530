package org.netarchive.ee.archive.application;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.List;
import java.util.logging.Logger;
import org.netarchive.ee.archive.infrastructure.messaging.jms.ReplicaDestinations;

/**
 * Resumes the stores a stop or crash interrupted: every replica still uploading or being checked is
 * asked again (replicas answer repeated requests idempotently). Runs after the bitarchives have
 * cleaned up, and after the schema migration (ejb-scheduler starts first in the EAR).
 */
@PermitAll
@Singleton
@Startup
@DependsOn({"Bitarchives", "BitarchiveHeartbeats"})
public class ArchiveStartup {

  private static final Logger LOG = Logger.getLogger(ArchiveStartup.class.getName());

  @Inject private ArcRepository repository;
  @Inject private BitarchiveHeartbeats heartbeats;
  @Inject private ArchiveUploads uploads;
  @Inject private ReplicaDestinations destinations;

  @PostConstruct
  void resume() {
    // The replicas' destinations and diverts, before anything is sent to them: nothing else asks
    // for them early (the senders and consumers read the replicas from the settings, as a
    // bitarchive node does), and the bean is made at its first use.
    List<String> replicas = destinations.replicaIds();
    LOG.fine(() -> "The destinations of the replicas " + replicas + " are on the broker");
    // The monitor knows the bitarchives from the start, not only after the first minute.
    heartbeats.send();
    int resumed = repository.resumeUnfinishedStores();
    if (resumed > 0) {
      LOG.info(() -> "Resumed " + resumed + " unfinished stores");
    }
    // Staged uploads whose stores will not complete (the unfinished ones are offered again above).
    uploads.ageOut();
  }
}
