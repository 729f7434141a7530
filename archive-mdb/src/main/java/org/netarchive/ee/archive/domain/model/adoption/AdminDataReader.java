package org.netarchive.ee.archive.domain.model.adoption;

import java.io.BufferedReader;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.netarchive.ee.common.archive.ArchiveFileNames;

/**
 * Reads the admin data file ({@code admin.data}) of a NetarchiveSuite ArcRepository, line by line
 * in constant memory.
 *
 * <p>The first line is the format's version. In version {@value #VERSION}, NetarchiveSuite's own
 * since 3.x, each line is {@code <file> <md5> <state> <millis>} (the file's overall state and when
 * it changed) followed, for each replica, by {@code " , <replica> <state> <millis>"}, where {@code
 * <replica>} is the replica's monitor channel (e.g. {@code PROD_ONE_THE_BAMON}). In version {@value
 * #OLD_VERSION} a line is {@code <file> <md5>} followed by {@code <replica> <state>} pairs, without
 * times. A file may have several lines (NetarchiveSuite appends one as a store goes on): the later
 * line tells the newer state.
 *
 * <p>NetarchiveSuite skips lines it cannot read with a warning; an import must not lose a file
 * quietly, so here a line that does not follow the format is a {@link MalformedAdminDataException}
 * naming the line and what is wrong with it. Blank lines are skipped.
 */
public final class AdminDataReader implements AdminDataSource {

  /** The current format's version line. */
  public static final String VERSION = "0.4";

  /** The older format's version line, still read by NetarchiveSuite. */
  public static final String OLD_VERSION = "0.3";

  private static final String PART_SEPARATOR = " , ";
  private static final Pattern MD5 = Pattern.compile("[0-9a-f]{32}");
  private static final Pattern REPLICA_KEY = Pattern.compile("[A-Za-z0-9_.-]{1,100}");

  private final BufferedReader in;
  private final String source;
  private final String version;
  private int lineNumber;

  /**
   * Opens a reader over an admin data file's text and reads its version line.
   *
   * @param in the text; closed by {@link #close()}
   * @param source how the file is named in messages, e.g. its path
   * @throws MalformedAdminDataException if the first line is no known version
   * @throws IOException if the text cannot be read
   */
  public AdminDataReader(BufferedReader in, String source) throws IOException {
    this.in = in;
    this.source = source;
    String first = in.readLine();
    lineNumber = 1;
    if (first == null) {
      throw new MalformedAdminDataException(
          source, 1, "", "the file is empty; its first line must be the version " + VERSION);
    }
    String v = first.strip();
    if (!v.equals(VERSION) && !v.equals(OLD_VERSION)) {
      throw new MalformedAdminDataException(
          source,
          1,
          first,
          "the first line must be the admin data version, "
              + VERSION
              + " or "
              + OLD_VERSION
              + " (NetarchiveSuite's admin.data)");
    }
    this.version = v;
  }

  /** The file's format version, {@value #VERSION} or {@value #OLD_VERSION}. */
  @Override
  public String version() {
    return version;
  }

  /**
   * Reads the next line.
   *
   * @return the line, or empty at the end of the file
   * @throws MalformedAdminDataException if the line does not follow the format
   * @throws IOException if the text cannot be read
   */
  @Override
  public Optional<AdminDataLine> next() throws IOException {
    String line;
    while ((line = in.readLine()) != null) {
      lineNumber++;
      if (!line.isBlank()) {
        return Optional.of(parse(line));
      }
    }
    return Optional.empty();
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  private AdminDataLine parse(String line) {
    return version.equals(VERSION) ? parseCurrent(line) : parseOld(line);
  }

  private AdminDataLine parseCurrent(String line) {
    String[] parts = line.split(PART_SEPARATOR, -1);
    String[] first = parts[0].split(" ", -1);
    if (first.length != 4) {
      throw malformed(
          line,
          "expected '<file> <md5> <state> <millis>' before the first ' , ', found "
              + first.length
              + " fields");
    }
    String name = fileName(line, first[0]);
    String md5 = md5(line, first[1]);
    state(line, first[2]);
    millis(line, first[3]);
    List<AdminDataLine.ReplicaState> replicas = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    for (int i = 1; i < parts.length; i++) {
      String[] fields = parts[i].split(" ", -1);
      if (fields.length != 3) {
        throw malformed(
            line,
            "replica part "
                + i
                + " '"
                + parts[i]
                + "' is not '<replica> <state> <millis>' ("
                + fields.length
                + " fields)");
      }
      String key = replicaKey(line, fields[0], keys);
      replicas.add(
          new AdminDataLine.ReplicaState(
              key, state(line, fields[1]), Instant.ofEpochMilli(millis(line, fields[2]))));
    }
    return new AdminDataLine(lineNumber, name, md5, replicas);
  }

  private AdminDataLine parseOld(String line) {
    String[] fields = line.split(" ", -1);
    if (fields.length < 2 || fields.length % 2 != 0) {
      throw malformed(
          line,
          "expected '<file> <md5>' and '<replica> <state>' pairs, found "
              + fields.length
              + " fields");
    }
    String name = fileName(line, fields[0]);
    String md5 = md5(line, fields[1]);
    List<AdminDataLine.ReplicaState> replicas = new ArrayList<>();
    Set<String> keys = new HashSet<>();
    for (int i = 2; i < fields.length; i += 2) {
      String key = replicaKey(line, fields[i], keys);
      replicas.add(new AdminDataLine.ReplicaState(key, state(line, fields[i + 1]), null));
    }
    return new AdminDataLine(lineNumber, name, md5, replicas);
  }

  private String fileName(String line, String name) {
    if (!ArchiveFileNames.isValid(name)) {
      throw malformed(line, "file name '" + name + "' is not a plain file name");
    }
    return name;
  }

  private String md5(String line, String checksum) {
    String md5 = checksum.toLowerCase(Locale.ROOT);
    if (!MD5.matcher(md5).matches()) {
      throw malformed(
          line, "checksum '" + checksum + "' is not an MD5 checksum (32 hexadecimal digits)");
    }
    return md5;
  }

  private NasStoreState state(String line, String state) {
    try {
      return NasStoreState.valueOf(state);
    } catch (IllegalArgumentException e) {
      throw malformed(
          line,
          "upload state '"
              + state
              + "' is unknown; the states are "
              + Arrays.toString(NasStoreState.values()));
    }
  }

  private long millis(String line, String text) {
    try {
      long millis = Long.parseLong(text);
      if (millis >= 0) {
        return millis;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw malformed(line, "time '" + text + "' is not milliseconds since 1970");
  }

  private String replicaKey(String line, String key, Set<String> seen) {
    if (!REPLICA_KEY.matcher(key).matches()) {
      throw malformed(line, "replica '" + key + "' is not a replica's name");
    }
    if (!seen.add(key)) {
      throw malformed(line, "replica '" + key + "' is named twice");
    }
    return key;
  }

  private MalformedAdminDataException malformed(String line, String reason) {
    return new MalformedAdminDataException(source, lineNumber, line, reason);
  }
}
