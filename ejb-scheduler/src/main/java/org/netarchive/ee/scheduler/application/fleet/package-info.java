/**
 * Steering the harvester agents as a fleet: operator commands (stop a job, pause, resume, re-read
 * settings) recorded, published on the agents' topic, sent again while unanswered, and their
 * answers applied.
 */
package org.netarchive.ee.scheduler.application.fleet;
