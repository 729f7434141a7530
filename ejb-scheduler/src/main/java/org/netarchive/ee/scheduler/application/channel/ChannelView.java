package org.netarchive.ee.scheduler.application.channel;

import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;

/**
 * A harvest channel for the UI and the API.
 *
 * @param name the channel's name, upper-case
 * @param kind the kind of harvests whose jobs it carries
 * @param defaultChannel whether new harvests of its kind use it (each kind has one default)
 * @param queue the job queue harvester agents of this channel listen on, e.g. {@code
 *     DEV_COMMON_ANY_FOCUSED_HACO}
 * @param comments what it is for; {@code null} if nobody said
 * @param version the version to send back with a change
 */
public record ChannelView(
    String name,
    HarvestKind kind,
    boolean defaultChannel,
    String queue,
    String comments,
    int version) {

  static ChannelView of(HarvestChannel channel, ChannelQueues queues) {
    return new ChannelView(
        channel.name(),
        channel.kind(),
        channel.isDefault(),
        queues.queueName(channel.name()),
        channel.comments(),
        channel.version());
  }
}
