package org.netarchive.ee.scheduler.domain.model.domain;

import java.time.Instant;

/**
 * A domain that is an alias of another (the same site under another name), as the list of aliases
 * shows it.
 *
 * @param name the alias's ASCII name
 * @param unicodeName the alias's name as people write it
 * @param aliasOf the ASCII name of the domain it is an alias of
 * @param aliasOfUnicodeName that domain's name as people write it
 * @param since when the alias was set
 */
public record DomainAlias(
    String name, String unicodeName, String aliasOf, String aliasOfUnicodeName, Instant since) {}
