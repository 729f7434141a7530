package org.netarchive.ee.agent.report;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.netarchive.ee.agent.job.JobDirectory;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.DomainAlias;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.Warcinfo;
import org.netpreserve.jwarc.cdx.CdxFormat;
import org.netpreserve.jwarc.cdx.CdxWriter;

/**
 * Writes a job's metadata WARC, {@code <jobID>-metadata-1.warc}: a warcinfo record, then one
 * resource record per document, named as NetarchiveSuite names them (reference/000, "Creating
 * metadata"):
 *
 * <ul>
 *   <li>{@code
 *       metadata://netarkivet.dk/crawl/setup/crawler-beans.cxml?heritrixVersion=V&harvestid=H&jobid=J}
 *       (with the domains' passwords left out) and the job as received ({@code
 *       crawl/setup/job?...}), the aliases and the deduplication jobs ({@code
 *       crawl/setup/aliases?...}, {@code
 *       crawl/setup/duplicatereductionjobs?majorversion=1&minorversion=0&harvestid=H&harvestnum=N&jobid=J},
 *       and what became of them: the index fetched, the jobs it covers and lacks, or why the job
 *       crawled without one, {@code crawl/setup/deduplication?...}, JSON);
 *   <li>Heritrix's logs and heritrix.out ({@code
 *       crawl/logs/<name>?heritrixVersion=V&harvestid=H&jobid=J}) and reports ({@code
 *       crawl/reports/<name>?...});
 *   <li>a CDX (CDX11) of every WARC file of the job ({@code
 *       crawl/index/cdx?majorversion=2&minorversion=0&harvestid=H&jobid=J&filename=F}).
 * </ul>
 *
 * The file is written under a temporary name and renamed when complete, so a crash never leaves a
 * half-written metadata WARC that looks finished.
 */
public final class MetadataWarc {

  private static final java.util.logging.Logger LOG =
      java.util.logging.Logger.getLogger(MetadataWarc.class.getName());
  private static final String AUTHORITY = "metadata://netarkivet.dk/crawl/";
  private static final MediaType XML = MediaType.parse("text/xml");
  private static final MediaType JSON = MediaType.parse("application/json");

  private final String heritrixVersion;
  private final String software;

  /**
   * @param heritrixVersion the Heritrix version that crawled, e.g. {@code 3.13.0}
   * @param software the agent's name and version, for the warcinfo record
   */
  public MetadataWarc(String heritrixVersion, String software) {
    this.heritrixVersion = heritrixVersion;
    this.software = software;
  }

  /**
   * The metadata WARC's file name for a job.
   *
   * @param jobId the job
   * @return {@code <jobID>-metadata-1.warc}
   */
  public static String fileName(long jobId) {
    return jobId + "-metadata-1.warc";
  }

