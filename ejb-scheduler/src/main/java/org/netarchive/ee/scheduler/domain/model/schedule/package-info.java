/**
 * Schedules: when a selective harvest runs. A schedule either repeats (every N hours, days, weeks
 * or months, at fixed anchors in its time zone or at any time) between an optional start and an
 * optional end (a date or a number of runs), or runs once. It answers the scheduler's two
 * questions: when is the first run, and, given the previous run and the number of runs so far, when
 * is the next one.
 */
package org.netarchive.ee.scheduler.domain.model.schedule;
