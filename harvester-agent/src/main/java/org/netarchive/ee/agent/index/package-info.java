/**
 * The agent's side of the index server: {@link org.netarchive.ee.agent.index.IndexClient} asks the
 * server for an index of a job set over the broker and unpacks the bundle it receives, e.g. the
 * deduplication index a crawl reads.
 */
package org.netarchive.ee.agent.index;
