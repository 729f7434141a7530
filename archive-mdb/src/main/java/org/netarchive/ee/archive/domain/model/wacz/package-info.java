/**
 * Web Archive Collection Zipped (WACZ 1.1.1, https://specs.webrecorder.net/wacz/1.1.1/): a job's
 * WARC files packed with what a replay engine needs to open them without reading them through, the
 * sorted CDXJ index of every capture ({@code indexes/index.cdxj}), the pages to start from ({@code
 * pages/pages.jsonl}) and the manifest with every file's SHA-256 ({@code datapackage.json}, itself
 * digested in {@code datapackage-digest.json}).
 *
 * <p>The WARC files are stored in the ZIP as they are (method STORED), so that a reader finds each
 * record at the offset the index names within the ZIP entry, with range requests. Revisit records
 * whose original response lies in a file outside the package carry their originals along in one
 * extra WARC file, so that deduplicated captures replay from the package alone.
 */
package org.netarchive.ee.archive.domain.model.wacz;
