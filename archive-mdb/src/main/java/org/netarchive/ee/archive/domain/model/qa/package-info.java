/**
 * Quality assurance of one job's harvest, from the crawl.log its metadata WARC holds (issue 13, "QA
 * views"): the lines parsed ({@link CrawlLogEntry}), the filters a curator searches them by ({@link
 * CrawlLogFilter}), a per-job Lucene index of the lines with the figures per domain and the seeds'
 * outcomes made in the same pass ({@link JobCrawlLog}), what the status codes mean ({@link
 * FetchStatus}), and the comparison with an earlier harvest ({@link MissingUrls}).
 *
 * <p>The index lives in the job's directory of the index server's job data cache ({@code
 * jobs/<id>/qa}), made under a temporary name and renamed when complete, under a lock file as the
 * cache's other items are: searching and paging through millions of lines is then a Lucene query,
 * not a scan of the file, and the index goes when the job's cached data goes.
 */
package org.netarchive.ee.archive.domain.model.qa;
