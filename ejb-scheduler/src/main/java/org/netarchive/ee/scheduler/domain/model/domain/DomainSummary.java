package org.netarchive.ee.scheduler.domain.model.domain;

import java.time.Instant;

/**
 * A domain as long lists show it, read without loading the aggregate.
 *
 * @param id the domain's id
 * @param name the ASCII name
 * @param unicodeName the name as people write it
 * @param topLevelDomain the last label
 * @param aliasOf the name of the domain this one is an alias of, or null
 * @param createdAt when it was created
 */
public record DomainSummary(
    long id,
    String name,
    String unicodeName,
    String topLevelDomain,
    String aliasOf,
    Instant createdAt) {}
