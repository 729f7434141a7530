package org.netarchive.ee.agent.config;

import java.util.List;

/** The agent's configuration is unusable; the message names each key and value at fault. */
public final class ConfigurationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  /**
   * @param message what is wrong
   */
  public ConfigurationException(String message) {
    super(message);
    this.problems = List.of(message);
  }

  /**
   * @param summary a summary line
   * @param problems each problem, naming its key and value
   */
  public ConfigurationException(String summary, List<String> problems) {
    super(summary + ":\n  - " + String.join("\n  - ", problems));
    this.problems = List.copyOf(problems);
  }

  /**
   * @return each problem found
   */
  public List<String> problems() {
    return problems;
  }
}
