/**
 * The archive's command-line tools: upload files, get a file or a record, run a batch job ({@code
 * bin/netarchive-archive} of the agent distribution). A standalone Java SE program talking to the
 * server's broker with the agent's account, like a harvester agent; it shares nothing with the
 * agent's own process.
 */
package org.netarchive.ee.agent.tools;
