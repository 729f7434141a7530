/**
 * What the agent makes of a finished crawl: per-domain statistics from Heritrix's crawl.log and
 * hosts report, and the job's metadata WARC (logs, reports, setup and a CDX of every WARC).
 */
package org.netarchive.ee.agent.report;
