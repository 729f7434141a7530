package org.netarchive.ee.scheduler.application.channel;

import java.util.LinkedHashSet;
import java.util.Set;

/** Queues of a pretend broker of environment DEV: remembers which exist. */
public final class RecordingChannelQueues implements ChannelQueues {

  private final Set<String> queues = new LinkedHashSet<>();

  @Override
  public String queueName(String channelName) {
    return "DEV_COMMON_ANY_" + channelName + "_HACO";
  }

  @Override
  public boolean ensureQueue(String channelName) {
    return queues.add(queueName(channelName));
  }

  /** The queues made, in order. */
  public Set<String> queues() {
    return queues;
  }
}
