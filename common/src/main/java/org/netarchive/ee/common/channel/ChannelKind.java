package org.netarchive.ee.common.channel;

/** Whether a JMS channel is a queue or a topic. */
public enum ChannelKind {
  /** Point to point: each message is consumed by one listener. */
  QUEUE,
  /** Publish and subscribe: every listener gets a copy of each message. */
  TOPIC
}
