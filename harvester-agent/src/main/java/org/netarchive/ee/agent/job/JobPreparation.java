package org.netarchive.ee.agent.job;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.MessageFormatException;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.CrawlTemplateException;
import org.netarchive.ee.common.template.JobValues;
import org.netarchive.ee.common.template.Placeholder;

/**
 * Makes a job's directory and the Heritrix job in it: the request is saved first (so that even a
 * job whose template cannot be used is finished and reported after a crash), then the template is
 * filled with the job's seeds, per-domain limits, traps, WARC naming and warcinfo metadata, and
 * with the deduplication processor if the job directory has an index ({@link
 * JobDirectory#dedupIndex()}).
 */
public final class JobPreparation {

  private static final MessageCodec CODEC = MessageCodec.standard();

  /**
   * The free space Heritrix's database (Berkeley DB JE) keeps by default: with less free on its
   * disk, it refuses to start, and the job fails with "Failed to start bean 'bdb'".
   */
  public static final long BDB_DEFAULT_FREE_DISK = 5L * 1024 * 1024 * 1024;

  private final Path jobsRoot;
  private final long bdbFreeDiskBytes;

  /**
   * @param jobsRoot the agent's {@code jobs} directory
   * @param bdbFreeDiskBytes the free space Heritrix's database must leave on its disk (its {@code
   *     je.freeDisk}): the agent's own minimum, so that a job the agent takes is not refused by
   *     Heritrix for a limit the operator never set
   */
  public JobPreparation(Path jobsRoot, long bdbFreeDiskBytes) {
    if (bdbFreeDiskBytes < 0) {
      throw new IllegalArgumentException(
          "The free space for Heritrix's database must be at least 0 bytes, not "
              + bdbFreeDiskBytes);
    }
    this.jobsRoot = jobsRoot;
    this.bdbFreeDiskBytes = bdbFreeDiskBytes;
  }

  /**
   * The agent's {@code jobs} directory.
   *
   * @return the directory holding the job directories
   */
  public Path jobsRoot() {
    return jobsRoot;
  }

  /**
   * Makes the job directory and saves the request in it.
   *
   * @param request the job
   * @param takenAt when the agent took it
   * @return the new directory
   */
  public JobDirectory accept(CrawlRequest request, Instant takenAt) {
    JobDirectory directory = JobDirectory.create(jobsRoot, request.jobId(), takenAt);
    // Kept for recovery and archived as the job's setup: without the passwords, which only the
    // job's Heritrix configuration gets.
    JobDirectory.writeAtomically(directory.request(), CODEC.encode(request.withoutPasswords()));
    return directory;
  }

  /**
   * Writes the job's crawler-beans.cxml from its template, readable by the agent's user only since
   * its credential store holds the domains' passwords, and its copy {@linkplain
   * JobDirectory#crawlerBeansWithoutPasswords() without them}; and the settings of Heritrix's
   * database ({@code je.properties} in its directory, {@code state}, which Berkeley DB JE reads
   * when it opens): the free space it keeps is the agent's.
   *
   * @param directory the job's directory
   * @param request the job
   * @throws JobPreparationException if the template cannot be filled for this job; the message says
   *     why
   */
  public void writeCrawlerBeans(JobDirectory directory, CrawlRequest request) {
    requireAValidSeed(request);
    String beans;
    String withoutPasswords;
    try {
      CrawlTemplate template = CrawlTemplate.parse(request.crawlerBeans());
      String warcs = directory.warcs().toAbsolutePath().toString();
      Map<Placeholder, String> values = new EnumMap<>(JobValues.forJob(template, request, warcs));
      Map<Placeholder, String> valuesWithoutPasswords =
          new EnumMap<>(JobValues.forJob(template, request.withoutPasswords(), warcs));
      if (directory.hasDedupIndex()) {
        String processor =
            JobValues.dedupProcessor(template, directory.dedupIndex().toAbsolutePath().toString());
        values.put(Placeholder.DEDUP_INDEX, processor);
        valuesWithoutPasswords.put(Placeholder.DEDUP_INDEX, processor);
      }
      beans = template.render(values);
      withoutPasswords = template.render(valuesWithoutPasswords);
    } catch (CrawlTemplateException e) {
      throw new JobPreparationException(
          "The crawl template '"
              + request.templateName()
              + "' version "
              + request.templateVersion()
              + " cannot be used for job "
              + request.jobId()
              + ": "
              + e.getMessage(),
          e);
    }
    JobDirectory.writeAtomically(directory.crawlerBeansWithoutPasswords(), withoutPasswords);
    try {
      Files.deleteIfExists(directory.crawlerBeans());
      if (directory
          .crawlerBeans()
          .getFileSystem()
          .supportedFileAttributeViews()
          .contains("posix")) {
        Files.createFile(
            directory.crawlerBeans(),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      }
      Files.writeString(directory.crawlerBeans(), beans, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + directory.crawlerBeans(), e);
    }
    Path settings = directory.heritrixDatabase().resolve("je.properties");
    try {
      Files.createDirectories(settings.getParent());
      Files.writeString(
          settings,
          "# Written by the harvester agent: Heritrix's database keeps the free space the agent"
              + " does\n# (work.minimumFreeBytes), not Berkeley DB's default of 5 GiB.\n"
              + "je.freeDisk="
              + bdbFreeDiskBytes
              + "\n",
          StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + settings, e);
    }
  }

  /**
   * Heritrix skips a seed it cannot use; a job none of whose seeds is usable would "finish" at once
   * with nothing, so it fails instead, naming the seeds.
   */
  static void requireAValidSeed(CrawlRequest request) {
    List<String> invalid = new ArrayList<>();
    for (CrawlDomain domain : request.domains()) {
      for (String seed : domain.seeds()) {
        if (isCrawlable(seed)) {
          return;
        }
        invalid.add("'" + seed + "' (domain " + domain.domain() + ")");
      }
    }
    throw new JobPreparationException(
        "Job "
            + request.jobId()
            + " has no valid seed: none of "
            + String.join(", ", invalid)
            + " is an absolute http or https URL with a host",
        null);
  }

  private static boolean isCrawlable(String seed) {
    try {
      URI uri = new URI(seed.strip());
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null;
    } catch (URISyntaxException e) {
      return false;
    }
  }

  /**
   * Reads the request saved in a job directory.
   *
   * @param directory a job directory
   * @return the request
   * @throws JobPreparationException if it is missing or unreadable
   */
  public static CrawlRequest savedRequest(JobDirectory directory) {
    try {
      return CODEC.decode(
          Files.readString(directory.request(), StandardCharsets.UTF_8), CrawlRequest.class);
    } catch (IOException | MessageFormatException e) {
      throw new JobPreparationException(
          "The job directory "
              + directory
              + " has no readable crawl-request.json: "
              + e.getMessage(),
          e);
    }
  }
}
