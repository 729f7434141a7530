package org.netarchive.ee.scheduler.application.monitor;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * The operator's check of the database schema against the migrations this release ships (the
 * verify-schema batch job), without changing anything.
 */
@ApplicationScoped
public class SchemaCheck {

  @EJB private SchemaMigration migration;

  /** What the database holds compared with the shipped migrations. */
  public SchemaReport check() {
    return migration.check();
  }
}
