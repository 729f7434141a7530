package org.netarchive.ee.archive.interfaces.jms;

import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import org.netarchive.ee.archive.application.Bitarchive;
import org.netarchive.ee.common.message.BatchRequest;
import org.netarchive.ee.common.message.ChecksumRequest;
import org.netarchive.ee.common.message.GetFileRequest;
import org.netarchive.ee.common.message.GetRecordRequest;
import org.netarchive.ee.common.message.Message;

/**
 * Checksum, get-file, get-record and batch requests to every bitarchive of the first replica, on
 * its topic {@code <ENV>_<REPLICA>_ALL_BA}. The subscription is durable, so a request sent while
 * the server starts is not lost.
 */
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = "java:/jms/netarchive/replica1/ALL_BA"),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Topic"),
      @ActivationConfigProperty(propertyName = "subscriptionDurability", propertyValue = "Durable"),
      @ActivationConfigProperty(
          propertyName = "subscriptionName",
          propertyValue = "netarchive-bitarchive-replica1"),
      @ActivationConfigProperty(
          propertyName = "clientId",
          propertyValue = "netarchive-bitarchive-replica1"),
      @ActivationConfigProperty(propertyName = "shareSubscriptions", propertyValue = "true"),
      @ActivationConfigProperty(propertyName = "maxSession", propertyValue = "4")
    })
public class FirstReplicaBitarchivesConsumer extends BitarchiveConsumer {

  @Inject private Bitarchive bitarchive;

  @Override
  protected void handle(Message message, jakarta.jms.Message raw) throws JMSException {
    Destination replyTo = raw.getJMSReplyTo();
    switch (addressed(message, 1)) {
      case ChecksumRequest request -> bitarchive.checksum(request);
      case GetFileRequest request -> bitarchive.getFile(request, replyTo);
      case GetRecordRequest request -> bitarchive.getRecord(request, replyTo);
      case BatchRequest request -> bitarchive.batch(request, replyTo);
      default ->
          throw new IllegalArgumentException(
              "The bitarchives' topic takes ChecksumRequest, GetFileRequest, GetRecordRequest and"
                  + " BatchRequest messages, not "
                  + message.getClass().getSimpleName());
    }
  }
}
