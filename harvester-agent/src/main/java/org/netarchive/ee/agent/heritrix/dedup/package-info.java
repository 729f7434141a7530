/**
 * The agent's extension of Heritrix: a processor that deduplicates a crawl against the archive
 * ({@link org.netarchive.ee.agent.heritrix.dedup.DedupProcessor}). It runs inside Heritrix, not in
 * the agent: the build packs this package as a jar of its own into Heritrix's {@code lib/}, with
 * the index classes of common and Lucene, so it may use only those and Heritrix's classes.
 */
package org.netarchive.ee.agent.heritrix.dedup;
