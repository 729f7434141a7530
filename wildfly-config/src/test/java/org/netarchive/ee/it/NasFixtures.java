package org.netarchive.ee.it;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;

/**
 * A NetarchiveSuite archive as it lies on disk, written from its published formats: bitarchive
 * directories ({@code filedir/} with the archived files, read-only; {@code tempdir/} and {@code
 * atticdir/}) and the ArcRepository's {@code admin.data} in version 0.4, one line per file: {@code
 * <file> <md5> <state> <millis>} and {@code " , <ENV>_<REPLICA>_THE_BAMON <state> <millis>"} per
 * replica.
 */
final class NasFixtures {

  private NasFixtures() {}

  /** Where the NetarchiveSuite archives of the ITs lie: under target/, never removed by a test. */
  static Path root(String prefix) throws IOException {
    return Files.createDirectories(
        Path.of(System.getProperty("it.local.read.dir"))
            .toAbsolutePath()
            .getParent()
            .resolve("it-nas-adoption")
            .resolve(prefix.replaceAll("-$", "")));
  }

  /** A bitarchive directory with its three subdirectories. */
  static Path bitarchiveDirectory(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("filedir"));
    Files.createDirectories(dir.resolve("tempdir"));
    Files.createDirectories(dir.resolve("atticdir"));
    return dir;
  }

  /** Puts a copy of a file into a bitarchive directory's filedir, read-only as NetarchiveSuite. */
  static Path archive(Path bitarchiveDirectory, Path file) throws IOException {
    Path target = bitarchiveDirectory.resolve("filedir").resolve(file.getFileName());
    Files.copy(file, target);
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("r--r--r--"));
    return target;
  }

  /**
   * Puts a damaged copy of a file into a bitarchive directory's filedir: one byte in its middle
   * flipped, as if the disk lost it after NetarchiveSuite recorded the file's checksum.
   *
   * @return the copy on disk, read-only
   */
  static Path archiveDamaged(Path bitarchiveDirectory, Path file) throws IOException {
    Path onDisk = archive(bitarchiveDirectory, file);
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length / 2] ^= 0x20;
    onDisk.toFile().setWritable(true);
    Files.write(onDisk, bytes);
    onDisk.toFile().setWritable(false, false);
    return onDisk;
  }

  /** One admin.data line: a file, its MD5, and its state on each replica at a time. */
  static String line(String name, String md5, long millis, Map<String, String> replicaStates) {
    StringBuilder line = new StringBuilder();
    boolean completed =
        !replicaStates.isEmpty()
            && replicaStates.values().stream().allMatch("UPLOAD_COMPLETED"::equals);
    line.append(name)
        .append(' ')
        .append(md5)
        .append(' ')
        .append(completed ? "UPLOAD_COMPLETED" : "UPLOAD_FAILED")
        .append(' ')
        .append(millis);
    replicaStates.forEach(
        (replica, state) ->
            line.append(" , ")
                .append(ServerUnderTest.ENVIRONMENT)
                .append('_')
                .append(replica)
                .append("_THE_BAMON ")
                .append(state)
                .append(' ')
                .append(millis));
    return line.toString();
  }

  /** Writes an admin.data of version 0.4 with the lines. */
  static Path adminData(Path file, List<String> lines) throws IOException {
    Files.writeString(file, "0.4\n" + String.join("\n", lines) + "\n", StandardCharsets.US_ASCII);
    return file;
  }

  static String md5(Path file) throws IOException {
    return ChecksumAlgorithm.MD5.of(file);
  }

  /**
   * A fingerprint of everything under a directory: each file's and directory's path, permissions,
   * modification time and, for files, content hash. Equal before and after means nothing was added,
   * removed, moved or changed.
   */
  static String fingerprint(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      MessageDigest digest = ChecksumAlgorithm.SHA512.newDigest();
      for (Path p : all.sorted().toList()) {
        String entry =
            dir.relativize(p)
                + " "
                + PosixFilePermissions.toString(Files.getPosixFilePermissions(p))
                + " "
                + Files.getLastModifiedTime(p).toMillis()
                + (Files.isRegularFile(p) ? " " + ChecksumAlgorithm.SHA512.of(p) : "/")
                + "\n";
        digest.update(entry.getBytes(StandardCharsets.UTF_8));
      }
      return HexFormat.of().formatHex(digest.digest());
    }
  }

  /**
   * The counts of a NetarchiveSuite import's status (GET /api/imports/nas/{id}): created, existing
   * and refused, by kind.
   */
  static Map<String, List<Long>> importCounts(JsonObject status) {
    return status.getJsonArray("counts").getValuesAs(JsonObject.class).stream()
        .collect(
            Collectors.toMap(
                c -> c.getString("kind"),
                c ->
                    List.of(
                        c.getJsonNumber("created").longValue(),
                        c.getJsonNumber("existing").longValue(),
                        c.getJsonNumber("refused").longValue()),
                (a, b) -> a,
                TreeMap::new));
  }
}
