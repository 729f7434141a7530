package org.netarchive.ee.scheduler.application.monitor;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import java.util.List;
import org.netarchive.ee.common.logging.RecentWarnings;
import org.netarchive.ee.common.message.LogEntry;

/**
 * The server's own last log messages of level warning and above, of every logger of the server (the
 * application's and WildFly's), kept in memory from the application's start: the server's part of
 * the system state page. The bitarchives and the ArcRepository run in the server, so theirs are
 * here too (loggers {@code org.netarchive.ee.archive.*}).
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@PermitAll
public class ServerWarnings {

  /** How many records are kept. */
  public static final int CAPACITY = 100;

  private RecentWarnings handler;

  @PostConstruct
  void install() {
    handler = new RecentWarnings(CAPACITY).installOn("");
  }

  @PreDestroy
  void uninstall() {
    handler.close();
  }

  /** The last warnings, oldest first. */
  public List<LogEntry> all() {
    return handler.entries();
  }

  /** The last warnings of loggers whose names start with one of {@code prefixes}, oldest first. */
  public List<LogEntry> of(List<String> prefixes) {
    return handler.entries().stream()
        .filter(e -> prefixes.stream().anyMatch(p -> e.logger().startsWith(p)))
        .toList();
  }
}
