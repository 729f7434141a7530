package org.netarchive.ee.agent.heritrix;

import java.util.Optional;

/**
 * The outcome of running Heritrix on a job.
 *
 * @param end how the crawl ended
 * @param detail what happened, in words (why it failed or was stopped)
 * @param lastStatus the last status Heritrix reported, if any
 */
public record CrawlResult(CrawlEnd end, String detail, Optional<CrawlStatus> lastStatus) {}
