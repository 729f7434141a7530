package org.netarchive.ee.scheduler.domain.model.job;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where harvest jobs are kept. Jobs are made in bulk by the split (the JDBC path of the batch job);
 * after that their status, progress and results change through the entity, and they are read here.
 */
public interface HarvestJobRepository {

  Optional<HarvestJob> find(long id);

  /** The jobs with these ids, in the order of the ids; an id of no job is left out. */
  List<HarvestJob> findAll(List<Long> ids);

  /** The jobs in a status, lowest id first. */
  List<HarvestJob> withStatus(JobStatus status);

  /** The jobs in a status that started before an instant, lowest id first. */
  List<HarvestJob> withStatusStartedBefore(JobStatus status, Instant before);

  /** A new job id, from the sequence the split takes its ids from. */
  long nextId();

  /** Adds a job made one at a time (a resubmission), written at once so that links to it hold. */
  void add(HarvestJob job);

  /** The domains of a job, with their configurations, seeds and limits as the split packed them. */
  List<JobDomain> domainsOf(HarvestJob job);

  /** How many jobs are SUBMITTED, per channel id. */
  Map<Long, Long> submittedPerChannel();

  /**
   * The NEW jobs of finished splits, lowest id first: those that may be submitted.
   *
   * @param max at most this many
   * @param leavingOut channel ids whose jobs are not wanted now
   */
  List<HarvestJob> readyToSubmit(int max, Collection<Long> leavingOut);

  /** The ids of the DONE jobs of a harvest, lowest first. */
  List<Long> doneJobIds(long harvestId);

  /** The ids of the DONE jobs of a harvest's latest run before {@code run} that has any. */
  List<Long> doneJobIdsOfLatestRunBefore(long harvestId, int run);

  /**
   * One page of the jobs a filter selects, newest (highest id) first.
   *
   * @param filter what to select; its ids are checked by the caller
   * @param first index of the first job, from 0
   * @param max at most this many
   */
  List<HarvestJob> list(JobSelection filter, int first, int max);

  /** How many jobs there are. */
  long count();

  /** How many jobs a filter selects, counted no further than {@code limit}. */
  long countUpTo(JobSelection filter, long limit);

  /** Removes the jobs a split made: those of a split that failed, never submitted. */
  int deleteJobsOfSplit(long splitId);

  /**
   * Which jobs a list asks for, by ids rather than names: {@code null} members select all.
   *
   * @param harvestId the harvest
   * @param run the harvest's run (only with a harvest)
   * @param status the status
   * @param channelId the channel
   * @param createdFrom made at or after
   * @param createdTo made before
   */
  record JobSelection(
      Long harvestId,
      Integer run,
      JobStatus status,
      Long channelId,
      Instant createdFrom,
      Instant createdTo) {

    /** Every job. */
    public static final JobSelection ALL = new JobSelection(null, null, null, null, null, null);

    /** The jobs in a status on a channel. */
    public static JobSelection of(JobStatus status, Long channelId) {
      return new JobSelection(null, null, status, channelId, null, null);
    }
  }
}
