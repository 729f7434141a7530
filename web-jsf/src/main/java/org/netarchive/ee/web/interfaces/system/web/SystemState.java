package org.netarchive.ee.web.interfaces.system.web;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.List;
import org.netarchive.ee.scheduler.application.Installation;
import org.netarchive.ee.scheduler.application.SystemMonitor;
import org.netarchive.ee.scheduler.domain.model.component.ComponentStatus;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaReport;

/** Backs index.xhtml, the system state page, and the environment badge of every page. */
@Named
@RequestScoped
public class SystemState {

  @Inject private Installation installation;
  @EJB private SystemMonitor monitor;
  @EJB private SchemaMigration schemaMigration;

  private SchemaReport schema;
  private List<ComponentStatus> components;

  public String getEnvironmentName() {
    return installation.environmentName();
  }

  public SchemaReport getSchema() {
    if (schema == null) {
      schema = schemaMigration.check();
    }
    return schema;
  }

  public List<ComponentStatus> getComponents() {
    if (components == null) {
      components = monitor.components();
    }
    return components;
  }
}
