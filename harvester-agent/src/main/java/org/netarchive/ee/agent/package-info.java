/**
 * The standalone harvester agent: takes crawl jobs from its channel's queue, runs Heritrix 3 as a
 * child process, reports progress and stores the WARC files in the archive. Built as its own
 * distribution, not part of the EAR. {@link org.netarchive.ee.agent.HarvesterAgentMain} starts it.
 */
package org.netarchive.ee.agent;
