package org.netarchive.ee.batch.interfaces.split.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.netarchive.ee.scheduler.application.job.HarvestScheduling;
import org.netarchive.ee.scheduler.application.job.SplitContext;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.job.HarvestLimits;
import org.netarchive.ee.scheduler.domain.model.job.SplitSettings;

/** The scheduler's side of a split, in memory: one split's context, and what was done to it. */
final class FakeScheduling extends HarvestScheduling {

  SplitContext context;
  int contextsAsked;
  final List<Long> finished = new ArrayList<>();
  final List<String> failures = new ArrayList<>();

  FakeScheduling(SplitContext context) {
    this.context = context;
  }

  /** Split 42 with the harvest limits and the splitting settings of a default snapshot. */
  static FakeScheduling ofDefaultSplit() {
    return new FakeScheduling(split42(-1, -1, OptionalLong.empty(), SplitSettings.defaults()));
  }

  /** Split 42 of run 3 of harvest 7 (a snapshot), with these limits and settings. */
  static SplitContext split42(
      long harvestMaxObjects,
      long harvestMaxBytes,
      OptionalLong previousSnapshotId,
      SplitSettings settings) {
    return new SplitContext(
        42,
        7,
        "Snapshot 7",
        HarvestKind.SNAPSHOT,
        5,
        3,
        new HarvestLimits(harvestMaxObjects, harvestMaxBytes, 3600),
        previousSnapshotId,
        settings);
  }

  @Override
  public SplitContext context(long splitId) {
    contextsAsked++;
    if (splitId != context.splitId()) {
      throw new IllegalArgumentException("No harvest split with id " + splitId);
    }
    return context;
  }

  @Override
  public void finishSplit(long splitId) {
    finished.add(splitId);
  }

  @Override
  public void failSplit(long splitId, String reason) {
    failures.add(splitId + ": " + reason);
  }
}
