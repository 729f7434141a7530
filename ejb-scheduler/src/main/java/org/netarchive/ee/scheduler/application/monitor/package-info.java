/**
 * The operators' view of the server's scheduling parts: what the scheduler and the dispatcher did
 * since the server started, a snapshot of the jobs and queues refreshed every ten seconds, the
 * server's last warnings, and their JMX beans ({@code org.netarchive.ee:type=Scheduler}, {@code
 * type=Dispatcher}) and Prometheus meters ({@code netarchive_*}).
 */
package org.netarchive.ee.scheduler.application.monitor;
