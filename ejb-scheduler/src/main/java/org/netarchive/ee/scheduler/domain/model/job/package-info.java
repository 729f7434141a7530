/**
 * The rules that split a harvest into jobs, as plain Java without persistence: the {@link
 * org.netarchive.ee.scheduler.domain.model.job.SplitSettings settings} of the splitter, the {@link
 * org.netarchive.ee.scheduler.domain.model.job.ObjectEstimate expected number of objects} of a
 * domain configuration from its {@link org.netarchive.ee.scheduler.domain.model.job.PastHarvest
 * harvest history}, the {@link org.netarchive.ee.scheduler.domain.model.job.JobPacker packing} of
 * configurations into jobs with the six checks of the NetarchiveSuite design ({@link
 * org.netarchive.ee.scheduler.domain.model.job.Fit}), and the {@link
 * org.netarchive.ee.scheduler.domain.model.job.StopReasons stop reason} recorded when a job reports
 * what it harvested of a domain.
 *
 * <p>All limits use -1 for "no limit".
 */
package org.netarchive.ee.scheduler.domain.model.job;
