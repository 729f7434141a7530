/**
 * Bit preservation's rules, free of the server: what an audit finds about a replica's copy ({@link
 * org.netarchive.ee.archive.domain.model.preservation.CopyState}), the vote that decides a file's
 * correct checksum when its copies disagree ({@link
 * org.netarchive.ee.archive.domain.model.preservation.ChecksumVote}), and the rate limit that keeps
 * an audit from starving stores ({@link
 * org.netarchive.ee.archive.domain.model.preservation.Throttle}).
 */
package org.netarchive.ee.archive.domain.model.preservation;
