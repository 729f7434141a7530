package org.netarchive.ee.batch.interfaces.seeds.batch;

import org.netarchive.ee.scheduler.domain.model.domain.DomainName;

/**
 * One line of a seed list after validation: a seed and its domain, or the reason it is neither.
 *
 * @param lineNumber from 1
 * @param text the line as given, without surrounding blanks
 * @param seed the seed in its stored (ASCII) form, or null
 * @param domain the seed's domain, or null
 * @param problem why the line is no seed, or null
 */
record SeedLine(long lineNumber, String text, String seed, DomainName domain, String problem) {}
