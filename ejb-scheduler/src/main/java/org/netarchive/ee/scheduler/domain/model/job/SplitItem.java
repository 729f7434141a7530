package org.netarchive.ee.scheduler.domain.model.job;

import java.util.Objects;

/**
 * A configuration on its way through a split: what the packing rules look at ({@link JobCandidate})
 * and what the job stores of it ({@link JobDomain}).
 */
public record SplitItem(JobCandidate candidate, JobDomain domain) {

  public SplitItem {
    Objects.requireNonNull(candidate, "candidate");
    Objects.requireNonNull(domain, "domain");
  }
}
