/**
 * The harvester agents as a fleet: the commands operators send them ({@link
 * org.netarchive.ee.scheduler.domain.model.fleet.FleetCommand}) with what became of each, and what
 * the operators want of each agent ({@link
 * org.netarchive.ee.scheduler.domain.model.fleet.AgentSteering}).
 */
package org.netarchive.ee.scheduler.domain.model.fleet;
