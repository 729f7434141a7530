package org.netarchive.ee.batch.interfaces.domains.batch;

import org.netarchive.ee.scheduler.domain.model.domain.DomainName;

/**
 * One line of a domain list after validation: a domain name, or the reason it is not one.
 *
 * @param lineNumber from 1
 * @param text the line as given
 * @param name the valid name, or null
 * @param problem why it is not valid, or null
 */
record DomainLine(long lineNumber, String text, DomainName name, String problem) {}
