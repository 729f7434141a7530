package org.netarchive.ee.archive.interfaces.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSException;
import org.netarchive.ee.common.message.Message;

/**
 * Uploads to this server's bitarchives, of every replica: what reaches a replica's {@code
 * <ENV>_<REPLICA>_ANY_BA} is diverted to {@code <ENV>_COMMON_BITARCHIVE_UPLOADS}.
 */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/COMMON_BITARCHIVE_UPLOADS"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "8"),
      // The delivery's transaction stays open while Bitarchive (outside it) fetches the file: with
      // the server's default timeout (300 s) a longer download would be rolled back and the
      // request redelivered while it runs. The resource adapter begins it with this timeout.
      @ActivationConfigProperty(
          propertyName = "transactionTimeout",
          propertyValue = BitarchiveUploadConsumer.TRANSACTION_TIMEOUT_SECONDS)
    })
public class BitarchiveUploadConsumer extends BitarchiveConsumer {

  /** The longest upload (fetch, verify, write) before its delivery is rolled back: 6 hours. */
  static final String TRANSACTION_TIMEOUT_SECONDS = "21600";

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    upload(message, raw);
  }
}
