/**
 * The last known state of every component of an installation (server parts, harvester agents,
 * bitarchive instances), kept from the heartbeats they send to the MONITOR queue.
 */
package org.netarchive.ee.scheduler.domain.model.component;
