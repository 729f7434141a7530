package org.netarchive.ee.common.message;

import java.time.Instant;

/**
 * An alias that a job's domain stands for: the alias is not harvested on its own because its
 * content is the same as the domain's (metadata of a {@link CrawlRequest}).
 *
 * @param alias the alias domain, e.g. {@code "kb.com"}
 * @param aliasOf the domain harvested in its place, e.g. {@code "kb.dk"}
 * @param since when the alias was set
 */
public record DomainAlias(String alias, String aliasOf, Instant since) {

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if a name is blank or {@code since} is {@code null}
   */
  public DomainAlias {
    Fields.requireNonBlank(alias, "alias");
    Fields.requireNonBlank(aliasOf, "aliasOf");
    Fields.requireNonNull(since, "since");
  }
}
