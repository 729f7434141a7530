package org.netarchive.ee.scheduler.application.channel;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannelRepository;

/**
 * Makes sure every harvest channel in the database has its job queue on the broker when the
 * application starts: the broker may be new (a fresh server directory, a restored database) or
 * older than channels made elsewhere. Queues that exist are left as they are, with their messages.
 *
 * <p>A queue the broker cannot make is logged as an error naming the channel, and the application
 * starts anyway: everything but that channel's jobs works, and the message says how to mend it.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@PermitAll
public class ChannelQueueStartup {

  private static final Logger LOG = Logger.getLogger(ChannelQueueStartup.class.getName());

  @Inject private HarvestChannelRepository channels;
  @Inject private ChannelQueues queues;

  @PostConstruct
  void ensureQueues() {
    int created = 0;
    int total = 0;
    int failed = 0;
    for (HarvestKind kind : HarvestKind.values()) {
      for (HarvestChannel channel : channels.ofKind(kind)) {
        total++;
        try {
          if (queues.ensureQueue(channel.name())) {
            created++;
          }
        } catch (IllegalStateException e) {
          failed++;
          LOG.log(
              Level.SEVERE,
              "No jobs of harvest channel '"
                  + channel.name()
                  + "' can be sent until its queue exists: "
                  + e.getMessage(),
              e);
        }
      }
    }
    LOG.info(
        "Job queues of "
            + (total - failed)
            + " of "
            + total
            + " harvest channels are on the broker ("
            + created
            + " created now)");
  }
}
