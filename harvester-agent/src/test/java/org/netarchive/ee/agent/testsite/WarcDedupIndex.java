package org.netarchive.ee.agent.testsite;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.netarchive.ee.common.index.DedupEntry;
import org.netarchive.ee.common.index.DedupIndexWriter;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/**
 * Builds a deduplication index from crawled WARC files, as an index server would from a job's
 * archived files: one entry per HTTP response record (URL, payload digest, content type, file name,
 * the record's offset in its file, WARC-Date).
 */
public final class WarcDedupIndex {

  private WarcDedupIndex() {}

  /**
   * Writes an index of the response records of WARC files.
   *
   * @param warcs the files
   * @param indexDir where the index goes
   * @return the number of entries
   */
  public static long build(List<Path> warcs, Path indexDir) throws IOException {
    try (DedupIndexWriter writer = DedupIndexWriter.create(indexDir)) {
      entries(warcs, writer::add);
      return writer.count();
    }
  }

  /**
   * Reads the entries of the response records of WARC files.
   *
   * @param warcs the files
   * @param to gets each entry
   * @return the number of entries
   */
  public static long entries(List<Path> warcs, Consumer<DedupEntry> to) throws IOException {
    long count = 0;
    for (Path warc : warcs) {
      try (WarcReader reader = new WarcReader(warc)) {
        Optional<WarcRecord> next;
        while ((next = reader.next()).isPresent()) {
          if (next.get() instanceof WarcResponse response && response.target().startsWith("http")) {
            Optional<WarcDigest> digest = response.payloadDigest();
            if (digest.isEmpty()) {
              continue;
            }
            to.accept(
                new DedupEntry(
                    response.target(),
                    digest.get().prefixedBase32(),
                    response.http().headers().first("Content-Type").orElse(""),
                    response.http().headers().first("ETag").orElse(null),
                    warc.getFileName().toString(),
                    reader.position(),
                    response.date()));
            count++;
          }
        }
      }
    }
    return count;
  }
}
