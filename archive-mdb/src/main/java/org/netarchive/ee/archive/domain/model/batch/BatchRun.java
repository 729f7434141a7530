package org.netarchive.ee.archive.domain.model.batch;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.netarchive.ee.archive.domain.model.bitarchive.BitarchiveStorage;

/**
 * Runs one batch job over the files of a bitarchive, in name order, concatenating their results in
 * a result file. A file the job fails on is recorded with the reason and the run goes on with the
 * next; its partial output is kept out of the result (each file's part is written to a temporary
 * file first, so nothing is held in memory).
 */
public final class BatchRun {

  /** How a run ended. */
  public record Outcome(int filesProcessed, List<String> fileFailures) {}

  private BatchRun() {}

  /**
   * Checks a file pattern.
   *
   * @return the compiled pattern, or null for all files
   * @throws IllegalArgumentException naming the pattern if it is not a regular expression
   */
  public static Pattern filePattern(String pattern) {
    if (pattern == null) {
      return null;
    }
    try {
      return Pattern.compile(pattern);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "File pattern '" + pattern + "' is not a regular expression: " + e.getDescription(), e);
    }
  }

  /**
   * Runs the job.
   *
   * @param job the job
   * @param parameters its parameters, validated here first
   * @param filePattern which file names to process, or null for all
   * @param storage the bitarchive
   * @param result the file the combined result is written to (created or truncated)
   * @return the files processed and failed
   * @throws IllegalArgumentException if a parameter is invalid
   * @throws IOException if the bitarchive cannot be listed or the result not written
   */
  public static Outcome run(
      BatchJob job,
      Map<String, String> parameters,
      Pattern filePattern,
      BitarchiveStorage storage,
      Path result)
      throws IOException {
    job.validate(parameters);
    if (storage.checksumOnly()) {
      String algorithm = parameters.getOrDefault("algorithm", "SHA-512").toUpperCase(Locale.ROOT);
      return runOnChecksums(job, algorithm, filePattern, storage, result);
    }
    int processed = 0;
    List<String> failures = new ArrayList<>();
    Path part = result.resolveSibling(result.getFileName() + ".part");
    try (OutputStream out = Files.newOutputStream(result)) {
      for (String name : storage.fileNames()) {
        if (filePattern != null && !filePattern.matcher(name).matches()) {
          continue;
        }
        Path file = storage.find(name).orElse(null);
        if (file == null) {
          continue;
        }
        try (OutputStream partOut = Files.newOutputStream(part)) {
          job.process(file, parameters, partOut);
        } catch (IOException | RuntimeException e) {
          failures.add(name + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
          continue;
        }
        Files.copy(part, out);
        processed++;
      }
    } finally {
      Files.deleteIfExists(part);
    }
    return new Outcome(processed, failures);
  }

  /**
   * A checksum-only bitarchive has no bytes to run a job on: it answers {@code list}, {@code
   * checksum} with SHA-512 from its records and {@code sizes} with -1 (no bytes kept, as a
   * file-list audit of a local checksum-only replica finds), and refuses every other job. Of the
   * job's parameters only the checksum algorithm (upper case) matters here.
   */
  private static Outcome runOnChecksums(
      BatchJob job, String algorithm, Pattern filePattern, BitarchiveStorage storage, Path result)
      throws IOException {
    boolean list = job.name().equals("list");
    boolean sizes = job.name().equals("sizes");
    boolean sha512 =
        job.name().equals("checksum")
            && (algorithm.equals("SHA-512") || algorithm.equals("SHA512"));
    if (!list && !sizes && !sha512) {
      throw new IllegalArgumentException(
          "This bitarchive keeps only the SHA-512 checksums of its files: batch job '"
              + job.name()
              + "'"
              + (job.name().equals("checksum") ? " with algorithm " + algorithm : "")
              + " cannot run on it; only 'list', 'sizes' and 'checksum' (SHA-512) can");
    }
    int processed = 0;
    try (OutputStream out = Files.newOutputStream(result)) {
      for (String name : storage.fileNames()) {
        if (filePattern != null && !filePattern.matcher(name).matches()) {
          continue;
        }
        String line =
            list
                ? name + "\n"
                : sizes ? name + "##-1\n" : name + "##" + storage.sha512(name).orElseThrow() + "\n";
        out.write(line.getBytes(StandardCharsets.UTF_8));
        processed++;
      }
    }
    return new Outcome(processed, List.of());
  }
}
