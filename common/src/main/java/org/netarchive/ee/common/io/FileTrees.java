package org.netarchive.ee.common.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Removes directory trees: the work directories of index builds, crawl.log indexes, repairs and
 * jobs, which are made beside their target and removed when a step fails or is done. The JDK
 * deletes only empty directories, so each of those places walked the tree deepest first; this is
 * that walk, once.
 */
public final class FileTrees {

  private FileTrees() {}

  /**
   * Removes a file or a directory with everything below it; nothing if it does not exist.
   *
   * @param root the file or directory
   * @throws IOException if something below it cannot be listed or removed
   */
  public static void delete(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
