package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import jakarta.persistence.TypedQuery;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJob;
import org.netarchive.ee.scheduler.domain.model.job.HarvestJobRepository;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;
import org.netarchive.ee.scheduler.domain.model.job.SplitStatus;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.JobStore;

/**
 * Harvest jobs in {@code harvest_job}: the entity through its named queries, what a job harvests
 * and the bulk paths through {@link JobStore} (plain JDBC), and the job lists in native SQL shaped
 * for the indexes that serve them.
 */
@ApplicationScoped
public class JpaHarvestJobRepository implements HarvestJobRepository {

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Inject private JobStore store;

  @Override
  public Optional<HarvestJob> find(long id) {
    return Optional.ofNullable(em.find(HarvestJob.class, id));
  }

  @Override
  public List<HarvestJob> findAll(List<Long> ids) {
    if (ids.isEmpty()) {
      return List.of();
    }
    Map<Long, HarvestJob> byId = new HashMap<>();
    for (HarvestJob job : NamedQueries.list(em, "HarvestJob.byIds", HarvestJob.class, "ids", ids)) {
      byId.put(job.id(), job);
    }
    return ids.stream().map(byId::get).filter(Objects::nonNull).toList();
  }

  @Override
  public List<HarvestJob> withStatus(JobStatus status) {
    return NamedQueries.list(em, "HarvestJob.byStatus", HarvestJob.class, "status", status);
  }

  @Override
  public List<HarvestJob> withStatusStartedBefore(JobStatus status, Instant before) {
    return NamedQueries.list(
        em, "HarvestJob.startedBefore", HarvestJob.class, "status", status, "before", before);
  }

  @Override
  public long nextId() {
    try {
      return store.nextJobId();
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot get a new job id", e);
    }
  }

  @Override
  public void add(HarvestJob job) {
    em.persist(job);
    em.flush();
  }

  @Override
  public List<JobDomain> domainsOf(HarvestJob job) {
    try {
      return store.domains(job.configurationsJobId());
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the domains of job " + job.id(), e);
    }
  }

  @Override
  public Map<Long, Long> submittedPerChannel() {
    Map<Long, Long> queued = new HashMap<>();
    for (Object[] row :
        NamedQueries.list(
            em, "HarvestJob.countPerChannel", Object[].class, "status", JobStatus.SUBMITTED)) {
      queued.put((Long) row[0], (Long) row[1]);
    }
    return queued;
  }

  @Override
  public List<HarvestJob> readyToSubmit(int max, Collection<Long> leavingOut) {
    TypedQuery<HarvestJob> query =
        leavingOut.isEmpty()
            ? em.createNamedQuery("HarvestJob.readyToSubmit", HarvestJob.class)
            : em.createNamedQuery("HarvestJob.readyToSubmitLeavingOut", HarvestJob.class)
                .setParameter("channels", leavingOut);
    return query
        .setParameter("new", JobStatus.NEW)
        .setParameter("done", SplitStatus.DONE)
        .setMaxResults(max)
        .getResultList();
  }

  @Override
  public List<Long> doneJobIds(long harvestId) {
    return NamedQueries.list(
        em, "HarvestJob.idsOfHarvest", Long.class, "harvest", harvestId, "status", JobStatus.DONE);
  }

  @Override
  public List<Long> doneJobIdsOfLatestRunBefore(long harvestId, int run) {
    List<Integer> runs =
        em.createNamedQuery("HarvestJob.latestRunBefore", Integer.class)
            .setParameter("harvest", harvestId)
            .setParameter("run", run)
            .setParameter("status", JobStatus.DONE)
            .getResultList();
    if (runs.isEmpty() || runs.get(0) == null) {
      return List.of();
    }
    return em.createNamedQuery("HarvestJob.idsOfRun", Long.class)
        .setParameter("harvest", harvestId)
        .setParameter("run", runs.get(0))
        .setParameter("status", JobStatus.DONE)
        .getResultList();
  }

  @Override
  public List<HarvestJob> list(JobSelection filter, int first, int max) {
    // The ids first, in native SQL whose order is that of the index that serves it: the
    // equality-filtered columns, then the id descending (H2 reads an index in its own order only,
    // only when ORDER BY spells out that order, and prefers it only when the index covers the
    // query); then the page's jobs by id.
    Where where = Where.of(filter);
    String lead = "";
    if (filter.harvestId() != null) {
      lead = "harvest_id, harvest_run DESC, ";
    } else if (filter.status() != null) {
      lead = "status, ";
    } else if (filter.channelId() != null) {
      lead = "channel_id, ";
    }
    Query query =
        em.createNativeQuery(
            "SELECT id FROM harvest_job" + where.sql() + " ORDER BY " + lead + "id DESC");
    where.bind(query);
    List<Long> ids = new ArrayList<>();
    for (Object id : query.setFirstResult(first).setMaxResults(max).getResultList()) {
      ids.add(((Number) id).longValue());
    }
    return findAll(ids);
  }

  @Override
  public long count() {
    return ((Number) em.createNativeQuery("SELECT COUNT(*) FROM harvest_job").getSingleResult())
        .longValue();
  }

  @Override
  public long countUpTo(JobSelection filter, long limit) {
    Where where = Where.of(filter);
    Query count =
        em.createNativeQuery(
            "SELECT COUNT(*) FROM (SELECT 1 FROM harvest_job"
                + where.sql()
                + " FETCH FIRST "
                + limit
                + " ROWS ONLY) counted");
    where.bind(count);
    return ((Number) count.getSingleResult()).longValue();
  }

  @Override
  public int deleteJobsOfSplit(long splitId) {
    try {
      return store.deleteJobsOf(splitId);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot remove the jobs of split " + splitId, e);
    }
  }

  /** A selection's WHERE clause and the values of its parameters, in the order of the columns. */
  private record Where(String sql, List<Object> values) {

    static Where of(JobSelection filter) {
      List<String> conditions = new ArrayList<>();
      List<Object> values = new ArrayList<>();
      if (filter.harvestId() != null) {
        conditions.add("harvest_id = ?");
        values.add(filter.harvestId());
        if (filter.run() != null) {
          conditions.add("harvest_run = ?");
          values.add(filter.run());
        }
      }
      if (filter.status() != null) {
        conditions.add("status = ?");
        values.add(filter.status().name());
      }
      if (filter.channelId() != null) {
        conditions.add("channel_id = ?");
        values.add(filter.channelId());
      }
      if (filter.createdFrom() != null) {
        conditions.add("created_at >= ?");
        values.add(filter.createdFrom());
      }
      if (filter.createdTo() != null) {
        conditions.add("created_at < ?");
        values.add(filter.createdTo());
      }
      return new Where(
          conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions), values);
    }

    void bind(Query query) {
      for (int i = 0; i < values.size(); i++) {
        query.setParameter(i + 1, values.get(i));
      }
    }
  }
}
