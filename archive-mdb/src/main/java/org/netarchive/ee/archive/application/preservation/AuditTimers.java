package org.netarchive.ee.archive.application.preservation;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import java.util.logging.Logger;

/**
 * The audits' clock: every minute the due schedules start their audits; shortly after start-up the
 * audits a stop or crash interrupted are resumed (not in the start-up itself, while the batch
 * runtime may not take jobs yet).
 */
@PermitAll
@Singleton
@Startup
public class AuditTimers {

  private static final Logger LOG = Logger.getLogger(AuditTimers.class.getName());

  @Resource private TimerService timers;
  @EJB private Audits audits;

  @PostConstruct
  void afterStart() {
    timers.createSingleActionTimer(3_000, new TimerConfig("resume interrupted audits", false));
  }

  @Timeout
  void resumeInterrupted() {
    int resumed = audits.resumeInterrupted();
    if (resumed > 0) {
      LOG.info(() -> "Resumed " + resumed + " interrupted audits");
    }
  }

  @Schedule(minute = "*", hour = "*", persistent = false)
  void startDue() {
    audits.startDue();
  }
}
