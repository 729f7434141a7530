package org.netarchive.ee.batch.interfaces.domains.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemWriter;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.netarchive.ee.scheduler.application.domain.DomainBulkCreationRuns;
import org.netarchive.ee.scheduler.domain.model.domain.BulkCreationReport.Problem;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;

/**
 * Creates the chunk's new domains with their default configuration and seed list, and records the
 * chunk's outcome (counts, refused lines) in the same transaction.
 */
@Named("newDomainWriter")
@Dependent
public class NewDomainWriter extends AbstractItemWriter {

  @Inject
  @BatchProperty(name = "templateId")
  private String templateId;

  @Inject
  @BatchProperty(name = "sourceName")
  private String sourceName;

  @Inject
  @BatchProperty(name = "totalLines")
  private String totalLines;

  @Inject
  @BatchProperty(name = "startedBy")
  private String startedBy;

  private final Clock clock = Clock.systemUTC();

  @Inject private JobContext job;
  @Inject private DomainBulkCreationRuns runs;

  @Override
  public void open(Serializable checkpoint) throws Exception {
    runs.start(
        job.getInstanceId(),
        sourceName == null ? "domain list" : sourceName,
        totalLines == null ? 0 : Long.parseLong(totalLines),
        startedBy == null ? "system" : startedBy,
        clock.instant());
  }

  @Override
  public void writeItems(List<Object> items) throws Exception {
    List<Problem> problems = new ArrayList<>();
    Map<String, DomainLine> candidates = new LinkedHashMap<>();
    int repeated = 0;
    long lastLine = 0;
    for (Object item : items) {
      DomainLine line = (DomainLine) item;
      lastLine = Math.max(lastLine, line.lineNumber());
      if (line.name() == null) {
        problems.add(new Problem(line.lineNumber(), line.text(), line.problem()));
      } else if (candidates.containsKey(line.name().ascii())) {
        repeated++;
        problems.add(
            new Problem(
                line.lineNumber(),
                line.text(),
                DomainBulkCreationRuns.REPEATED
                    + " ("
                    + candidates.get(line.name().ascii()).lineNumber()
                    + ")"));
      } else {
        candidates.put(line.name().ascii(), line);
      }
    }
    Set<String> existing = new HashSet<>(runs.existingNames(candidates.keySet()));
    List<DomainName> fresh = new ArrayList<>();
    for (DomainLine line : candidates.values()) {
      if (existing.contains(line.name().ascii())) {
        problems.add(new Problem(line.lineNumber(), line.text(), DomainBulkCreationRuns.EXISTS));
      } else {
        fresh.add(line.name());
      }
    }
    runs.create(fresh, Long.parseLong(templateId), CrawlSettings.defaults(), clock.instant());
    int alreadyExisting = candidates.size() - fresh.size() + repeated;
    problems.sort((a, b) -> Long.compare(a.lineNumber(), b.lineNumber()));
    runs.recordChunk(job.getInstanceId(), lastLine, fresh.size(), alreadyExisting, problems);
  }
}
