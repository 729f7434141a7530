/**
 * Scheduling and jobs: the timer that finds due harvests and has them split into jobs (by the
 * split-harvest batch job), the dispatcher that sends new jobs to their channel's queue, the
 * handling of the agents' status reports, job timeouts and resubmission, and the settings of all of
 * it.
 */
package org.netarchive.ee.scheduler.application.job;
