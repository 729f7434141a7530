package org.netarchive.ee.archive.application;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.netarchive.ee.archive.application.ArchivedFileView.CopyView;
import org.netarchive.ee.archive.domain.model.repository.ChecksumStatus;
import org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState;
import org.netarchive.ee.common.channel.Channels;

/**
 * Reads the archive's admin data for the UI and the REST API (reference/004, "Admin for the
 * Repository"): the files a page at a time in name order, found by the start of their name or a
 * part of it, or by the store state of their copies; one file with its copies; how many copies each
 * replica has in each state. Read-only: only the repository's messages change the admin data.
 *
 * <p>A page is two queries whatever its size: the names of the page (in the order of the unique
 * index on the name), then the copies of those files together.
 */
@PermitAll
@Stateless
public class ArchiveAdmin {

  /**
   * Which files to list; every part is optional ({@code null} for any).
   *
   * @param prefix the start of the name (case-sensitive, so the name's index is used)
   * @param contains a part of the name, in any case
   * @param state a store state a copy of the file is in
   * @param replica with {@code state}: the replica whose copy is in it; alone: files with a copy on
   *     that replica
   */
  public record FileFilter(String prefix, String contains, ReplicaStoreState state, String replica)
      implements Serializable {

    /** All files. */
    public static final FileFilter ALL = new FileFilter(null, null, null, null);
  }

  @PersistenceContext(unitName = "archive")
  private EntityManager em;

  @Inject private ArchiveSettings settings;

  @jakarta.ejb.EJB private Bitarchives bitarchives;

  /**
   * A copy of a file that this server can read: a replica's bitarchive here holds its bytes.
   *
   * @param replica the replica
   * @param path where its bitarchive keeps the file
   */
  public record LocalCopy(String replica, java.nio.file.Path path) implements Serializable {}

  /**
   * A good copy of a file that this server's own bitarchives hold, in the configured replica order:
   * the copy there is {@code UPLOAD_COMPLETED} (stored and checksum-verified), its last checksum
   * check did not find it corrupt, and the replica keeps bytes (not checksum-only).
   *
   * @param name the file
   * @return the copy, or empty if the archive does not know the file or no replica here holds it
   */
  public Optional<LocalCopy> localCopy(String name) {
    Optional<ArchivedFileView> file = find(name);
    if (file.isEmpty()) {
      return Optional.empty();
    }
    for (String replica : settings.replicaIds()) {
      CopyView copy = file.get().copy(replica);
      if (copy == null
          || copy.state() != ReplicaStoreState.UPLOAD_COMPLETED
          || copy.checksumStatus() == ChecksumStatus.CORRUPT) {
        continue;
      }
      var local = bitarchives.local(replica);
      if (local.isEmpty() || local.get().checksumOnly()) {
        continue;
      }
      Optional<java.nio.file.Path> path = local.get().find(name);
      if (path.isPresent()) {
        return Optional.of(new LocalCopy(replica, path.get()));
      }
    }
    return Optional.empty();
  }

  /** The replicas every file is stored in, e.g. {@code [ONE, TWO]}. */
  public List<String> replicaIds() {
    return settings.replicaIds();
  }

  /** The installation's channel names. */
  public Channels channels() {
    return settings.channels();
  }

  /**
   * A page of the files the filter selects, in name order.
   *
   * @param filter which files
   * @param first the position of the first file, from 0
   * @param max at most this many files
   * @throws IllegalArgumentException naming the replica if the filter names an unknown one
   */
  public List<ArchivedFileView> list(FileFilter filter, int first, int max) {
    if (first < 0 || max < 1) {
      throw new IllegalArgumentException(
          "A page starts at 0 or later and has at least one file, not " + first + "/" + max);
    }
    TypedQuery<String> names =
        bind(
            em.createQuery(
                "SELECT f.name FROM ArchivedFile f" + where(filter) + " ORDER BY f.name",
                String.class),
            filter);
    return views(names.setFirstResult(first).setMaxResults(max).getResultList());
  }

  /** How many files the filter selects. */
  public long count(FileFilter filter) {
    return bind(
            em.createQuery("SELECT COUNT(f) FROM ArchivedFile f" + where(filter), Long.class),
            filter)
        .getSingleResult();
  }

  /** One file with its copies. */
  public Optional<ArchivedFileView> find(String name) {
    if (name == null) {
      return Optional.empty();
    }
    return views(List.of(name)).stream().findFirst();
  }

