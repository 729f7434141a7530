package org.netarchive.ee.scheduler.infrastructure.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.channel.Channels;

/**
 * The queue a channel gets is asked of the broker's management bean as Artemis' {@code
 * ActiveMQServerControl} takes it; here a stand-in bean of the same name and operations answers.
 */
class JmxChannelQueuesTest {

  /** The attribute and operation of ActiveMQServerControl the queues use. */
  public interface BrokerControlMBean {
    String[] getQueueNames();

    String createQueue(String queueConfiguration, boolean ignoreIfExists);
  }

  /** A broker that has the queues it was asked to create. */
  public static final class BrokerControl implements BrokerControlMBean {
    final List<String> queues = new ArrayList<>(List.of("jms.queue.DEV_COMMON_MONITOR"));
    final List<String> requests = new ArrayList<>();

    @Override
    public String[] getQueueNames() {
      return queues.toArray(String[]::new);
    }

    @Override
    public String createQueue(String queueConfiguration, boolean ignoreIfExists) {
      requests.add(queueConfiguration);
      JsonObject configuration =
          Json.createReader(new StringReader(queueConfiguration)).readObject();
      queues.add(configuration.getString("name"));
      return queueConfiguration;
    }
  }

  private final MBeanServer server = MBeanServerFactory.newMBeanServer();
  private final JmxChannelQueues queues =
      new JmxChannelQueues(Channels.forEnvironment("DEV"), server);

  @Test
  void givenANewChannel_whenEnsuringItsQueue_thenADurableAnycastJmsQueueIsCreatedOnce()
      throws Exception {
    BrokerControl broker = new BrokerControl();
    server.registerMBean(broker, new ObjectName(JmxChannelQueues.BROKER_MBEAN));

    boolean first = queues.ensureQueue("FOCUSED");
    boolean second = queues.ensureQueue("FOCUSED");

    assertThat(first).isTrue();
    assertThat(second).isFalse();
    assertThat(queues.queueName("FOCUSED")).isEqualTo("DEV_COMMON_ANY_FOCUSED_HACO");
    assertThat(broker.requests).hasSize(1);
    JsonObject request = Json.createReader(new StringReader(broker.requests.get(0))).readObject();
    assertThat(request.getString("name")).isEqualTo("jms.queue.DEV_COMMON_ANY_FOCUSED_HACO");
    assertThat(request.getString("address")).isEqualTo("jms.queue.DEV_COMMON_ANY_FOCUSED_HACO");
    assertThat(request.getString("routing-type")).isEqualTo("ANYCAST");
    assertThat(request.getBoolean("durable")).isTrue();
  }

  @Test
  void givenNoBrokerManagementBean_whenEnsuringAQueue_thenTheErrorSaysHowToEnableIt() {
    assertThatIllegalStateException()
        .isThrownBy(() -> queues.ensureQueue("FOCUSED"))
        .withMessageContaining("DEV_COMMON_ANY_FOCUSED_HACO")
        .withMessageContaining("jmx-management-enabled=true");
  }
}
