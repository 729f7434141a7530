package org.netarchive.ee.archive.domain.model.repository;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** The archived files and their copies. */
public interface ArchivedFileRepository {

  /**
   * Finds a file and locks it for the rest of the transaction, so that answers from several
   * replicas about the same file are applied one after the other.
   */
  Optional<ArchivedFile> findForUpdate(String name);

  /** Finds a file without locking it. */
  Optional<ArchivedFile> find(String name);

  void add(ArchivedFile file);

  /** Files with a replica that is still uploading or being checked. */
  List<ArchivedFile> unfinished();

  /**
   * The names of at most {@code max} files with a copy in one of {@code replicas} still uploading
   * or being checked whose state has not changed since {@code cutoff}, in no particular order.
   */
  List<String> silentSince(Collection<String> replicas, Instant cutoff, int max);
}
