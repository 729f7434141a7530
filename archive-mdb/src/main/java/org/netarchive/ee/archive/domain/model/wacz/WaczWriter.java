package org.netarchive.ee.archive.domain.model.wacz;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.netarchive.ee.archive.domain.model.index.SortedLines;
import org.netpreserve.jwarc.URIs;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.cdx.CdxFormat;
import org.netpreserve.jwarc.cdx.CdxWriter;

/**
 * Writes one WACZ file of a set of WARC files and the seeds they were crawled from.
 *
 * <p>The index is jwarc's CDXJ of each file ({@link CdxWriter}), sorted on disk ({@link
 * SortedLines}), so a job of millions of captures needs no more memory than a small one. The pages
 * are the seeds that were captured, each at its first capture. Not thread-safe: one writer a
 * package.
 */
public final class WaczWriter {

  /** The WACZ version written. */
  public static final String WACZ_VERSION = "1.1.1";

  /** The extra WARC file with the originals of revisit records from outside the package. */
  public static final String ORIGINALS_FILE = "revisit-originals.warc.gz";

  /** The header of a revisit record naming the file of its original (our deduplication). */
  public static final String REFERS_TO_FILENAME = "Netarchive-Refers-To-Filename";

  /** The header of a revisit record naming its original's offset in that file. */
  public static final String REFERS_TO_OFFSET = "Netarchive-Refers-To-Offset";

