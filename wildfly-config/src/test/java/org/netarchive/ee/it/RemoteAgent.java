package org.netarchive.ee.it;

import jakarta.jms.JMSContext;
import java.time.Instant;
import java.util.List;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.netarchive.ee.common.channel.Channels;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.DomainStatistics;
import org.netarchive.ee.common.message.JobFinished;
import org.netarchive.ee.common.message.JobOutcome;
import org.netarchive.ee.common.message.Message;

/**
 * The tests as a harvester agent outside the server: connected to the broker with the agent's
 * account, it reads crawl requests and sends the scheduler an agent's reports.
 */
final class RemoteAgent implements AutoCloseable {

  static final Channels CHANNELS = Channels.forEnvironment(ServerUnderTest.ENVIRONMENT);

  private final JmsMessages messages = JmsMessages.standard();
  private final ActiveMQConnectionFactory factory;
  private final JMSContext context;

  RemoteAgent() {
    factory = new ActiveMQConnectionFactory(ServerUnderTest.BROKER);
    context =
        factory.createContext(
            ServerUnderTest.AGENT, ServerUnderTest.agentPassword(), JMSContext.AUTO_ACKNOWLEDGE);
  }

  /** The connection, to read a channel's queue with. */
  JMSContext context() {
    return context;
  }

  /** The messages' codec. */
  JmsMessages messages() {
    return messages;
  }

  /** Sends a report to the scheduler's queue, as an agent does. */
  void report(Message report) {
    context
        .createProducer()
        .send(
            context.createQueue(CHANNELS.theSched().name()),
            messages.toTextMessage(context, report));
  }

  /** The report of a job that ended well, with what it got of each domain. */
  static JobFinished done(
      long jobId, String agent, Instant finishedAt, DomainStatistics... domains) {
    return new JobFinished(
        jobId, agent, finishedAt, JobOutcome.DONE, null, null, null, null, List.of(domains));
  }

  /** The report of a job whose crawl failed before it got anything: the error and its details. */
  static JobFinished failed(
      long jobId, String agent, Instant finishedAt, String harvestError, String details) {
    return new JobFinished(
        jobId, agent, finishedAt, JobOutcome.FAILED, harvestError, details, null, null, List.of());
  }

  @Override
  public void close() {
    context.close();
    factory.close();
  }
}
