package org.netarchive.ee.common.archive;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The checksums the archive computes: SHA-512 for storing and verifying files (what the store
 * compares on every replica), MD5 for compatibility with checksums recorded by older systems.
 *
 * <p>Checksums are written as lower-case hexadecimal text. Every method streams its input in
 * blocks, so files of any size are checksummed in constant memory.
 */
public enum ChecksumAlgorithm {
  /** SHA-512: 128 hexadecimal digits. */
  SHA512("SHA-512", 64),
  /** MD5: 32 hexadecimal digits. */
  MD5("MD5", 16);

  private static final int BUFFER_SIZE = 1 << 20;
  private static final HexFormat HEX = HexFormat.of();

  private final String jcaName;
  private final int bytes;
  private final Pattern format;

  ChecksumAlgorithm(String jcaName, int bytes) {
    this.jcaName = jcaName;
    this.bytes = bytes;
    this.format = Pattern.compile("[0-9a-f]{" + (bytes * 2) + "}");
  }

  /**
   * Returns a new digest of this algorithm.
   *
   * @return a fresh {@link MessageDigest}
   */
  public MessageDigest newDigest() {
    try {
      return MessageDigest.getInstance(jcaName);
    } catch (NoSuchAlgorithmException e) {
      // Every Java SE platform must provide both.
      throw new IllegalStateException(jcaName + " is not available in this JVM", e);
    }
  }

  /**
   * Computes the checksum of a file, reading it in blocks.
   *
   * @param file the file
   * @return the checksum as lower-case hexadecimal text
   * @throws IOException if the file cannot be read
   */
  public String of(Path file) throws IOException {
    MessageDigest digest = newDigest();
    ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_SIZE);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      while (channel.read(buffer) >= 0) {
        buffer.flip();
        digest.update(buffer);
        buffer.clear();
      }
    }
    return hex(digest);
  }

  /**
   * Computes the checksum of everything left in a stream, reading it in blocks; the stream is not
   * closed.
   *
   * @param in the stream
   * @return the checksum as lower-case hexadecimal text
   * @throws IOException if the stream cannot be read
   */
  public String of(InputStream in) throws IOException {
    MessageDigest digest = newDigest();
    byte[] buffer = new byte[64 * 1024];
    int n;
    while ((n = in.read(buffer)) >= 0) {
      digest.update(buffer, 0, n);
    }
    return hex(digest);
  }

  /**
   * Finishes a digest of this algorithm and writes its value as text.
   *
   * @param digest a digest made by {@link #newDigest()}
   * @return the checksum as lower-case hexadecimal text
   */
  public String hex(MessageDigest digest) {
    return HEX.formatHex(digest.digest());
  }

  /**
   * Checks that a text is a checksum of this algorithm, written as lower-case hexadecimal text; an
   * upper-case one is accepted and lower-cased.
   *
   * @param checksum the text
   * @param name what the text is, for the error message, e.g. {@code "sha512"}
   * @return the checksum in lower case
   * @throws IllegalArgumentException naming the value if it is not such a checksum
   */
  public String requireValid(String checksum, String name) {
    String lower = checksum == null ? null : checksum.toLowerCase(Locale.ROOT);
    if (lower == null || !format.matcher(lower).matches()) {
      throw new IllegalArgumentException(
          name
              + " must be a "
              + jcaName
              + " checksum of "
              + (bytes * 2)
              + " hexadecimal digits, was "
              + (checksum == null ? "null" : "'" + excerpt(checksum) + "'"));
    }
    return lower;
  }

  /**
   * The algorithm's standard name, e.g. {@code SHA-512}.
   *
   * @return the name
   */
  public String standardName() {
    return jcaName;
  }

  private static String excerpt(String text) {
    return text.length() <= 140 ? text : text.substring(0, 140) + "...";
  }
}
