/**
 * The wire protocol between the server, the harvester agents and the parts of the archive.
 *
 * <p>Every message is an immutable {@code record} implementing {@link
 * org.netarchive.ee.common.message.Message} and annotated with {@link
 * org.netarchive.ee.common.message.MessageType}. It travels as a JMS text message whose body is a
 * JSON object starting with the members {@code "type"} and {@code "version"}, followed by the
 * record's components. Java serialization is never used: JSON can be read by any part of the system
 * regardless of its class path, can be inspected on the broker, and the explicit version lets old
 * and new agents coexist during an upgrade.
 *
 * <p>{@link org.netarchive.ee.common.message.MessageCodec#standard()} is the single codec that
 * knows all message types of the system; they are listed in {@link
 * org.netarchive.ee.common.message.MessageTypes}.
 */
package org.netarchive.ee.common.message;
