/**
 * Harvest templates: the Heritrix 3 crawl configurations (crawler-beans.cxml with placeholders,
 * checked by {@link org.netarchive.ee.common.template.CrawlTemplate}) that harvests are run with. A
 * template keeps every text ever uploaded for it as a numbered, immutable version; its current text
 * is the newest version, and a job refers to the exact version it was made from.
 */
package org.netarchive.ee.scheduler.domain.model.template;