  /**
   * Writes the metadata WARC into the job's {@code metadata} directory.
   *
   * @param directory the job directory
   * @param request the job
   * @param notes what happened to the job, in words (written as a record of its own)
   * @param now the records' date
   * @return the file
   */
  public Path write(JobDirectory directory, CrawlRequest request, String notes, Instant now) {
    Path target = directory.metadata().resolve(fileName(request.jobId()));
    Path temporary = target.resolveSibling(target.getFileName() + ".tmp");
    try (FileChannel channel =
            FileChannel.open(
                temporary,
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        WarcWriter writer = new WarcWriter(channel, WarcCompression.NONE)) {
      writer.write(warcinfo(target.getFileName().toString(), request, now));
      String setup = "?heritrixVersion=" + heritrixVersion + ids(request);
      // Never the passwords: the copy without them if Heritrix's was not yet replaced by it.
      Path beans =
          Files.isRegularFile(directory.crawlerBeansWithoutPasswords())
              ? directory.crawlerBeansWithoutPasswords()
              : directory.crawlerBeans();
      if (Files.isRegularFile(beans)) {
        writeFile(writer, "setup/crawler-beans.cxml" + setup, XML, beans, now);
      }
      String versioned =
          "?majorversion=1&minorversion=0&harvestid="
              + request.harvestId()
              + "&harvestnum="
              + request.harvestRun()
              + "&jobid="
              + request.jobId();
      writeFile(writer, "setup/job" + versioned, JSON, directory.request(), now);
      writeText(writer, "setup/notes" + versioned, notes, now);
      if (!request.aliases().isEmpty()) {
        writeText(writer, "setup/aliases" + versioned, aliases(request.aliases()), now);
      }
      if (!request.deduplicationJobIds().isEmpty()) {
        writeText(
            writer,
            "setup/duplicatereductionjobs" + versioned,
            request.deduplicationJobIds().stream()
                .map(String::valueOf)
                .collect(Collectors.joining(",")),
            now);
      }
      if (Files.isRegularFile(directory.deduplicationNote())) {
        writeFile(
            writer, "setup/deduplication" + versioned, JSON, directory.deduplicationNote(), now);
      }
      Optional<Path> launch = directory.latestLaunch();
      if (launch.isPresent()) {
        for (Path log : files(launch.get().resolve("logs"))) {
          writeFile(writer, "logs/" + log.getFileName() + setup, MediaType.PLAIN_TEXT, log, now);
        }
      }
      if (Files.isRegularFile(directory.heritrixOut())) {
        writeFile(
            writer,
            "logs/heritrix.out" + setup,
            MediaType.PLAIN_TEXT,
            directory.heritrixOut(),
            now);
      }
      if (launch.isPresent()) {
        for (Path report : files(launch.get().resolve("reports"))) {
          writeFile(
              writer, "reports/" + report.getFileName() + setup, MediaType.PLAIN_TEXT, report, now);
        }
      }
      for (Path warc : directory.crawlWarcs()) {
        writeText(
            writer,
            "index/cdx?majorversion=2&minorversion=0&harvestid="
                + request.harvestId()
                + "&jobid="
                + request.jobId()
                + "&filename="
                + URLEncoder.encode(warc.getFileName().toString(), StandardCharsets.UTF_8),
            cdxOrProblem(warc),
            now);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the metadata WARC " + temporary, e);
    }
    try {
      channelSync(temporary);
      Files.move(
          temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot rename " + temporary + " to " + target, e);
    }
    return target;
  }

  private static String ids(CrawlRequest request) {
    return "&harvestid=" + request.harvestId() + "&jobid=" + request.jobId();
  }

  private Warcinfo warcinfo(String fileName, CrawlRequest request, Instant now) {
    Map<String, List<String>> fields = new LinkedHashMap<>();
    fields.put("software", List.of(software));
    fields.put("format", List.of("WARC File Format 1.0"));
    fields.put(
        "description",
        List.of(
            "Metadata of job "
                + request.jobId()
                + ": Heritrix logs and reports, job setup, CDX of the job's WARC files"));
    fields.put("isPartOf", List.of(request.jobId() + "-" + request.harvestId()));
    fields.put("harvestInfo.jobId", List.of(Long.toString(request.jobId())));
    fields.put("harvestInfo.harvestId", List.of(Long.toString(request.harvestId())));
    fields.put(
        "harvestInfo.harvestName", List.of(request.harvestName().replaceAll("[\\r\\n]+", " ")));
    fields.put("harvestInfo.harvestRun", List.of(Integer.toString(request.harvestRun())));
    fields.put("harvestInfo.channel", List.of(request.channel()));
    fields.put("harvestInfo.templateName", List.of(request.templateName()));
    fields.put("harvestInfo.templateVersion", List.of(Integer.toString(request.templateVersion())));
    fields.put("harvestInfo.heritrixVersion", List.of(heritrixVersion));
    return new Warcinfo.Builder().date(now).filename(fileName).fields(fields).build();
  }

  private static void writeFile(
      WarcWriter writer, String name, MediaType type, Path file, Instant now) throws IOException {
    try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
      // The length read now: a log still growing is archived as far as it was then.
      long size = in.size();
      writer.write(
          new WarcResource.Builder(URI.create(AUTHORITY + name))
              .date(now)
              .body(type, in, size)
              .build());
    }
  }

  private static void writeText(WarcWriter writer, String name, String text, Instant now)
      throws IOException {
    writer.write(
        new WarcResource.Builder(URI.create(AUTHORITY + name))
            .date(now)
            .body(MediaType.PLAIN_TEXT, text.getBytes(StandardCharsets.UTF_8))
            .build());
  }

  private static String aliases(List<DomainAlias> aliases) {
    StringBuilder text = new StringBuilder();
    for (DomainAlias alias : aliases) {
      text.append(alias.alias()).append(" is an alias for ").append(alias.aliasOf()).append('\n');
    }
    return text.toString();
  }

  /** A WARC left open by a crash may end in a broken record: index what can be read. */
  private static String cdxOrProblem(Path warc) {
    try {
      return cdx(warc);
    } catch (IOException | RuntimeException e) {
      return "# The CDX of " + warc.getFileName() + " is incomplete: " + e + "\n";
    }
  }

  /** The CDX (CDX11 with its legend line) of one WARC file. */
  static String cdx(Path warc) throws IOException {
    StringWriter out = new StringWriter();
    try (CdxWriter cdx = new CdxWriter(out)) {
      cdx.setFormat(CdxFormat.CDX11);
      cdx.onWarning(w -> LOG.warning(() -> "Indexing " + warc + ": " + w));
      cdx.writeHeaderLine();
      cdx.process(List.of(warc), false);
    }
    return out.toString();
  }

  private static List<Path> files(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries
          .filter(p -> Files.isRegularFile(p) && !p.getFileName().toString().endsWith(".lck"))
          .filter(p -> !p.getFileName().toString().endsWith(".gz"))
          .sorted()
          .toList();
    }
  }

  private static void channelSync(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
  }
}