  private static final DateTimeFormatter CDX_TIME =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZoneOffset.UTC);

  /** Where the archive's files for revisit originals come from. */
  @FunctionalInterface
  public interface FileSource {
    /**
     * An archived file, readable.
     *
     * @param name the file's name
     * @return the file
     * @throws IOException naming the file if the archive cannot deliver it
     */
    Path file(String name) throws IOException;
  }

  /** What the writer is doing, for a progress report. */
  public enum Phase {
    /** Reading the WARC files for the index and the revisits' originals. */
    INDEXING,
    /** Writing the ZIP. */
    PACKING
  }

  /** Told how far the package has come. */
  @FunctionalInterface
  public interface Progress {
    /**
     * @param phase what is being done
     * @param bytesDone bytes of the WARC files read (INDEXING) or written (PACKING) so far
     * @param bytesTotal the bytes of all WARC files
     */
    void at(Phase phase, long bytesDone, long bytesTotal);
  }

  /**
   * What the package holds, once written.
   *
   * @param captures the CDXJ lines of its index
   * @param warcFiles the WARC files in it, originals' file included
   * @param pages the seeds listed as pages
   * @param originals the revisits' originals copied from files outside the package
   * @param missingOriginals originals that could not be copied, each with the reason
   * @param bytes the size of the WACZ file
   */
  public record Summary(
      long captures,
      List<String> warcFiles,
      int pages,
      int originals,
      List<String> missingOriginals,
      long bytes) {}

  private final Path workDir;
  private final String title;
  private final String software;
  private final Clock clock;

  /**
   * @param workDir a directory of its own for temporary files (created, and emptied of what this
   *     writer made)
   * @param title the package's title, e.g. "Job 42"
   * @param software what wrote it, e.g. "Netarchive EE 1.0"
   * @param clock for the package's creation time
   */
  public WaczWriter(Path workDir, String title, String software, Clock clock) {
    this.workDir = workDir;
    this.title = title;
    this.software = software;
    this.clock = clock;
  }

  /**
   * Writes the package.
   *
   * @param warcs the WARC files, each under its archived name (the names must differ)
   * @param seeds the seeds, in the order the pages should list them
   * @param originals where revisit originals outside {@code warcs} are read from
   * @param target the WACZ file to write (replaced)
   * @param progress told how far the package has come
   * @return what the package holds
   * @throws IOException if a file cannot be read or written
   */
  public Summary write(
      List<Path> warcs, List<String> seeds, FileSource originals, Path target, Progress progress)
      throws IOException {
    Files.createDirectories(workDir);
    Set<String> names = new LinkedHashSet<>();
    long total = 0;
    for (Path warc : warcs) {
      if (!names.add(warc.getFileName().toString())) {
        throw new IllegalArgumentException(
            "Two WARC files named '" + warc.getFileName() + "' cannot go into one WACZ");
      }
      total += Files.size(warc);
    }
    Path index = workDir.resolve("index.cdxj");
    Path extra = workDir.resolve(ORIGINALS_FILE);
    List<String> missing = new ArrayList<>();
    long captures;
    int copied;
    List<Path> packed = new ArrayList<>(warcs);
    try (SortedLines lines =
        new SortedLines(workDir.resolve("sort"), SortedLines.DEFAULT_BUDGET_BYTES)) {
      Map<String, Set<Long>> outside = new TreeMap<>();
      long done = 0;
      for (Path warc : warcs) {
        cdxj(warc, lines);
        revisitsOutside(warc, names, outside);
        done += Files.size(warc);
        progress.at(Phase.INDEXING, done, total);
      }
      copied = copyOriginals(outside, originals, extra, missing);
      if (copied > 0) {
        cdxj(extra, lines);
        packed.add(extra);
        total += Files.size(extra);
      }
      captures = lines.count();
      lines.writeTo(index);
    }
    List<JsonObject> pages = pages(index, seeds);
    Path pagesFile = workDir.resolve("pages.jsonl");
    try (Writer out = Files.newBufferedWriter(pagesFile, StandardCharsets.UTF_8)) {
      out.write(
          Json.createObjectBuilder()
                  .add("format", "json-pages-1.0")
                  .add("id", "pages")
                  .add("title", "Seeds")
                  .build()
              + "\n");
      for (JsonObject page : pages) {
        out.write(page + "\n");
      }
    }

    Path partial = target.resolveSibling(target.getFileName() + ".part");
    JsonArrayBuilder resources = Json.createArrayBuilder();
    try (OutputStream file = Files.newOutputStream(partial);
        ZipOutputStream zip = new ZipOutputStream(file)) {
      long written = 0;
      for (Path warc : packed) {
        String name = warc.getFileName().toString();
        resources.add(resource(name, "archive/" + name, stored(zip, "archive/" + name, warc)));
        written += Files.size(warc);
        progress.at(Phase.PACKING, written, total);
      }
      resources.add(
          resource("index.cdxj", "indexes/index.cdxj", stored(zip, "indexes/index.cdxj", index)));
      resources.add(
          resource(
              "pages.jsonl", "pages/pages.jsonl", stored(zip, "pages/pages.jsonl", pagesFile)));
      JsonObjectBuilder manifest =
          Json.createObjectBuilder()
              .add("profile", "data-package")
              .add("wacz_version", WACZ_VERSION)
              .add("title", title)
              .add("created", clock.instant().toString())
              .add("software", software);
      if (!pages.isEmpty()) {
        manifest.add("mainPageUrl", pages.get(0).getString("url"));
        manifest.add("mainPageDate", pages.get(0).getString("ts"));
      }
      byte[] datapackage =
          manifest.add("resources", resources).build().toString().getBytes(StandardCharsets.UTF_8);
      String digest = stored(zip, "datapackage.json", datapackage);
      stored(
          zip,
          "datapackage-digest.json",
          Json.createObjectBuilder()
              .add("path", "datapackage.json")
              .add("hash", "sha256:" + digest)
              .build()
              .toString()
              .getBytes(StandardCharsets.UTF_8));
    }
    Files.move(partial, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    for (Path temporary : List.of(index, extra, pagesFile)) {
      Files.deleteIfExists(temporary);
    }
    return new Summary(
        captures,
        packed.stream().map(p -> p.getFileName().toString()).toList(),
        pages.size(),
        copied,
        List.copyOf(missing),
        Files.size(target));
  }

  /** jwarc's CDXJ lines of a WARC file, named by its file name. */
  private static void cdxj(Path warc, SortedLines lines) throws IOException {
    Writer collect =
        new Writer() {
          private final StringBuilder line = new StringBuilder();

          @Override
          public void write(char[] chars, int off, int len) {
            for (int i = off; i < off + len; i++) {
              if (chars[i] == '\n') {
                if (!line.isEmpty()) {
                  lines.add(line.toString());
                }
                line.setLength(0);
              } else if (chars[i] != '\r') {
                line.append(chars[i]);
              }
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {
            if (!line.isEmpty()) {
              lines.add(line.toString());
            }
          }
        };
    try (CdxWriter cdx = new CdxWriter(collect)) {
      cdx.setFormat(CdxFormat.CDXJ);
      cdx.process(List.of(warc), false);
    }
  }

  /** The revisit records of a file whose original (by our deduplication's headers) is elsewhere. */
  private static void revisitsOutside(Path warc, Set<String> inside, Map<String, Set<Long>> outside)
      throws IOException {
    try (WarcReader reader = new WarcReader(warc)) {
      for (WarcRecord record : reader) {
        if (record instanceof WarcRevisit revisit) {
          String file = revisit.headers().first(REFERS_TO_FILENAME).orElse(null);
          String offset = revisit.headers().first(REFERS_TO_OFFSET).orElse(null);
          if (file != null && offset != null && !inside.contains(file)) {
            try {
              outside.computeIfAbsent(file, f -> new TreeSet<>()).add(Long.parseLong(offset));
            } catch (NumberFormatException e) {
              // not our header after all; the revisit stays without its original
            }
          }
        }
      }
    }
  }

  /** Copies each original record into one gzipped WARC file; returns how many were copied. */
  private static int copyOriginals(
      Map<String, Set<Long>> outside, FileSource source, Path target, List<String> missing)
      throws IOException {
    if (outside.isEmpty()) {
      return 0;
    }
    int copied = 0;
    try (FileChannel out =
            FileChannel.open(
                target,
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        WarcWriter writer = new WarcWriter(out, WarcCompression.GZIP)) {
      for (Map.Entry<String, Set<Long>> file : outside.entrySet()) {
        Path path;
        try {
          path = source.file(file.getKey());
        } catch (IOException | RuntimeException e) {
          missing.add(file.getKey() + ": " + e.getMessage());
          continue;
        }
        try (FileChannel in = FileChannel.open(path, StandardOpenOption.READ)) {
          for (long offset : file.getValue()) {
            in.position(offset);
            WarcReader reader = new WarcReader(in);
            WarcRecord original = reader.next().orElse(null);
            if (original == null) {
              missing.add(file.getKey() + " at " + offset + ": no record there");
              continue;
            }
            writer.write(original);
            copied++;
          }
        }
      }
    }
    if (copied == 0) {
      Files.deleteIfExists(target);
    }
    return copied;
  }

  /**
   * The seeds that were captured, each at its first capture with status 200 (or its first capture
   * at all), in the seeds' order.
   */
  private static List<JsonObject> pages(Path index, List<String> seeds) throws IOException {
    Map<String, String> bySurt = new LinkedHashMap<>();
    for (String seed : seeds) {
      try {
        bySurt.putIfAbsent(URIs.toNormalizedSurt(seed), seed);
      } catch (RuntimeException e) {
        // a seed that is no URL is no page
      }
    }
    Map<String, String> firstCapture = new TreeMap<>();
    Map<String, String> firstOk = new TreeMap<>();
    try (BufferedReader in = Files.newBufferedReader(index, StandardCharsets.UTF_8)) {
      String line;
      while ((line = in.readLine()) != null) {
        int space = line.indexOf(' ');
        int second = line.indexOf(' ', space + 1);
        if (space < 0 || second < 0) {
          continue;
        }
        String key = line.substring(0, space);
        if (!bySurt.containsKey(key)) {
          continue;
        }
        String time = line.substring(space + 1, second);
        firstCapture.merge(key, time, (a, b) -> a.compareTo(b) <= 0 ? a : b);
        JsonObject fields =
            Json.createReader(new java.io.StringReader(line.substring(second + 1))).readObject();
        if ("200"
            .equals(
                fields.containsKey("status")
                    ? fields.get("status").toString().replace("\"", "")
                    : null)) {
          firstOk.merge(key, time, (a, b) -> a.compareTo(b) <= 0 ? a : b);
        }
      }
    }
    List<JsonObject> pages = new ArrayList<>();
    int n = 0;
    for (Map.Entry<String, String> seed : bySurt.entrySet()) {
      String time = firstOk.getOrDefault(seed.getKey(), firstCapture.get(seed.getKey()));
      if (time == null) {
        continue;
      }
      n++;
      pages.add(
          Json.createObjectBuilder()
              .add("id", "seed-" + n)
              .add("url", seed.getValue())
              .add("ts", isoTime(time))
              .add("title", seed.getValue())
              .build());
    }
    return pages;
  }

  private static String isoTime(String cdxTime) {
    String digits = (cdxTime + "00000000000000").substring(0, 14);
    return LocalDateTime.parse(digits, CDX_TIME.withZone(null))
        .toInstant(ZoneOffset.UTC)
        .toString();
  }

  /** A CDX time stamp of an instant, 14 digits. */
  public static String cdxTime(Instant instant) {
    return CDX_TIME.format(instant);
  }

  private static JsonObject resource(String name, String path, Stored stored) {
    return Json.createObjectBuilder()
        .add("name", name)
        .add("path", path)
        .add("hash", "sha256:" + stored.sha256())
        .add("bytes", stored.bytes())
        .build();
  }

  private record Stored(String sha256, long bytes) {}

  /** Adds a file uncompressed: one pass for its CRC-32 and SHA-256, one to copy it. */
  private static Stored stored(ZipOutputStream zip, String name, Path file) throws IOException {
    CRC32 crc = new CRC32();
    MessageDigest sha256 = sha256();
    byte[] buffer = new byte[1 << 16];
    long size = 0;
    try (InputStream in = Files.newInputStream(file)) {
      int n;
      while ((n = in.read(buffer)) > 0) {
        crc.update(buffer, 0, n);
        sha256.update(buffer, 0, n);
        size += n;
      }
    }
    ZipEntry entry = new ZipEntry(name);
    entry.setMethod(ZipEntry.STORED);
    entry.setSize(size);
    entry.setCompressedSize(size);
    entry.setCrc(crc.getValue());
    zip.putNextEntry(entry);
    try (InputStream in = Files.newInputStream(file)) {
      in.transferTo(zip);
    }
    zip.closeEntry();
    return new Stored(HexFormat.of().formatHex(sha256.digest()), size);
  }

  private static String stored(ZipOutputStream zip, String name, byte[] bytes) throws IOException {
    CRC32 crc = new CRC32();
    crc.update(bytes);
    ZipEntry entry = new ZipEntry(name);
    entry.setMethod(ZipEntry.STORED);
    entry.setSize(bytes.length);
    entry.setCompressedSize(bytes.length);
    entry.setCrc(crc.getValue());
    zip.putNextEntry(entry);
    zip.write(bytes);
    zip.closeEntry();
    return HexFormat.of().formatHex(sha256().digest(bytes));
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new UncheckedIOException(new IOException("No SHA-256 in this JVM", e));
    }
  }
}
