package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.common.channel.Channel;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.Ping;

/**
 * The Prometheus endpoint on the management interface answers, with the application's meters; the
 * broker defines every channel of the naming convention for the default replicas.
 *
 * <p>Tagged database-neutral: the endpoint and the broker's destinations; the figures that come
 * from the database are OperationsIT's, which runs on PostgreSQL too.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class MetricsAndDestinationsIT {

  @Test
  void givenAMonitorMessage_whenScrapingMetrics_thenPrometheusTextHasTheApplicationCounter()
      throws Exception {
    sendPingAndAwaitAnswer();

    HttpResponse<String> metrics =
        ServerUnderTest.send(
            ServerUnderTest.request(ServerUnderTest.MANAGEMENT + "/metrics").GET().build());

    assertThat(metrics.statusCode()).isEqualTo(200);
    assertThat(metrics.body()).contains("# TYPE ", "jvm_memory_used_bytes");
    assertThat(metrics.body())
        .containsPattern("netarchive_monitor_messages_total\\{[^}]*type=\"Ping\"[^}]*} [1-9]");
  }

  @Test
  void givenTheApplicationsMeters_whenScrapingMetrics_thenEachHasAHelpText() throws Exception {
    sendPingAndAwaitAnswer();
    // the archive's and the scheduler's gauges are registered at start, the counter by the ping
    Metrics metrics =
        Metrics.await(Duration.ofSeconds(30), "netarchive_archive_stores_in_progress", v -> v >= 0);

    List<String> families =
        metrics
            .text()
            .lines()
            .filter(l -> l.startsWith("# TYPE netarchive_"))
            .map(l -> l.split(" ")[2])
            .toList();
    assertThat(families)
        .contains(
            "netarchive_monitor_messages_total",
            "netarchive_jobs",
            "netarchive_archive_files",
            "netarchive_queue_messages");
    for (String family : families) {
      assertThat(metrics.text().lines().filter(l -> l.startsWith("# HELP " + family + " ")))
          .as("HELP of %s", family)
          .singleElement()
          .satisfies(
              help -> assertThat(help.substring(("# HELP " + family).length())).isNotBlank());
    }
    assertThat(metrics.text())
        .contains("# HELP netarchive_monitor_messages_total Pings and heartbeats received");
  }

  @Test
  void givenDefaultInstallation_whenListingJmsDestinations_thenEveryStaticChannelExists()
      throws Exception {
    List<String> queues = ServerUnderTest.messagingChildren("jms-queue");
    List<String> topics = ServerUnderTest.messagingChildren("jms-topic");

    List<Channel> expected =
        Channels.forEnvironment(ServerUnderTest.ENVIRONMENT)
            .allStaticChannels(List.of("ONE", "TWO"));
    for (Channel channel : expected) {
      assertThat(channel.isTopic() ? topics : queues)
          .as(channel.toString())
          .contains(channel.name());
    }
    assertThat(topics)
        .containsExactlyInAnyOrder("DEV_ONE_ALL_BA", "DEV_TWO_ALL_BA", "DEV_COMMON_ALL_HACO");
  }

  private static void sendPingAndAwaitAnswer() throws Exception {
    try (RemoteAgent agent = new RemoteAgent()) {
      JMSContext context = agent.context();
      TemporaryQueue replies = context.createTemporaryQueue();
      try (JMSConsumer consumer = context.createConsumer(replies)) {
        TextMessage ping =
            JmsMessages.standard()
                .toTextMessage(
                    context, new Ping(UUID.randomUUID().toString(), Instant.now(), "metrics-it"));
        ping.setJMSReplyTo(replies);
        context
            .createProducer()
            .send(
                context.createQueue(
                    Channels.forEnvironment(ServerUnderTest.ENVIRONMENT).monitor().name()),
                ping);
        assertThat(consumer.receive(20_000)).as("pong").isNotNull();
      }
    }
  }
}
