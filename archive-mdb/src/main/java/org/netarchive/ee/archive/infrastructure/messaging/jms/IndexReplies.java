package org.netarchive.ee.archive.infrastructure.messaging.jms;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netarchive.ee.common.jms.JmsMessages;
import org.netarchive.ee.common.message.IndexReply;

/**
 * Answers index requests on the broker: the JSON {@link IndexReply}, and after a ready one the
 * bundle as a bytes message streamed from the cached file (Artemis sends a body above its
 * min-large-message-size in chunks, property {@value #INPUT_STREAM}, so neither side holds the
 * index in memory). Sent outside any transaction, non-persistent (the requester waits on a
 * temporary queue; if it has gone, the answer has no one to reach).
 */
@ApplicationScoped
public class IndexReplies {

  /** Artemis: the stream a bytes message's body is read from when sent. */
  public static final String INPUT_STREAM = "JMS_AMQ_InputStream";

  /** The bundle message's property with the bundle's SHA-256. */
  public static final String SHA256_PROPERTY = "indexSha256";

  private static final Logger LOG = Logger.getLogger(IndexReplies.class.getName());

  @Resource(lookup = "java:/ConnectionFactory")
  private ConnectionFactory factory;

  private final JmsMessages messages = JmsMessages.standard();

  /**
   * Sends a reply, and a bundle after it.
   *
   * @param to the requester's reply destination
   * @param reply the reply
   * @param bundle the bundle file, or null
   */
  public void send(Destination to, IndexReply reply, Path bundle) {
    try (Connection connection = factory.createConnection()) {
      Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
      MessageProducer producer = session.createProducer(to);
      producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
      producer.send(messages.toTextMessage(session, reply));
      if (bundle != null) {
        BytesMessage body = session.createBytesMessage();
        body.setJMSCorrelationID(reply.requestId());
        body.setStringProperty(SHA256_PROPERTY, reply.sha256());
        try (InputStream in = new BufferedInputStream(Files.newInputStream(bundle))) {
          body.setObjectProperty(INPUT_STREAM, in);
          producer.send(body);
        }
      }
    } catch (JMSException | IOException | RuntimeException e) {
      // The requester's own timeout ends its wait; it asks again.
      LOG.log(
          Level.WARNING,
          "Cannot answer index request " + reply.requestId() + " at " + to + ": " + e.getMessage(),
          e);
    }
  }
}
