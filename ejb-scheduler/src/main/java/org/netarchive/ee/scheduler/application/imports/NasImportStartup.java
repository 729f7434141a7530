package org.netarchive.ee.scheduler.application.imports;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.inject.Inject;

/**
 * Resumes, once the application has started, the NetarchiveSuite imports a stop of the server
 * interrupted: their batch job is started again and goes on after the last chunk each step recorded
 * (the status counts the resumption and says where it went on). An import that cannot be resumed
 * (its source no longer opens, say) fails with the reason.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@PermitAll
public class NasImportStartup {

  @Inject private NasImportJobControl jobs;
  @Resource private TimerService timers;

  @PostConstruct
  void afterStart() {
    // the batch runtime and the batch module are up once deployment is done
    timers.createSingleActionTimer(5_000, new TimerConfig("netarchivesuite-import-resume", false));
  }

  @Timeout
  void resumeInterrupted() {
    jobs.resumeInterrupted();
  }
}
