/**
 * Running Heritrix 3 for one job: the child process (loopback only, a free port, a random password
 * per job), its REST API, and the supervision of the crawl with the agent's timeouts.
 */
package org.netarchive.ee.agent.heritrix;
