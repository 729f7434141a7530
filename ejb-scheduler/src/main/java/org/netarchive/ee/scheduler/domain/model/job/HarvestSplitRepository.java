package org.netarchive.ee.scheduler.domain.model.job;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Where the splits of harvest runs into jobs are kept. */
public interface HarvestSplitRepository {

  Optional<HarvestSplit> find(long id);

  void add(HarvestSplit split);

  /** Writes what was added or changed now, so that new splits have their ids. */
  void flush();

  /** The splits in a status, lowest id first. */
  List<HarvestSplit> withStatus(SplitStatus status);

  /** The ids of the harvests that have a RUNNING split. */
  Set<Long> harvestsBeingSplit();

  /** A harvest's splits, newest run first. */
  List<HarvestSplit> ofHarvest(long harvestId);

  /**
   * Takes the scheduling lock until the transaction ends: servers sharing the database claim splits
   * one after the other.
   */
  void lockScheduling();
}
