package org.netarchive.ee.common.jms;

import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.MessageDrivenContext;
import jakarta.jms.JMSException;
import jakarta.jms.MessageListener;
import jakarta.jms.Queue;
import jakarta.jms.Topic;
import java.util.logging.Logger;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageFormatException;

/**
 * Base class of the server's message-driven beans: decodes, then hands the message to {@link
 * #handle}. A message that cannot be decoded is logged with the destination, the delivery attempt
 * and the reason, and its transaction is rolled back, so the broker redelivers it and, after the
 * configured number of attempts, moves it to the dead-letter queue: nothing is logged and dropped,
 * and the consumer goes on with the next message. A failure in {@link #handle} rolls back the same
 * way.
 */
@PermitAll
public abstract class JsonMessageListener implements MessageListener {

  private static final Logger LOG = Logger.getLogger(JsonMessageListener.class.getName());
  private static final JmsMessages MESSAGES = JmsMessages.standard();

  @Resource private MessageDrivenContext context;

  @Override
  public void onMessage(jakarta.jms.Message raw) {
    Message message;
    try {
      message = MESSAGES.fromJms(raw);
    } catch (MessageFormatException e) {
      reject(raw, e.getMessage());
      return;
    }
    String attempt = deliveryCount(raw);
    if (!attempt.equals("1") && !attempt.equals("?")) {
      // Each redelivery brings the message closer to the dead-letter queue: say so.
      LOG.info(
          () ->
              message.getClass().getSimpleName()
                  + " "
                  + messageId(raw)
                  + " on "
                  + destination(raw)
                  + ": delivery attempt "
                  + attempt);
    }
    try {
      handle(message, raw);
    } catch (JMSException e) {
      throw new IllegalStateException(
          "JMS failure while handling "
              + message.getClass().getSimpleName()
              + " from "
              + destination(raw),
          e);
    }
  }

  /** Acts on one decoded message, inside the delivery's transaction. */
  protected abstract void handle(Message message, jakarta.jms.Message raw) throws JMSException;

  private void reject(jakarta.jms.Message raw, String reason) {
    LOG.warning(
        () ->
            "Rejected message "
                + messageId(raw)
                + " on "
                + destination(raw)
                + " (delivery attempt "
                + deliveryCount(raw)
                + "): "
                + reason
                + ". Rolled back: the broker redelivers it and, after the configured number of"
                + " attempts, moves it to the dead-letter queue.");
    context.setRollbackOnly();
  }

  private static String destination(jakarta.jms.Message raw) {
    try {
      return switch (raw.getJMSDestination()) {
        case Queue queue -> "queue " + queue.getQueueName();
        case Topic topic -> "topic " + topic.getTopicName();
        case null -> "an unknown destination";
        default -> String.valueOf(raw.getJMSDestination());
      };
    } catch (JMSException e) {
      return "an unknown destination";
    }
  }

  private static String messageId(jakarta.jms.Message raw) {
    try {
      return raw.getJMSMessageID();
    } catch (JMSException e) {
      return "(no id)";
    }
  }

  private static String deliveryCount(jakarta.jms.Message raw) {
    try {
      return raw.propertyExists("JMSXDeliveryCount")
          ? String.valueOf(raw.getIntProperty("JMSXDeliveryCount"))
          : "?";
    } catch (JMSException e) {
      return "?";
    }
  }
}
