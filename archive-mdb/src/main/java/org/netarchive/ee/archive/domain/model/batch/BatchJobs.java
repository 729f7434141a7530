package org.netarchive.ee.archive.domain.model.batch;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcTargetRecord;
import org.netpreserve.jwarc.cdx.CdxWriter;

/**
 * The batch jobs the archive offers, by name:
 *
 * <ul>
 *   <li>{@code checksum}: one line {@code <file>##<checksum>} per file; parameter {@code algorithm}
 *       {@code SHA-512} (default) or {@code MD5}
 *   <li>{@code list}: the file names, one per line
 *   <li>{@code sizes}: one line {@code <file>##<size in bytes>} per file (a checksum-only
 *       bitarchive, which keeps no bytes, gives -1), what a file-list audit of a replica reads
 *   <li>{@code cdx}: CDX lines (jwarc's CDX11 format) of every record of WARC and ARC files
 *   <li>{@code crawl-log}: the crawl.log records of metadata files, as stored
 *   <li>{@code metadata-cdx}: the CDX records of metadata files, as stored
 * </ul>
 */
public final class BatchJobs {

  private static final Pattern WARC_OR_ARC =
      Pattern.compile(".*\\.(w?arc)(\\.gz)?", Pattern.CASE_INSENSITIVE);
  private static final Pattern METADATA_FILE = Pattern.compile(".*-metadata-.*");

  private static final Map<String, BatchJob> JOBS = new TreeMap<>();

  static {
    for (BatchJob job :
        List.of(
            new ChecksumJob(),
            new ListJob(),
            new SizesJob(),
            new CdxJob(),
            new MetadataExtractJob(
                "crawl-log",
                "the crawl.log records of metadata files",
                Pattern.compile("metadata://[^/]+/crawl/logs/crawl\\.log.*")),
            new MetadataExtractJob(
                "metadata-cdx",
                "the CDX records of metadata files",
                Pattern.compile("metadata://[^/]+/crawl/index/cdx.*")))) {
      JOBS.put(job.name(), job);
    }
  }

  private BatchJobs() {}

  /**
   * The job of a name.
   *
   * @throws IllegalArgumentException naming the job and the known ones if there is none
   */
  public static BatchJob named(String name) {
    BatchJob job = JOBS.get(name);
    if (job == null) {
      throw new IllegalArgumentException(
          "There is no batch job '" + name + "'; the batch jobs are " + JOBS.keySet());
    }
    return job;
  }

  /** All jobs, by name. */
  public static Map<String, BatchJob> all() {
    return java.util.Collections.unmodifiableMap(JOBS);
  }

  private static Writer writer(OutputStream out) {
    return new OutputStreamWriter(out, StandardCharsets.UTF_8);
  }

  private static final class ChecksumJob implements BatchJob {
    @Override
    public String name() {
      return "checksum";
    }

    @Override
    public String description() {
      return "<file>##<checksum> for every file; algorithm=SHA-512 (default) or MD5";
    }

    @Override
    public Set<String> parameterNames() {
      return Set.of("algorithm");
    }

    @Override
    public void validate(Map<String, String> parameters) {
      BatchJob.super.validate(parameters);
      algorithm(parameters);
    }

    private static ChecksumAlgorithm algorithm(Map<String, String> parameters) {
      String value = parameters.getOrDefault("algorithm", "SHA-512");
      return switch (value.toUpperCase(Locale.ROOT)) {
        case "SHA-512", "SHA512" -> ChecksumAlgorithm.SHA512;
        case "MD5" -> ChecksumAlgorithm.MD5;
        default ->
            throw new IllegalArgumentException(
                "Parameter 'algorithm' of batch job 'checksum' must be SHA-512 or MD5, was '"
                    + value
                    + "'");
      };
    }

    @Override
    public void process(Path file, Map<String, String> parameters, OutputStream out)
        throws IOException {
      String line = file.getFileName() + "##" + algorithm(parameters).of(file) + "\n";
      out.write(line.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static final class ListJob implements BatchJob {
    @Override
    public String name() {
      return "list";
    }

    @Override
    public String description() {
      return "the names of the files";
    }

    @Override
    public void process(Path file, Map<String, String> parameters, OutputStream out)
        throws IOException {
      out.write((file.getFileName() + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }

  private static final class SizesJob implements BatchJob {
    @Override
    public String name() {
      return "sizes";
    }

    @Override
    public String description() {
      return "<file>##<size in bytes> for every file";
    }

    @Override
    public void process(Path file, Map<String, String> parameters, OutputStream out)
        throws IOException {
      String line = file.getFileName() + "##" + Files.size(file) + "\n";
      out.write(line.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static final class CdxJob implements BatchJob {
    @Override
    public String name() {
      return "cdx";
    }

    @Override
    public String description() {
      return "CDX lines of the records of WARC and ARC files (other files are skipped)";
    }

    @Override
    public void process(Path file, Map<String, String> parameters, OutputStream out)
        throws IOException {
      if (!WARC_OR_ARC.matcher(file.getFileName().toString()).matches()) {
        return;
      }
      Writer writer = writer(out);
      // Not closed: that would close the caller's stream.
      CdxWriter cdx = new CdxWriter(writer);
      cdx.process(List.of(file), false);
      writer.flush();
    }
  }

  private static final class MetadataExtractJob implements BatchJob {
    private final String name;
    private final String description;
    private final Pattern targetUri;

    MetadataExtractJob(String name, String description, Pattern targetUri) {
      this.name = name;
      this.description = description;
      this.targetUri = targetUri;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String description() {
      return description + " (files named *-metadata-*)";
    }

    @Override
    public void process(Path file, Map<String, String> parameters, OutputStream out)
        throws IOException {
      if (!METADATA_FILE.matcher(file.getFileName().toString()).matches()) {
        return;
      }
      try (WarcReader reader = new WarcReader(file)) {
        for (WarcRecord record : reader) {
          if (record instanceof WarcTargetRecord target
              && targetUri.matcher(target.target()).matches()) {
            record.body().stream().transferTo(out);
          }
        }
      }
    }
  }
}
