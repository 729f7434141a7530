package org.netarchive.ee.agent.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.TestBroker;
import org.netarchive.ee.common.message.ComponentKind;
import org.netarchive.ee.common.message.Heartbeat;

class BrokerLinkTest {

  private static final String QUEUE = "DEV_COMMON_HIGHPRIORITY_TEST";
  private static final Duration WAIT = Duration.ofMillis(20);

  @TempDir Path dir;
  private TestBroker broker;
  private BrokerLink link;

  @BeforeEach
  void connect() throws Exception {
    broker = new TestBroker(dir).start();
    link = new BrokerLink(broker.url(), TestBroker.USER, TestBroker.PASSWORD);
    assertThat(link.connect(() -> false)).isTrue();
  }

  @AfterEach
  void close() throws Exception {
    link.close();
    broker.close();
  }

  @Test
  void givenAnIdleAgent_whenItAsksForJobsAgainAndAgain_thenTheBrokerChecksItsPasswordOnce()
      throws Exception {
    int before = broker.passwordChecks();
    assertThat(link.receive(QUEUE, WAIT)).isNull();
    int firstAsk = broker.passwordChecks() - before;
    assertThat(firstAsk).as("the checks of the first ask's new session").isPositive();

    for (int i = 0; i < 9; i++) {
      assertThat(link.receive(QUEUE, WAIT)).isNull();
    }

    // one session for all ten asks: the broker's password check is deliberately slow
    assertThat(broker.passwordChecks() - before).isEqualTo(firstAsk);
  }

  @Test
  void givenAJobTakenAfterIdleAsks_whenCommitted_thenTheNextAskHasASessionOfItsOwn()
      throws Exception {
    assertThat(link.receive(QUEUE, WAIT)).isNull();
    link.send(QUEUE, heartbeat());

    BrokerLink.Delivery delivery = link.receive(QUEUE, Duration.ofSeconds(10));
    assertThat(delivery).isNotNull();
    delivery.commit(QUEUE + "_REPLIES", heartbeat());

    // the idle session went with the delivery and was closed by its commit: a new one, kept
    int afterCommit = broker.passwordChecks();
    assertThat(link.receive(QUEUE, WAIT)).isNull();
    int newSession = broker.passwordChecks();
    assertThat(newSession).as("a new session after the commit").isGreaterThan(afterCommit);
    assertThat(link.receive(QUEUE, WAIT)).isNull();
    assertThat(broker.passwordChecks()).as("the new session kept").isEqualTo(newSession);
    // the reply went with the commit, in the delivery's session
    assertThat(link.receive(QUEUE + "_REPLIES", Duration.ofSeconds(10))).isNotNull();
  }

  private static Heartbeat heartbeat() {
    return Heartbeat.builder()
        .component("harvester-agent")
        .kind(ComponentKind.HARVESTER_AGENT)
        .instance("test")
        .state("IDLE")
        .sentAt(Instant.now())
        .build();
  }
}
