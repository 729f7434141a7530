package org.netarchive.ee.scheduler.application.job;

import java.util.OptionalLong;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.job.HarvestLimits;
import org.netarchive.ee.scheduler.domain.model.job.SplitSettings;

/**
 * What the split-harvest job needs to know of the split it works on.
 *
 * @param splitId the split
 * @param harvestId the harvest split
 * @param harvestName its name
 * @param kind selective or snapshot
 * @param channelId the channel its jobs go to
 * @param runNumber the run being made
 * @param limits the harvest's per-domain limits and job time limit
 * @param previousSnapshotId the snapshot this one continues, if any
 * @param settings the splitting settings
 */
public record SplitContext(
    long splitId,
    long harvestId,
    String harvestName,
    HarvestKind kind,
    long channelId,
    int runNumber,
    HarvestLimits limits,
    OptionalLong previousSnapshotId,
    SplitSettings settings) {}
