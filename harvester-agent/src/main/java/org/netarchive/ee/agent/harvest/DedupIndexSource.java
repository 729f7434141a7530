package org.netarchive.ee.agent.harvest;

import java.nio.file.Path;
import java.util.List;
import org.netarchive.ee.agent.index.IndexClient;

/**
 * Where a job's deduplication index comes from: the index server, asked over the broker ({@link
 * IndexClient}), with the agent's bounded wait.
 */
@FunctionalInterface
public interface DedupIndexSource {

  /** No index server: jobs crawl without deduplication, saying so. */
  DedupIndexSource NONE =
      (jobIds, target) -> IndexClient.Result.failed("this agent has no index server configured");

  /**
   * Fetches the DEDUP index of earlier jobs and unpacks it. Never throws for what the server, the
   * broker or the network do: the result says why nothing was fetched.
   *
   * @param jobIds the earlier jobs, sorted
   * @param target the directory the index goes to (must not exist)
   * @return what was fetched, or why nothing was
   */
  IndexClient.Result fetch(List<Long> jobIds, Path target);
}
