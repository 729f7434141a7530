package org.netarchive.ee.batch.application;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;

/**
 * A list uploaded for a batch job (domain names, seeds), streamed to a file under the server's data
 * directory, never held in memory, with its lines counted for the job's progress.
 *
 * @param file where it is, complete (written under a temporary name, then renamed)
 * @param lines its number of lines
 */
public record UploadedList(Path file, long lines) {

  /** Largest list accepted, in bytes (2,000,000 domain names take about 40 MB). */
  public static final long MAX_BYTES = 512L * 1024 * 1024;

  /**
   * Stores a list.
   *
   * @param kind what it is, for its file name and refusals ("domain list", "seed list")
   * @throws IllegalArgumentException if it is larger than {@link #MAX_BYTES}
   */
  public static UploadedList store(InputStream in, String kind) throws IOException {
    Path directory =
        Path.of(System.getProperty("jboss.server.data.dir", "."), "netarchive", "uploads");
    Files.createDirectories(directory);
    String name = kind.replace(' ', '-') + "-" + UUID.randomUUID();
    Path partial = directory.resolve(name + ".part");
    long bytes = 0;
    long lines = 0;
    int last = '\n';
    byte[] buffer = new byte[64 * 1024];
    try (OutputStream out = Files.newOutputStream(partial)) {
      int n;
      while ((n = in.read(buffer)) > 0) {
        bytes += n;
        if (bytes > MAX_BYTES) {
          out.close();
          Files.deleteIfExists(partial);
          throw new IllegalArgumentException(
              "The "
                  + kind
                  + " is larger than "
                  + MAX_BYTES / (1024 * 1024)
                  + " MB; split it into several lists");
        }
        for (int i = 0; i < n; i++) {
          if (buffer[i] == '\n') {
            lines++;
          }
        }
        last = buffer[n - 1];
        out.write(buffer, 0, n);
      }
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(partial);
      throw e;
    }
    Path file = partial.resolveSibling(name + ".txt");
    Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
    return new UploadedList(file, last == '\n' ? lines : lines + 1);
  }

  /** Deletes the file, when the list is not handed to a job. */
  public void delete() throws IOException {
    Files.deleteIfExists(file);
  }
}
