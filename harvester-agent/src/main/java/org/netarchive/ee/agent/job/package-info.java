/**
 * One crawl job on the agent's disk: its directory (named by job id and time), the Heritrix job
 * made from the request's template, and the bookkeeping that lets a restarted agent finish it.
 */
package org.netarchive.ee.agent.job;
