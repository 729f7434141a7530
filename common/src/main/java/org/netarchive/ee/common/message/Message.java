package org.netarchive.ee.common.message;

/**
 * Marker for the messages exchanged between the parts of the system.
 *
 * <p>An implementation must be a {@code record} annotated with {@link MessageType} and registered
 * in {@link MessageTypes}, so that {@link MessageCodec} can encode and decode it. Its components
 * must be of the types that the codec supports (see {@link MessageCodec}).
 */
public interface Message {}
