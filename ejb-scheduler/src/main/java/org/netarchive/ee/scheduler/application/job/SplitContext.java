package org.netarchive.ee.scheduler.application.job;

import java.util.OptionalLong;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
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
 * @param harvestMaxObjects per-domain object limit of the harvest, -1 for none
 * @param harvestMaxBytes per-domain byte limit of the harvest, -1 for none
 * @param maxRunningSeconds job time limit, 0 for none
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
    long harvestMaxObjects,
    long harvestMaxBytes,
    long maxRunningSeconds,
    OptionalLong previousSnapshotId,
    SplitSettings settings) {}
