/**
 * Use cases on harvest channels: list, create (with the channel's job queue on the broker), change
 * comments, choose the default of a kind; and the queues of all channels at start-up.
 */
package org.netarchive.ee.scheduler.application.channel;