  /**
   * How many copies each replica has in each store state; every replica and state is present.
   *
   * @return counts by replica id (in the configured order), then by state
   */
  public Map<String, Map<ReplicaStoreState, Long>> copiesByState() {
    Map<String, Map<ReplicaStoreState, Long>> counts = new LinkedHashMap<>();
    for (String replica : settings.replicaIds()) {
      Map<ReplicaStoreState, Long> byState = new LinkedHashMap<>();
      for (ReplicaStoreState state : ReplicaStoreState.values()) {
        byState.put(state, 0L);
      }
      counts.put(replica, byState);
    }
    List<Object[]> rows =
        em.createQuery(
                "SELECT KEY(c), c.state, COUNT(f) FROM ArchivedFile f JOIN f.copies c"
                    + " GROUP BY KEY(c), c.state",
                Object[].class)
            .getResultList();
    for (Object[] row : rows) {
      counts
          .computeIfAbsent((String) row[0], r -> new LinkedHashMap<>())
          .put((ReplicaStoreState) row[1], (Long) row[2]);
    }
    return counts;
  }

  private String where(FileFilter filter) {
    if (filter.replica() != null && !settings.replicaIds().contains(filter.replica())) {
      throw new IllegalArgumentException(
          "Unknown replica '" + filter.replica() + "'; the replicas are " + settings.replicaIds());
    }
    List<String> conditions = new ArrayList<>();
    if (filter.prefix() != null) {
      conditions.add("f.name LIKE :prefix ESCAPE '!'");
    }
    if (filter.contains() != null) {
      conditions.add("LOWER(f.name) LIKE :contains ESCAPE '!'");
    }
    if (filter.state() != null || filter.replica() != null) {
      // Answered from the index on (replica, store state).
      conditions.add(
          "f.id IN (SELECT g.id FROM ArchivedFile g JOIN g.copies c WHERE "
              + (filter.state() != null ? "c.state = :state" : "1 = 1")
              + (filter.replica() != null ? " AND KEY(c) = :replica" : "")
              + ")");
    }
    return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
  }

  private static <T> TypedQuery<T> bind(TypedQuery<T> query, FileFilter filter) {
    if (filter.prefix() != null) {
      query.setParameter("prefix", escape(filter.prefix()) + "%");
    }
    if (filter.contains() != null) {
      query.setParameter(
          "contains", "%" + escape(filter.contains().toLowerCase(Locale.ROOT)) + "%");
    }
    if (filter.state() != null) {
      query.setParameter("state", filter.state());
    }
    if (filter.replica() != null) {
      query.setParameter("replica", filter.replica());
    }
    return query;
  }

  /** A text matched literally by LIKE ... ESCAPE '!'. */
  private static String escape(String text) {
    return text.replace("!", "!!").replace("%", "!%").replace("_", "!_");
  }

  /** The files of these names with their copies, in the names' order; unknown names left out. */
  private List<ArchivedFileView> views(List<String> names) {
    if (names.isEmpty()) {
      return List.of();
    }
    List<Object[]> rows =
        em.createQuery(
                "SELECT f.name, f.size, f.sha512, f.createdAt, KEY(c), c.state, c.stateChangedAt,"
                    + " c.attempts, c.failureReason, c.replicaChecksum, c.checksumStatus,"
                    + " c.checksumCheckedAt"
                    + " FROM ArchivedFile f LEFT JOIN f.copies c WHERE f.name IN :names",
                Object[].class)
            .setParameter("names", names)
            .getResultList();
    Map<String, Object[]> files = new LinkedHashMap<>();
    Map<String, Map<String, CopyView>> copies = new LinkedHashMap<>();
    for (Object[] row : rows) {
      String name = (String) row[0];
      files.putIfAbsent(name, row);
      Map<String, CopyView> ofFile = copies.computeIfAbsent(name, n -> new TreeMap<>());
      if (row[4] != null) {
        ofFile.put(
            (String) row[4],
            new CopyView(
                (String) row[4],
                (ReplicaStoreState) row[5],
                (Instant) row[6],
                (Integer) row[7],
                (String) row[8],
                (String) row[9],
                (ChecksumStatus) row[10],
                (Instant) row[11]));
      }
    }
    List<ArchivedFileView> views = new ArrayList<>();
    for (String name : names) {
      Object[] file = files.get(name);
      if (file != null) {
        views.add(
            new ArchivedFileView(
                name,
                (Long) file[1],
                (String) file[2],
                (Instant) file[3],
                List.copyOf(copies.get(name).values())));
      }
    }
    return views;
  }
}
