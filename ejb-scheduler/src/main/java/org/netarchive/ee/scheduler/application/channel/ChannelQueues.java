package org.netarchive.ee.scheduler.application.channel;

/**
 * The broker side of harvest channels: each channel's jobs go to a queue of its own, which must
 * exist on the broker before a harvester agent listens on it or a job is sent to it. New channels
 * are made while the server runs, so their queues are made at run time too, not by the server
 * configuration.
 */
public interface ChannelQueues {

  /**
   * The name of a channel's job queue, as senders and agents use it, e.g. {@code
   * DEV_COMMON_ANY_FOCUSED_HACO}.
   *
   * @param channelName the channel's (upper-case) name
   */
  String queueName(String channelName);

  /**
   * Makes sure the channel's queue exists on the broker: creates it (durable, point-to-point) if it
   * does not, leaves it and its messages alone if it does.
   *
   * @param channelName the channel's (upper-case) name
   * @return whether the queue was created now
   * @throws IllegalStateException if the broker cannot be asked or refuses, with the reason
   */
  boolean ensureQueue(String channelName);
}
