package org.netarchive.ee.node;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.logging.Logger;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.application.BitarchiveHeartbeats;

/**
 * Starts a bitarchive node: checks that the server is configured as one ({@code NAS_ROLE=node}, so
 * that it has no staging directory and reads every offered file over HTTP), and announces its
 * bitarchives to the central's monitors at once, as the central's own start does (ArchiveStartup,
 * which is not part of the node); the heartbeats' timer then repeats it.
 */
@PermitAll
@Singleton
@Startup
@DependsOn({"Bitarchives", "BitarchiveHeartbeats"})
public class NodeStartup {

  private static final Logger LOG = Logger.getLogger(NodeStartup.class.getName());

  @Inject private ArchiveSettings settings;
  @Inject private BitarchiveHeartbeats heartbeats;

  @PostConstruct
  void start() {
    if (!settings.bitarchiveNode()) {
      throw new IllegalStateException(
          "netarchive-node.war is the deployment of a bitarchive node, but "
              + ArchiveSettings.ROLE
              + " (NAS_ROLE) is not 'node'; a central server deploys the EAR");
    }
    heartbeats.send();
    LOG.info(
        () ->
            "Bitarchive node of the replicas "
                + settings.localReplicaIds()
                + " (of "
                + settings.replicaIds()
                + ") started; environment "
                + settings.channels().environment());
  }
}
