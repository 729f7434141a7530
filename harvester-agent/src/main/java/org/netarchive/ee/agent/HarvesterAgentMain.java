package org.netarchive.ee.agent;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import org.netarchive.ee.agent.config.AgentConfiguration;
import org.netarchive.ee.agent.config.ConfigurationException;
import org.netarchive.ee.agent.store.ArchiveStoreFactory;

/**
 * Starts the harvester agent: {@code --config FILE [--check]}. Exit status 0 after an orderly stop
 * (or a good check), 2 for bad arguments or configuration, 1 for a failure at run time.
 */
public final class HarvesterAgentMain {

  static final int OK = 0;
  static final int FAILED = 1;
  static final int BAD_USAGE = 2;

  private HarvesterAgentMain() {}

  /**
   * Runs the agent until the JVM is asked to stop.
   *
   * @param args {@code --config FILE} and optionally {@code --check}
   */
  public static void main(String[] args) {
    System.exit(run(args, System.getenv(), System.out, System.err));
  }

  static int run(String[] args, Map<String, String> environment, PrintStream out, PrintStream err) {
    Path config = null;
    boolean check = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--config" -> {
          if (i + 1 >= args.length) {
            err.println("harvester-agent: --config needs a file name");
            return BAD_USAGE;
          }
          config = Path.of(args[++i]);
        }
        case "--check" -> check = true;
        default -> {
          err.println(
              "harvester-agent: unknown argument '" + args[i] + "' (use --config FILE [--check])");
          return BAD_USAGE;
        }
      }
    }
    if (config == null) {
      err.println("harvester-agent: no configuration given (use --config FILE [--check])");
      return BAD_USAGE;
    }
    AgentConfiguration configuration;
    try {
      configuration = AgentConfiguration.load(config, environment);
      if (check) {
        ArchiveStoreFactory.installed(HarvesterAgentMain.class.getClassLoader())
            .check(configuration);
      }
    } catch (ConfigurationException e) {
      err.println("harvester-agent: " + e.getMessage());
      return BAD_USAGE;
    }
    if (check) {
      out.println("harvester-agent: configuration " + config + " is valid: " + configuration);
      return OK;
    }
    return HarvesterAgent.runUntilStopped(configuration, config, err);
  }
}
