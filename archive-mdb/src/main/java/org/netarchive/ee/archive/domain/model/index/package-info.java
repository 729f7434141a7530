/**
 * The index server's domain (reference/004, "Indexes and caching" and "CrawlLogIndexCache"): the
 * sets of jobs an index covers and their cache names ({@link JobSet}), each job's raw index data
 * taken from its metadata WARC and kept sorted ({@link JobDataCache}), the rule of what a
 * deduplication index holds ({@link DedupRule}), the indexes built from that data ({@link
 * IndexBuilder}) and the cache of built indexes ({@link IndexSetCache}).
 *
 * <p>Both caches are directories that threads and processes share: an item is made under a lock
 * file ({@link FileLocks}), in a temporary place, and appears under its name only when complete, so
 * a reader never sees half an item and an item is made once.
 */
package org.netarchive.ee.archive.domain.model.index;
