/**
 * The deduplication index that the server builds and a crawl reads: its entries ({@link
 * DedupEntry}), the Lucene index written by {@link DedupIndexWriter} and searched by {@link
 * DedupIndex}, and the compressed single-stream form in which an index travels from the index
 * server to a harvester agent ({@link IndexBundle}).
 *
 * <p>The server's index server and the agent's Heritrix deduplication processor both use these
 * classes, so the fields of the index and their meaning are defined once. Nothing here depends on
 * Jakarta EE: the processor runs inside Heritrix.
 */
package org.netarchive.ee.common.index;
