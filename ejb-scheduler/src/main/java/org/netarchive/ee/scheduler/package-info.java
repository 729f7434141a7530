/**
 * The scheduler module: the harvest datamodel and its schema, scheduling, job dispatch, the status
 * listener on THE_SCHED, user accounts and the component monitor.
 */
package org.netarchive.ee.scheduler;
