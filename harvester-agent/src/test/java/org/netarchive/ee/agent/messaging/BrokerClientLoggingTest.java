package org.netarchive.ee.agent.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.logging.RecentWarnings;
import org.slf4j.LoggerFactory;

/**
 * The broker client (Artemis) logs through SLF4J; the agent ships SLF4J's binding to
 * java.util.logging, so that the client's warnings reach the agent's log and its heartbeats' recent
 * warnings instead of SLF4J's no-operation default.
 */
class BrokerClientLoggingTest {

  @Test
  void givenTheAgentsClasspath_whenTheBrokerClientWarns_thenTheAgentsRecentWarningsHaveIt() {
    RecentWarnings warnings = new RecentWarnings(10).installOn("");
    String marker =
        "AMQ212037: Connection failure to /127.0.0.1:61616 has been detected ("
            + System.nanoTime()
            + ")";
    try {
      LoggerFactory.getLogger("org.apache.activemq.artemis.core.client").warn(marker);
    } finally {
      warnings.close();
    }

    assertThat(warnings.entries())
        .anySatisfy(
            e -> {
              assertThat(e.message()).isEqualTo(marker);
              assertThat(e.level()).isEqualTo("WARNING");
              assertThat(e.logger()).isEqualTo("org.apache.activemq.artemis.core.client");
            });
  }
}
