package org.netarchive.ee.batch.interfaces.split.batch;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.netarchive.ee.scheduler.domain.model.job.JobCandidate;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.domain.model.job.SplitItem;

/** Split items for tests, each with every field set so that a lost field shows. */
final class SplitItems {

  private SplitItems() {}

  /** Configuration {@code id} of domain {@code d<id>.dk}. */
  static SplitItem item(long id, long templateId, long maxBytes, long expected) {
    String domain = "d" + id + ".dk";
    return new SplitItem(
        new JobCandidate(id, 1000 + id, domain, templateId, maxBytes, expected),
        new JobDomain(
            1000 + id,
            id,
            domain,
            "conf-" + id,
            expected * 3,
            maxBytes,
            expected * 4,
            maxBytes == -1 ? -1 : maxBytes * 2,
            expected,
            List.of("https://" + domain + "/", "https://www." + domain + "/ø"),
            id % 2 == 0 ? List.of() : List.of(".*/calendar/.*")));
  }

  /** Every item of the complete runs, as their merge gives them. */
  static List<SplitItem> merged(SortedRuns runs) throws IOException {
    List<SplitItem> items = new ArrayList<>();
    try (SortedRuns.Merge merge = runs.merge()) {
      for (SplitItem item = merge.next(); item != null; item = merge.next()) {
        items.add(item);
      }
    }
    return items;
  }

  /** Configuration {@code id} with template 1, no byte limit and {@code expected} objects. */
  static SplitItem item(long id, long expected) {
    return item(id, 1, -1, expected);
  }
}
