package org.netarchive.ee.archive.domain.model.index;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Exclusive work on a cache item across threads and processes: a lock in this JVM (a file lock is
 * held per process, not per thread) and then an OS lock on a lock file beside the item, so another
 * server sharing the cache directory waits too (reference/004: "a file indicating that work is
 * being done is locked by the process").
 */
public final class FileLocks {

  /** Work done under the lock. */
  @FunctionalInterface
  public interface Work<T> {
    /**
     * Does the work.
     *
     * @return its result
     * @throws IOException if it fails
     */
    T run() throws IOException;
  }

  private static final ConcurrentHashMap<Path, ReentrantLock> IN_JVM = new ConcurrentHashMap<>();

  private FileLocks() {}

  /**
   * Runs work while holding the lock of a lock file.
   *
   * @param lockFile the lock file, created if needed; left in place (removing it would let a
   *     waiting process lock a file no longer in the directory)
   * @param work the work
   * @return what the work returned
   * @throws IOException if the work or the locking fails
   */
  public static <T> T withLock(Path lockFile, Work<T> work) throws IOException {
    Path key = lockFile.toAbsolutePath().normalize();
    ReentrantLock lock = IN_JVM.computeIfAbsent(key, k -> new ReentrantLock());
    lock.lock();
    try {
      Files.createDirectories(key.getParent());
      try (FileChannel channel =
              FileChannel.open(key, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock ignored = channel.lock()) {
        return work.run();
      }
    } finally {
      lock.unlock();
    }
  }
}
