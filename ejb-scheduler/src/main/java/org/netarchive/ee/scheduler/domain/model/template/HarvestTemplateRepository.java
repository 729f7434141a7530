package org.netarchive.ee.scheduler.domain.model.template;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Where harvest templates and their versions are kept. */
public interface HarvestTemplateRepository {

  /** The largest page {@link #list} returns. */
  int MAX_PAGE_SIZE = 1000;

  Optional<HarvestTemplate> find(long id);

  /** The template with exactly this name. */
  Optional<HarvestTemplate> findByName(String name);

  /**
   * The template with exactly this name, locked until the transaction ends, so that uploads to it
   * number their versions one after the other.
   */
  Optional<HarvestTemplate> lockByName(String name);

  /** A version of a template by its number. */
  Optional<HarvestTemplateVersion> findVersion(long templateId, int number);

  /** All versions of a template without their texts, oldest first. */
  List<HarvestTemplateVersionInfo> versionInfos(long templateId);

  /** The newest version of each of the templates, without its text, by template id. */
  Map<Long, HarvestTemplateVersionInfo> currentVersionInfos(Collection<Long> templateIds);

  /** A version by its database id, as a job refers to it. */
  Optional<HarvestTemplateVersion> findVersion(long versionId);

  /** The newest version of a template, without loading its older ones. */
  Optional<HarvestTemplateVersion> currentVersion(long templateId);

  /**
   * One page of the templates whose names match a glob, ordered by name.
   *
   * @param nameGlob {@code *} for any characters, {@code ?} for one, case-insensitive; {@code null}
   *     or blank for all
   * @param first the index of the first template of the page, from 0
   * @param max the most templates to return, 1 to {@value #MAX_PAGE_SIZE}
   * @throws IllegalArgumentException if first or max is out of range
   */
  List<HarvestTemplate> list(String nameGlob, int first, int max);

  /** How many templates' names match a glob (as for {@link #list}). */
  long count(String nameGlob);

  /** Stores a new template with its versions. */
  void add(HarvestTemplate template);
}
