package org.netarchive.ee.web.interfaces.system.web;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.archive.application.CaptureIndexing;
import org.netarchive.ee.common.message.LogEntry;
import org.netarchive.ee.scheduler.application.Installation;
import org.netarchive.ee.scheduler.application.fleet.AgentFleet;
import org.netarchive.ee.scheduler.application.fleet.FleetCommandView;
import org.netarchive.ee.scheduler.application.job.NotificationLog;
import org.netarchive.ee.scheduler.application.job.NotificationRecord;
import org.netarchive.ee.scheduler.application.monitor.SchemaReport;
import org.netarchive.ee.scheduler.application.monitor.SystemStateService;
import org.netarchive.ee.scheduler.application.monitor.SystemStateView;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs index.xhtml, the system state page (the server's parts, the harvester agents, the replicas'
 * bitarchive instances and other components, each with its last warnings, the latest notifications,
 * the latest commands to agents), the admins' pause, resume and re-read settings of an agent, and
 * the environment badge of every page.
 */
@Named
@RequestScoped
public class SystemState {

  /** The prefix of the keys naming each kind of command to agents. */
  private static final String COMMAND_KIND = "system.command.";

  @Inject private Installation installation;
  @EJB private SystemStateService systemState;
  @EJB private SchemaMigration schemaMigration;
  @EJB private NotificationLog notificationLog;
  @EJB private CaptureIndexing captureIndexing;
  @EJB private AgentFleet fleet;

  private CaptureIndexing.Status captureIndex;

  private SchemaReport schema;
  private SystemStateView view;

  public String getEnvironmentName() {
    return installation.environmentName();
  }

  /** The version of the server's build, which every agent should run too. */
  public String getServerVersion() {
    return SystemStateView.serverVersion();
  }

  public SchemaReport getSchema() {
    if (schema == null) {
      schema = schemaMigration.check();
    }
    return schema;
  }

  /** The archive-wide capture index's indexer: its lag, files and captures. */
  public CaptureIndexing.Status getCaptureIndex() {
    if (captureIndex == null) {
      captureIndex = captureIndexing.status();
    }
    return captureIndex;
  }

  /** The installation now, read once per request. */
  public SystemStateView getView() {
    if (view == null) {
      view = systemState.state();
    }
    return view;
  }

  /** A map's entries as a list, for tables and repeats. */
  public List<Map.Entry<String, String>> entries(Map<String, String> map) {
    return List.copyOf(map.entrySet());
  }

  /** A warning and where it comes from, for the page's list of every warning. */
  public record WarningRow(String source, LogEntry entry) {}

  /**
   * The warnings of the server, of every agent and of every bitarchive instance, newest first, each
   * with its source (the server, or the component and instance).
   */
  public List<WarningRow> getWarningRows() {
    List<WarningRow> rows = new java.util.ArrayList<>();
    getView().serverWarnings().forEach(w -> rows.add(new WarningRow("server", w)));
    for (SystemStateView.Agent a : getView().agents()) {
      a.warnings().forEach(w -> rows.add(new WarningRow("harvester-agent " + a.instance(), w)));
    }
    for (SystemStateView.ReplicaInstance r : getView().replicas()) {
      r.warnings().forEach(w -> rows.add(new WarningRow(r.component() + " " + r.instance(), w)));
    }
    for (SystemStateView.Component c : getView().otherComponents()) {
      c.warnings().forEach(w -> rows.add(new WarningRow(c.component() + " " + c.instance(), w)));
    }
    rows.sort(java.util.Comparator.comparing((WarningRow r) -> r.entry().at()).reversed());
    return rows;
  }

  /** The latest notifications and how their mail and webhook went, newest first. */
  public List<NotificationRecord> getNotifications() {
    return notificationLog.recent(25);
  }

  /** The latest commands to agents and their answers, newest first. */
  public List<FleetCommandView> getAgentCommands() {
    return fleet.recent(50);
  }

  /** Whether the operators want an agent paused (it may still be finishing a job). */
  public boolean pausedByOperator(String agent) {
    return fleet.pausedByOperator(agent);
  }

  /** Pauses an agent: it finishes its job, then takes none until resumed. */
  public String pause(String agent) {
    return sent(agent, () -> fleet.pause(agent));
  }

  /** Resumes a paused agent. */
  public String resume(String agent) {
    return sent(agent, () -> fleet.resume(agent));
  }

  /** Makes an agent read its settings again; its answer shows among the commands. */
  public String reloadSettings(String agent) {
    return sent(agent, () -> fleet.reloadSettings(agent));
  }

  private String sent(String agent, java.util.function.Supplier<FleetCommandView> call) {
    FleetCommandView command = Refusals.attempt(null, null, call).orElse(null);
    if (command == null) {
      return null;
    }
    Refusals.infoAfterRedirect(
        Texts.text(
            "system.commandSent", command.id(), Texts.text(COMMAND_KIND + command.kind()), agent));
    return "/index?faces-redirect=true";
  }

  /** The newest first, as operators read logs on a page. */
  public List<LogEntry> newestFirst(List<LogEntry> entries) {
    return entries.reversed();
  }
}
