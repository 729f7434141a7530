/**
 * The QA views of a job (its crawl.log searched, its seeds report, its figures per domain, and the
 * URLs a domain's previous harvest had that this one lacks), shared by the REST API and the job
 * page: {@link JobQaViews} connects the archive's per-job crawl.log index with the harvest history.
 */
package org.netarchive.ee.web.interfaces.jobs.qa;
