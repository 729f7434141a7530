/**
 * Harvest channels: named job queues. Every job of a harvest goes to its harvest's channel, whose
 * queue ({@code <ENV>_COMMON_ANY_<NAME>_HACO}, see {@link
 * org.netarchive.ee.common.channel.Channels#harvestJobs}) is read by the harvester agents that
 * serve it. A channel carries selective or snapshot jobs; each kind has one default channel, {@code
 * HIGHPRIORITY} and {@code LOWPRIORITY} in a new installation.
 */
package org.netarchive.ee.scheduler.domain.model.channel;
