package org.netarchive.ee.common.jms;

import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.MessageFormatException;

/** Converts protocol messages to and from JMS text messages. Thread-safe. */
public final class JmsMessages {

  private final MessageCodec codec;

  public JmsMessages(MessageCodec codec) {
    this.codec = codec;
  }

  /** With the codec that knows every message type of the system. */
  public static JmsMessages standard() {
    return new JmsMessages(MessageCodec.standard());
  }

  /** A text message carrying {@code message}, for the simplified JMS API. */
  public TextMessage toTextMessage(JMSContext context, Message message) {
    TextMessage text = context.createTextMessage(codec.encode(message));
    label(text, message);
    return text;
  }

  /** A text message carrying {@code message}, for the classic JMS API. */
  public TextMessage toTextMessage(Session session, Message message) throws JMSException {
    TextMessage text = session.createTextMessage(codec.encode(message));
    label(text, message);
    return text;
  }

  private void label(TextMessage text, Message message) {
    try {
      text.setStringProperty(MessageCodec.TYPE_PROPERTY, codec.typeName(message.getClass()));
      text.setIntProperty(MessageCodec.VERSION_PROPERTY, codec.version(message.getClass()));
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot set the type properties of a JMS message", e);
    }
  }

  /**
   * The protocol message a JMS message carries.
   *
   * @throws MessageFormatException if it is not a text message or its body is not a valid message;
   *     the exception's text says why
   */
  public Message fromJms(jakarta.jms.Message jms) {
    if (!(jms instanceof TextMessage text)) {
      throw new MessageFormatException(
          "Expected a JMS text message with a JSON body, got a "
              + (jms == null ? "null message" : jms.getClass().getSimpleName()));
    }
    String body;
    try {
      body = text.getText();
    } catch (JMSException e) {
      throw new MessageFormatException(
          "Cannot read the body of the JMS text message: " + e.getMessage());
    }
    if (body == null) {
      throw new MessageFormatException("The JMS text message has no body");
    }
    return codec.decode(body);
  }
}
