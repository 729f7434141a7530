/**
 * One job from start to report: prepare, crawl, collect statistics, write the metadata WARC, store
 * every file, and make the final report; also finishing the jobs an earlier run left behind.
 */
package org.netarchive.ee.agent.harvest;
