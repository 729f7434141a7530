package org.netarchive.ee.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A process's TCP sockets as Linux shows them: the rows of /proc/&lt;pid&gt;/net/tcp and tcp6 whose
 * socket inode is one of the process's open files. Addresses are as /proc writes them, e.g. {@code
 * 0100007F:F1DC} for 127.0.0.1:61916.
 */
final class ProcessSockets {

  private static final String LISTEN = "0A";

  private ProcessSockets() {}

  /** The local addresses on which the process has a listening TCP socket. */
  static List<String> listening(long pid) throws IOException {
    List<String> listening = new ArrayList<>();
    for (String[] row : rows(pid)) {
      if (row[3].equals(LISTEN)) {
        listening.add(row[1]);
      }
    }
    return listening;
  }

  /**
   * The process's rows: sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode.
   */
  private static List<String[]> rows(long pid) throws IOException {
    Set<String> inodes = new HashSet<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
      for (Path fd : fds.toList()) {
        try {
          String link = Files.readSymbolicLink(fd).toString();
          if (link.startsWith("socket:[")) {
            inodes.add(link.substring("socket:[".length(), link.length() - 1));
          }
        } catch (IOException e) {
          // closed while listing
        }
      }
    }
    List<String[]> rows = new ArrayList<>();
    for (String table : List.of("tcp", "tcp6")) {
      Path file = Path.of("/proc", Long.toString(pid), "net", table);
      if (!Files.exists(file)) {
        continue;
      }
      for (String line : Files.readAllLines(file).stream().skip(1).toList()) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length > 9 && inodes.contains(fields[9])) {
          rows.add(fields);
        }
      }
    }
    return rows;
  }
}
