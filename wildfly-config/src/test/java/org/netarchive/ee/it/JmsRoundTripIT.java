package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSSecurityRuntimeException;
import jakarta.jms.Queue;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.Ping;
import org.netarchive.ee.common.message.Pong;

/**
 * A remote client authenticated like a harvester agent talks to the MDB on the MONITOR queue
 * through the server's broker: a ping is answered; a malformed message is retried, dead-lettered
 * and logged, and the consumer goes on working.
 *
 * <p>Tagged database-neutral: the broker and the monitor's consumer, no table.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JmsRoundTripIT {

  private static final Channels CHANNELS = Channels.forEnvironment(ServerUnderTest.ENVIRONMENT);
  private static final JmsMessages MESSAGES = JmsMessages.standard();
  private static final Duration ANSWER_WITHIN = Duration.ofSeconds(20);

  private ActiveMQConnectionFactory factory;
  private JMSContext context;

  @BeforeEach
  void connectAsAgent() {
    factory = new ActiveMQConnectionFactory(ServerUnderTest.BROKER);
    context =
        factory.createContext(
            ServerUnderTest.AGENT, ServerUnderTest.agentPassword(), JMSContext.AUTO_ACKNOWLEDGE);
  }

  @AfterEach
  void disconnect() {
    context.close();
    factory.close();
  }

  @Test
  void givenPing_whenSentToMonitorQueue_thenTheMdbAnswersWithPong() throws Exception {
    Pong pong = ping("round-trip");

    assertThat(pong.responder()).isEqualTo("netarchive-server");
  }

  @Test
  void givenMalformedJson_whenSentToMonitorQueue_thenItEndsInTheDeadLetterQueueAndIsLogged()
      throws Exception {
    String marker = UUID.randomUUID().toString();
    String body = "{\"type\": \"Ping\", \"version\": 1, \"id\": ";
    TextMessage malformed = context.createTextMessage(body);
    malformed.setStringProperty("itMarker", marker);
    Queue monitor = context.createQueue(CHANNELS.monitor().name());

    context.createProducer().send(monitor, malformed);

    Queue deadLetters = context.createQueue(CHANNELS.deadLetters().name());
    try (JMSConsumer consumer =
        context.createConsumer(deadLetters, "itMarker = '" + marker + "'")) {
      TextMessage dead = (TextMessage) consumer.receive(Duration.ofSeconds(60).toMillis());
      assertThat(dead).as("the malformed message in " + CHANNELS.deadLetters().name()).isNotNull();
      assertThat(dead.getText()).isEqualTo(body);
      assertThat(dead.getStringProperty("_AMQ_ORIG_ADDRESS")).endsWith(CHANNELS.monitor().name());
    }
    String log = ServerUnderTest.serverLogText();
    String rejection =
        "Rejected message "
            + malformed.getJMSMessageID()
            + " on queue "
            + CHANNELS.monitor().name();
    assertThat(log).contains(rejection + " (delivery attempt 1)");
    // NAS_JMS_MAX_DELIVERY_ATTEMPTS=3 for the tests: three rejections, then the dead-letter queue.
    assertThat(log).contains(rejection + " (delivery attempt 3)");
    assertThat(log).doesNotContain(rejection + " (delivery attempt 4)");
    assertThat(log.lines().filter(line -> line.contains(rejection)).findFirst().orElseThrow())
        .containsIgnoringCase("json");

    assertThat(ping("after-dead-letter").responder()).isEqualTo("netarchive-server");
  }

  @Test
  void givenWrongPassword_whenConnectingToTheBroker_thenRefused() {
    assertThatThrownBy(
            () ->
                factory
                    .createContext(
                        ServerUnderTest.AGENT, "wrong-password", JMSContext.AUTO_ACKNOWLEDGE)
                    .close())
        .isInstanceOf(JMSSecurityRuntimeException.class);
  }

  private Pong ping(String sender) throws Exception {
    Ping ping = new Ping(UUID.randomUUID().toString(), Instant.now(), sender);
    TemporaryQueue replies = context.createTemporaryQueue();
    try (JMSConsumer consumer = context.createConsumer(replies)) {
      TextMessage request = MESSAGES.toTextMessage(context, ping);
      request.setJMSReplyTo(replies);
      context.createProducer().send(context.createQueue(CHANNELS.monitor().name()), request);

      TextMessage answer = (TextMessage) consumer.receive(ANSWER_WITHIN.toMillis());
      assertThat(answer).as("answer to ping " + ping.id()).isNotNull();
      assertThat(answer.getStringProperty(MessageCodec.TYPE_PROPERTY)).isEqualTo("Pong");
      Pong pong = MessageCodec.standard().decode(answer.getText(), Pong.class);
      assertThat(pong.pingId()).isEqualTo(ping.id());
      return pong;
    } finally {
      replies.delete();
    }
  }
}
