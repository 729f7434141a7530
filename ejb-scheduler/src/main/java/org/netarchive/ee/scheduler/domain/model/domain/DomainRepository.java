package org.netarchive.ee.scheduler.domain.model.domain;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.netarchive.ee.scheduler.domain.model.Page;

/** Where domains are kept. Built for millions of them: lists are paged and read as summaries. */
public interface DomainRepository {

  Optional<Domain> findByName(DomainName name);

  void add(Domain domain);

  /** Writes pending changes now, so versions in views made afterwards are the new ones. */
  void flush();

  /** Domains whose name matches the glob ({@code *}, {@code ?}), ordered by name. */
  Page<DomainSummary> list(String nameGlob, int page, int size);

  long count();

  /** Number of domains per top-level domain, most first. */
  Map<String, Long> countByTopLevelDomain();

  /**
   * Domains that are aliases of another, ordered by the domain they are an alias of, then by name;
   * the glob ({@code *}, {@code ?}) matches either name.
   */
  Page<DomainAlias> listAliases(String nameGlob, int page, int size);

  /** Whether any domain is an alias of {@code domain}. */
  boolean hasAliases(Domain domain);

  /** The domains with these ASCII names (those that exist), in no particular order. */
  List<Domain> findByNames(Collection<String> asciiNames);

  /** Which of these ASCII names exist already. */
  Set<String> existingNames(Collection<String> asciiNames);

  /** The aliases of these domains (by id), ordered by the alias's name. */
  List<DomainAlias> aliasesOf(Collection<Long> domainIds);

  /** The configurations with these ids (those that exist), their passwords loaded. */
  List<DomainConfiguration> configurationsWithPasswords(Collection<Long> configurationIds);
}
