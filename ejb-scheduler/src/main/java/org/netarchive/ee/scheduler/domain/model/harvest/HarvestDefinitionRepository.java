package org.netarchive.ee.scheduler.domain.model.harvest;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.Page;

/** Where harvest definitions of both kinds are kept. */
public interface HarvestDefinitionRepository {

  Optional<HarvestDefinition> find(long id);

  /** The harvest called exactly {@code name} (names are unique across both kinds). */
  Optional<HarvestDefinition> findByName(String name);

  /**
   * One page of the harvests whose names match a glob, ordered by name ignoring case.
   *
   * @param kind only harvests of this kind; {@code null} for both
   * @param nameGlob {@code *} for any characters, {@code ?} for one, case-insensitive; {@code null}
   *     or blank for all
   * @throws IllegalArgumentException if the page or size is out of range ({@link
   *     Page#checkRequest})
   */
  Page<HarvestDefinition> list(HarvestKind kind, String nameGlob, int page, int size);

  /**
   * The harvests the scheduler should make jobs for now: active selective harvests whose next date
   * has come, oldest first, then active snapshot harvests that have not run.
   */
  List<HarvestDefinition> findDue(Instant now);

  /** One page of a selective harvest's configurations, with names, ordered by domain name. */
  Page<ChosenConfiguration> configurations(long selectiveHarvestId, int page, int size);

  /**
   * How many configurations each of these selective harvests has, for lists that show it without
   * loading them.
   *
   * @return by harvest id; harvests without configurations (or of the other kind) are absent
   */
  Map<Long, Long> configurationCounts(Collection<Long> selectiveHarvestIds);

  /**
   * The configurations a selective harvest has chosen for some of its domains, read without loading
   * all of them.
   *
   * @return domain id → configuration id, for those of the domains the harvest has one of
   */
  Map<Long, Long> chosenConfigurations(long selectiveHarvestId, Collection<Long> domainIds);

  /** Reads the harvest again from the database, after a change written beside its entity. */
  void refresh(HarvestDefinition harvest);

  /** Stores a new harvest. */
  void add(HarvestDefinition harvest);

  /** Writes pending changes now, so versions in views made afterwards are the new ones. */
  void flush();
}
