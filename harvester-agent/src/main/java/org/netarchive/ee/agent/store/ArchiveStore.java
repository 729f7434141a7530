package org.netarchive.ee.agent.store;

import java.nio.file.Path;

/**
 * The archive, as the agent needs it: store one file and say whether the archive holds it.
 *
 * <p>The contract the agent relies on:
 *
 * <ul>
 *   <li>{@link #store(Path)} returns normally only when the archive has confirmed that it holds the
 *       file with the checksum of the local file (in the system's design: every replica answered
 *       the store as OK, reference/000 "Uploading"). Only then does the agent delete its local
 *       copy. It must not return before that confirmation, and must not delete or move the file
 *       itself.
 *   <li>It throws {@link ArchiveStoreException} when the file is not (or not certainly) stored: the
 *       agent then keeps the file, reports an upload error for the job and tries again when it next
 *       starts.
 *   <li>Storing the same file again (same name and content, e.g. after an agent crash between the
 *       confirmation and the deletion) must succeed, not fail as a duplicate. A different content
 *       under an existing name must fail.
 *   <li>It may block for as long as the transfer and the replicas take; the agent calls it from one
 *       thread, one file at a time.
 * </ul>
 */
public interface ArchiveStore extends AutoCloseable {

  /**
   * Stores a file in the archive under its file name.
   *
   * @param file a WARC file of a job (crawled or metadata), complete and no longer written to
   * @throws ArchiveStoreException if the archive did not confirm that it holds the file
   */
  void store(Path file) throws ArchiveStoreException;

  /** Releases what the store holds (its connections); the agent calls it last. */
  @Override
  default void close() {}
}
