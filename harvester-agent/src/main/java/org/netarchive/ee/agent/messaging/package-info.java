/**
 * The agent's side of the server's broker: connecting with back-off, taking one job at a time from
 * its channel's queue (no prefetching), and sending its replies and heartbeats.
 */
package org.netarchive.ee.agent.messaging;
