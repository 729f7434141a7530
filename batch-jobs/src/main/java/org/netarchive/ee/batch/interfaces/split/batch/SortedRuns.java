package org.netarchive.ee.batch.interfaces.split.batch;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.netarchive.ee.scheduler.domain.model.job.JobCandidate;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.job.JobPacker;
import org.netarchive.ee.scheduler.domain.model.job.SplitItem;

/**
 * The run files of a split: each holds a sorted chunk of {@link SplitItem}s and the last
 * configuration id of the range it covers; together they are merged in split order.
 */
final class SortedRuns {

  private static final int MAGIC = 0x4e415352; // "NASR"
  private static final String SUFFIX = ".run";

  private final Path directory;

  SortedRuns(Path directory) {
    this.directory = directory;
  }

  /** The directory of a split's run files under the server's data directory. */
  static SortedRuns of(long splitId) {
    return new SortedRuns(
        Path.of(System.getProperty("jboss.server.data.dir", "."), "netarchive", "splits")
            .resolve(Long.toString(splitId)));
  }

  Path directory() {
    return directory;
  }

  /**
   * Writes one run: the items sorted in split order, under a temporary name, forced to disk and
   * renamed. A run of the same range written again replaces the first.
   *
   * @param lastConfigurationId the last configuration id the run's range covers
   */
  void write(List<SplitItem> items, long firstConfigurationId, long lastConfigurationId)
      throws IOException {
    Files.createDirectories(directory);
    List<SplitItem> sorted = new ArrayList<>(items);
    sorted.sort(Comparator.comparing(SplitItem::candidate, JobPacker.SPLIT_ORDER));
    Path target = directory.resolve(String.format("%019d%s", firstConfigurationId, SUFFIX));
    Path temporary = directory.resolve(target.getFileName() + ".tmp");
    try (FileChannel channel =
            FileChannel.open(
                temporary,
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        DataOutputStream out =
            new DataOutputStream(
                new BufferedOutputStream(
                    java.nio.channels.Channels.newOutputStream(channel), 1 << 16))) {
      out.writeInt(MAGIC);
      out.writeLong(lastConfigurationId);
      out.writeInt(sorted.size());
      for (SplitItem item : sorted) {
        writeItem(out, item);
      }
      out.flush();
      channel.force(true);
    }
    Files.move(
        temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /** The last configuration id covered by the complete runs, 0 if there are none. */
  long lastCoveredConfigurationId() throws IOException {
    long last = 0;
    for (Path run : runs()) {
      try (DataInputStream in = open(run)) {
        last = Math.max(last, in.readLong());
      }
    }
    return last;
  }

  /** How many items the complete runs hold. */
  long itemCount() throws IOException {
    long count = 0;
    for (Path run : runs()) {
      try (DataInputStream in = open(run)) {
        in.readLong();
        count += in.readInt();
      }
    }
    return count;
  }

  private List<Path> runs() throws IOException {
    List<Path> runs = new ArrayList<>();
    if (!Files.isDirectory(directory)) {
      return runs;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
      files.forEach(runs::add);
    }
    runs.sort(Comparator.naturalOrder());
    return runs;
  }

  private static DataInputStream open(Path run) throws IOException {
    DataInputStream in =
        new DataInputStream(new BufferedInputStream(Files.newInputStream(run), 1 << 16));
    if (in.readInt() != MAGIC) {
      in.close();
      throw new IOException("Not a split run file: " + run);
    }
    return in;
  }

  /** Merges every complete run in split order. */
  Merge merge() throws IOException {
    return new Merge(runs());
  }

  /** Deletes the run files and their directory. */
  void delete() throws IOException {
    if (!Files.isDirectory(directory)) {
      return;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
      for (Path file : files) {
        Files.deleteIfExists(file);
      }
    }
    Files.deleteIfExists(directory);
  }

  /** A k-way merge of sorted runs. */
  static final class Merge implements Closeable {

    private record Head(SplitItem item, Source source) {}

    private static final class Source {
      final DataInputStream in;
      int remaining;

      Source(DataInputStream in, int remaining) {
        this.in = in;
        this.remaining = remaining;
      }
    }

    private final List<Source> sources = new ArrayList<>();
    private final PriorityQueue<Head> heads =
        new PriorityQueue<>(
            Comparator.comparing((Head h) -> h.item.candidate(), JobPacker.SPLIT_ORDER));

    Merge(List<Path> runs) throws IOException {
      try {
        for (Path run : runs) {
          DataInputStream in = open(run);
          in.readLong();
          Source source = new Source(in, in.readInt());
          sources.add(source);
          advance(source);
        }
      } catch (IOException e) {
        close();
        throw e;
      }
    }

    private void advance(Source source) throws IOException {
      if (source.remaining > 0) {
        source.remaining--;
        heads.add(new Head(readItem(source.in), source));
      }
    }

    /** The next item in split order, or null at the end. */
    SplitItem next() throws IOException {
      Head head = heads.poll();
      if (head == null) {
        return null;
      }
      advance(head.source);
      return head.item;
    }

    @Override
    public void close() throws IOException {
      for (Source source : sources) {
        source.in.close();
      }
    }
  }

  private static void writeItem(DataOutputStream out, SplitItem item) throws IOException {
    JobCandidate c = item.candidate();
    JobDomain d = item.domain();
    out.writeLong(c.configurationId());
    out.writeLong(c.domainId());
    out.writeLong(c.templateId());
    out.writeLong(c.maxBytes());
    out.writeLong(c.expectedObjects());
    out.writeUTF(d.domainName());
    out.writeUTF(d.configurationName());
    out.writeLong(d.maxObjects());
    out.writeLong(d.maxBytes());
    out.writeLong(d.configMaxObjects());
    out.writeLong(d.configMaxBytes());
    writeStrings(out, d.seeds());
    writeStrings(out, d.crawlerTraps());
  }

  private static void writeStrings(DataOutputStream out, List<String> strings) throws IOException {
    out.writeInt(strings.size());
    for (String s : strings) {
      out.writeUTF(s);
    }
  }

  private static SplitItem readItem(DataInputStream in) throws IOException {
    try {
      long configurationId = in.readLong();
      long domainId = in.readLong();
      long templateId = in.readLong();
      long maxBytes = in.readLong();
      long expected = in.readLong();
      String domainName = in.readUTF();
      String configurationName = in.readUTF();
      long effectiveObjects = in.readLong();
      long effectiveBytes = in.readLong();
      long configMaxObjects = in.readLong();
      long configMaxBytes = in.readLong();
      List<String> seeds = readStrings(in);
      List<String> traps = readStrings(in);
      return new SplitItem(
          new JobCandidate(configurationId, domainId, domainName, templateId, maxBytes, expected),
          new JobDomain(
              domainId,
              configurationId,
              domainName,
              configurationName,
              effectiveObjects,
              effectiveBytes,
              configMaxObjects,
              configMaxBytes,
              expected,
              seeds,
              traps));
    } catch (EOFException e) {
      throw new IOException("A split run file ends in the middle of an item", e);
    }
  }

  private static List<String> readStrings(DataInputStream in) throws IOException {
    int n = in.readInt();
    List<String> strings = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      strings.add(in.readUTF());
    }
    return strings;
  }
}
