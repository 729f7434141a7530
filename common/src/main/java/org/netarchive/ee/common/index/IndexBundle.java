package org.netarchive.ee.common.index;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * An index directory as one compressed stream (a ZIP file of the directory's files, which are all
 * regular files at its top level, as a Lucene index's are), so that it can be downloaded or sent as
 * one message body. Reading checks every name and a size bound, so a hostile stream cannot write
 * outside the target directory or fill the disk.
 */
public final class IndexBundle {

  private IndexBundle() {}

  /**
   * Writes a directory's regular files, in name order, to a stream. The stream is not closed.
   *
   * @param dir the index directory
   * @param out where the bundle goes
   * @throws IOException if a file cannot be read or the stream written
   */
  public static void write(Path dir, OutputStream out) throws IOException {
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path p : entries) {
        if (!Files.isRegularFile(p)) {
          throw new IOException("The index directory " + dir + " holds " + p + ", not a file");
        }
        files.add(p);
      }
    }
    files.sort(null);
    ZipOutputStream zip = new ZipOutputStream(nonClosing(out));
    zip.setLevel(Deflater.BEST_SPEED);
    for (Path p : files) {
      zip.putNextEntry(new ZipEntry(p.getFileName().toString()));
      Files.copy(p, zip);
      zip.closeEntry();
    }
    zip.finish();
    zip.flush();
  }

  /**
   * Unpacks a bundle into an empty or new directory.
   *
   * @param in the bundle; read to its end, not closed
   * @param dir where the files go
   * @param maxBytes the most bytes the unpacked files may have together
   * @throws IOException if the stream is not a bundle, names a file that is not a plain name, names
   *     one twice, unpacks to more than {@code maxBytes}, or a file cannot be written
   */
  public static void read(InputStream in, Path dir, long maxBytes) throws IOException {
    Files.createDirectories(dir);
    ZipInputStream zip = new ZipInputStream(in);
    Set<String> seen = new HashSet<>();
    long total = 0;
    byte[] buffer = new byte[64 * 1024];
    ZipEntry entry;
    while ((entry = zip.getNextEntry()) != null) {
      String name = entry.getName();
      if (!isPlainName(name) || entry.isDirectory()) {
        throw new IOException("The index bundle names '" + name + "', which is not a file name");
      }
      if (!seen.add(name)) {
        throw new IOException("The index bundle holds '" + name + "' twice");
      }
      try (OutputStream file =
          Files.newOutputStream(
              dir.resolve(name), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        int n;
        while ((n = zip.read(buffer)) > 0) {
          total += n;
          if (total > maxBytes) {
            throw new IOException("The index bundle unpacks to more than " + maxBytes + " bytes");
          }
          file.write(buffer, 0, n);
        }
      }
    }
    if (seen.isEmpty()) {
      throw new IOException("The index bundle is empty or not a ZIP stream");
    }
    in.transferTo(OutputStream.nullOutputStream());
  }

  private static boolean isPlainName(String name) {
    return !name.isEmpty()
        && name.length() <= 255
        && !name.equals(".")
        && !name.equals("..")
        && name.chars().noneMatch(c -> c == '/' || c == '\\' || c == ':' || c < 0x20);
  }

  private static OutputStream nonClosing(OutputStream out) {
    return new java.io.FilterOutputStream(out) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() throws IOException {
        flush();
      }
    };
  }
}
