package org.netarchive.ee.common.archive;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import org.netarchive.ee.common.message.DeliveryTarget;

/**
 * What the archive delivers to one {@link DeliveryTarget}: the receiving side, shared by every
 * endpoint that takes deliveries (the {@link FileServer} of the agent and the command-line tools,
 * the server application's own endpoint). One PUT whose body has the length and SHA-512 checksum
 * its headers announce is written to a temporary file beside {@link #file()} and renamed to it only
 * when complete and verified; anything else leaves no file. Thread-safe.
 */
public final class Delivery {

  /** Header of a delivery giving the SHA-512 checksum of its body. */
  public static final String SHA512_HEADER = "X-Content-SHA512";

  /** Header of a delivery giving the length of its body. */
  public static final String LENGTH_HEADER = "X-Content-Length";

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final int BUFFER_SIZE = 1 << 20;

  private final Path file;
  private final DeliveryTarget target;
  private volatile String sha512;
  private volatile long size = -1;
  private volatile String failure;
  private boolean receiving;

  /**
   * Expects a delivery into a file.
   *
   * @param file where the delivered bytes go; must not exist
   * @param target where the archive is to send them, with the token it must present
   * @throws IOException if the file exists already
   */
  public Delivery(Path file, DeliveryTarget target) throws IOException {
    Path absolute = file.toAbsolutePath().normalize();
    if (Files.exists(absolute)) {
      throw new FileAlreadyExistsException(
          absolute.toString(), null, "will not overwrite it with a delivery from the archive");
    }
    this.file = absolute;
    this.target = target;
  }

  /** A new random token or identifier: 192 bits, URL-safe. */
  public static String randomToken() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * Whether an HTTP Authorization header presents a bearer token, compared in constant time.
   *
   * @param authorization the header's value, or {@code null}
   * @param token the expected token
   */
  public static boolean presents(String authorization, String token) {
    return authorization != null
        && MessageDigest.isEqual(
            authorization.getBytes(StandardCharsets.US_ASCII),
            ("Bearer " + token).getBytes(StandardCharsets.US_ASCII));
  }

  /**
   * The length a {@value #LENGTH_HEADER} header announces.
   *
   * @param header the header's value
   * @return the length in bytes, or -1 if the value is none
   */
  public static long announcedLength(String header) {
    try {
      long length = Long.parseLong(header.strip());
      return length < 0 ? -1 : length;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** Where the archive is to send the bytes. */
  public DeliveryTarget target() {
    return target;
  }

  /** The file the bytes go to. */
  public Path file() {
    return file;
  }

  /** The verified checksum of the delivered file, or null if nothing complete arrived. */
  public String sha512() {
    return sha512;
  }

  /** The delivered file's length, or -1. */
  public long size() {
    return size;
  }

  /** Why the last delivery attempt was refused, or null. */
  public String failure() {
    return failure;
  }

  /**
   * Whether a request may deliver here: it presents this delivery's token, and nothing complete
   * arrived yet.
   *
   * @param authorization the request's Authorization header, or {@code null}
   */
  public boolean accepts(String authorization) {
    return sha512 == null && presents(authorization, target.token());
  }

  /**
   * Receives one delivery attempt: writes the body, verifies it against the announced length and
   * checksum, and renames it to {@link #file()}. Reading stops as soon as the body is longer than
   * announced. Attempts are taken one at a time; one made while another is under way, or after one
   * succeeded, is refused.
   *
   * @param body the request body; read here, not closed
   * @param announcedLength the {@value #LENGTH_HEADER} header, or {@code null}
   * @param announcedSha512 the {@value #SHA512_HEADER} header, or {@code null}
   * @return why the attempt is refused, or {@code null} if the file arrived intact
   * @throws IOException if the body cannot be read or the file written; no file is left
   */
  public String receive(InputStream body, String announcedLength, String announcedSha512)
      throws IOException {
    synchronized (this) {
      if (receiving || sha512 != null) {
        return "a delivery to this target is under way or complete";
      }
      receiving = true;
    }
    try {
      String problem = store(body, announcedLength, announcedSha512);
      failure = problem;
      return problem;
    } catch (IOException | RuntimeException e) {
      failure = "receiving failed: " + (e.getMessage() == null ? e : e.getMessage());
      throw e;
    } finally {
      synchronized (this) {
        receiving = false;
      }
    }
  }

  private String store(InputStream body, String announcedLength, String announcedSha512)
      throws IOException {
    if (announcedSha512 == null || announcedLength == null) {
      return "a delivery needs the headers " + SHA512_HEADER + " and " + LENGTH_HEADER;
    }
    long expected = announcedLength(announcedLength);
    if (expected < 0) {
      return LENGTH_HEADER + " must be a length in bytes, was '" + announcedLength + "'";
    }
    Path temp = file.resolveSibling("." + file.getFileName() + "." + randomToken() + ".part");
    try {
      MessageDigest digest = ChecksumAlgorithm.SHA512.newDigest();
      long length = 0;
      try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW)) {
        byte[] buffer = new byte[BUFFER_SIZE];
        int n;
        while ((n = body.read(buffer)) >= 0) {
          digest.update(buffer, 0, n);
          out.write(buffer, 0, n);
          length += n;
          if (length > expected) {
            return "arrived with more than the " + expected + " bytes announced";
          }
        }
      }
      String actual = ChecksumAlgorithm.SHA512.hex(digest);
      if (length != expected) {
        return "arrived with " + length + " bytes, announced " + announcedLength;
      }
      if (!actual.equalsIgnoreCase(announcedSha512.strip())) {
        return "arrived with SHA-512 " + actual + ", announced " + announcedSha512;
      }
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
      size = length;
      sha512 = actual;
      return null;
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
