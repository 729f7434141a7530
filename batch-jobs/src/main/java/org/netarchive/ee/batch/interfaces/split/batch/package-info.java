/**
 * The split-harvest batch job: splits one run of a harvest into crawl jobs (reference/000
 * "Scheduling and splitting").
 *
 * <p>Step {@code estimate} reads the harvest's configurations a page at a time, estimates each
 * one's expected objects and writes them, sorted per chunk, to run files; step {@code pack} merges
 * the runs in split order and packs the configurations into jobs with the six checks; step {@code
 * finish} ends the split. Nothing holds all configurations in memory: a chunk of the first step and
 * one open job of the second.
 *
 * <p>Restart: each run file covers a contiguous range of configuration ids and is written under a
 * temporary name and renamed, so the first step resumes after the last complete run; the second
 * step stores each job together with the split order key of its last configuration, so it resumes
 * after the last stored job. A crash at any point therefore neither loses nor duplicates a
 * configuration. If the run files are gone (another server takes the split over), the first step
 * simply runs again and the second skips what is already in jobs.
 */
package org.netarchive.ee.batch.interfaces.split.batch;
