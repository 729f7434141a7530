package org.netarchive.ee.scheduler.application.job;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;

/**
 * Which archived files each job's revisit records point into (the files holding the originals of
 * its duplicates), as the job's final report named them. A job can only be replayed while those
 * files can be read, so the archive asks here before it removes a copy of a file.
 */
@Stateless
@PermitAll
public class RevisitDependencies {

  /** Files written per statement: a job's originals may lie in thousands of earlier files. */
  private static final int BATCH = 500;

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  /**
   * Records the files a job's revisits point into. Repeating it for the job (a repeated report)
   * records the same set again.
   *
   * @param jobId the job
   * @param files the archived files, each once
   */
  public void record(long jobId, List<String> files) {
    em.createNativeQuery("DELETE FROM job_revisit_dependency WHERE job_id = ?1")
        .setParameter(1, jobId)
        .executeUpdate();
    for (int from = 0; from < files.size(); from += BATCH) {
      List<String> slice = files.subList(from, Math.min(files.size(), from + BATCH));
      StringBuilder sql =
          new StringBuilder("INSERT INTO job_revisit_dependency (file_name, job_id) VALUES ");
      for (int i = 0; i < slice.size(); i++) {
        sql.append(i == 0 ? "" : ", ").append("(?").append(2 * i + 1).append(", ?");
        sql.append(2 * i + 2).append(')');
      }
      var insert = em.createNativeQuery(sql.toString());
      for (int i = 0; i < slice.size(); i++) {
        insert.setParameter(2 * i + 1, slice.get(i)).setParameter(2 * i + 2, jobId);
      }
      insert.executeUpdate();
    }
  }

  /**
   * The jobs whose revisits point into a file, lowest first.
   *
   * @param fileName the archived file
   * @param limit the most jobs to name
   * @return the jobs
   */
  public List<Long> jobsDependingOn(String fileName, int limit) {
    return em
        .createNativeQuery(
            "SELECT job_id FROM job_revisit_dependency WHERE file_name = ?1 ORDER BY job_id",
            Long.class)
        .setParameter(1, fileName)
        .setMaxResults(limit)
        .getResultList()
        .stream()
        .map(Long.class::cast)
        .toList();
  }
}
