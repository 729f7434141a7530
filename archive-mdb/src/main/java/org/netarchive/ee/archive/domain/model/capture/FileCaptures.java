package org.netarchive.ee.archive.domain.model.capture;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Logger;
import org.netarchive.ee.common.index.Capture;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.cdx.CdxFormat;
import org.netpreserve.jwarc.cdx.CdxWriter;

/**
 * The captures of one archived file, from either source the capture index takes them from: the
 * job's CDX (the sorted CDX11 lines of every WARC file of the job, as {@code JobDataCache} keeps
 * them from the job's metadata WARC), or the file itself read with jwarc (its CDX11, as the agent
 * writes it into the metadata WARC, so both sources give the same captures).
 */
public final class FileCaptures {

  private static final Logger LOG = Logger.getLogger(FileCaptures.class.getName());

  private FileCaptures() {}

  /**
   * The captures of a file among a job's CDX lines.
   *
   * @param jobCdx the job's CDX11 file
   * @param fileName the file
   * @return its captures, empty if the job's CDX has none of it
   * @throws IOException if the CDX cannot be read
   */
  public static List<Capture> fromJobCdx(Path jobCdx, String fileName) throws IOException {
    List<Capture> captures = new ArrayList<>();
    String suffix = " " + fileName;
    try (BufferedReader lines = Files.newBufferedReader(jobCdx, StandardCharsets.UTF_8)) {
      String line;
      while ((line = lines.readLine()) != null) {
        if (line.endsWith(suffix)) {
          add(line, fileName, captures);
        }
      }
    }
    return captures;
  }

  /**
   * The captures of a WARC or ARC file, read with jwarc.
   *
   * @param file the file
   * @param fileName its name in the archive
   * @return its captures
   * @throws IOException if it cannot be read
   */
  public static List<Capture> fromFile(Path file, String fileName) throws IOException {
    List<Capture> captures = new ArrayList<>();
    try (WarcReader reader = new WarcReader(file);
        CdxWriter cdx = new CdxWriter(new Lines(line -> add(line, fileName, captures)))) {
      cdx.setFormat(CdxFormat.CDX11);
      cdx.onWarning(w -> LOG.fine(() -> "Indexing " + fileName + ": " + w));
      cdx.process(reader, fileName);
    }
    return captures;
  }

  private static void add(String line, String fileName, List<Capture> captures) {
    try {
      Capture capture = Capture.parseCdx11(line);
      if (capture != null && capture.file().equals(fileName)) {
        captures.add(capture);
      }
    } catch (IllegalArgumentException e) {
      LOG.fine(() -> "Skipped in " + fileName + ": " + e.getMessage());
    }
  }

  /** A writer that hands on each line as it is completed. */
  private static final class Lines extends Writer {
    private final Consumer<String> each;
    private final StringBuilder line = new StringBuilder(256);

    Lines(Consumer<String> each) {
      this.each = each;
    }

    @Override
    public void write(char[] buffer, int offset, int length) {
      for (int i = offset; i < offset + length; i++) {
        char c = buffer[i];
        if (c == '\n') {
          each.accept(line.toString());
          line.setLength(0);
        } else if (c != '\r') {
          line.append(c);
        }
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
      if (!line.isEmpty()) {
        each.accept(line.toString());
        line.setLength(0);
      }
    }
  }
}
