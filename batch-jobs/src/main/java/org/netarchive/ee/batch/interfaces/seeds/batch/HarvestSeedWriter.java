package org.netarchive.ee.batch.interfaces.seeds.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemWriter;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.netarchive.ee.scheduler.application.harvest.HarvestSeedAdditionRuns;
import org.netarchive.ee.scheduler.application.harvest.HarvestSeeding;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.RefusedDomainView;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestSeedRows;
import org.netarchive.ee.scheduler.domain.model.harvest.SeedAdditionReport;
import org.netarchive.ee.scheduler.domain.model.harvest.SeedAdditionReport.Problem;

/**
 * Adds one chunk's seeds to the harvest ({@link HarvestSeeding}) and records the chunk's outcome,
 * in the chunk's transaction. A domain whose seeds are spread over the list is met again in a later
 * chunk, which finds it made and adds to its seed list.
 */
@Named("harvestSeedWriter")
@Dependent
public class HarvestSeedWriter extends AbstractItemWriter {

  @Inject
  @BatchProperty(name = "harvestId")
  private String harvestId;

  @Inject
  @BatchProperty(name = "harvestDescription")
  private String harvestDescription;

  @Inject
  @BatchProperty(name = "configurationName")
  private String configurationName;

  @Inject
  @BatchProperty(name = "templateId")
  private String templateId;

  @Inject
  @BatchProperty(name = "defaultTemplateId")
  private String defaultTemplateId;

  @Inject
  @BatchProperty(name = "maxObjects")
  private String maxObjects;

  @Inject
  @BatchProperty(name = "maxBytes")
  private String maxBytes;

  @Inject
  @BatchProperty(name = "maxRequestRate")
  private String maxRequestRate;

  @Inject
  @BatchProperty(name = "totalLines")
  private String totalLines;

  @Inject
  @BatchProperty(name = "startedBy")
  private String startedBy;

  @Inject private JobContext job;
  @Inject private HarvestSeeding seeding;
  @Inject private HarvestSeedAdditionRuns runs;

  private final Clock clock = Clock.systemUTC();
  private HarvestSeedRows.Target target;

  @Override
  public void open(Serializable checkpoint) throws Exception {
    target =
        new HarvestSeedRows.Target(
            Long.parseLong(harvestId),
            configurationName,
            Long.parseLong(templateId),
            CrawlSettings.defaults()
                .withLimits(Long.parseLong(maxObjects), Long.parseLong(maxBytes))
                .withRequestRate(Integer.parseInt(maxRequestRate)),
            Long.parseLong(defaultTemplateId),
            "Seeds of " + harvestDescription,
            "Made for " + harvestDescription);
    runs.start(
        job.getInstanceId(),
        target.harvestId(),
        Long.parseLong(totalLines),
        startedBy,
        clock.instant());
  }

  @Override
  public void writeItems(List<Object> items) throws Exception {
    Map<DomainName, Set<String>> byDomain = new LinkedHashMap<>();
    Map<String, SeedLine> firstLineOf = new HashMap<>();
    List<Problem> problems = new ArrayList<>();
    long lastLine = 0;
    int badLines = 0;
    for (Object item : items) {
      SeedLine line = (SeedLine) item;
      lastLine = Math.max(lastLine, line.lineNumber());
      if (line.problem() != null) {
        badLines++;
        problems.add(new Problem(line.lineNumber(), line.text(), line.problem()));
        continue;
      }
      byDomain.computeIfAbsent(line.domain(), d -> new LinkedHashSet<>()).add(line.seed());
      firstLineOf.putIfAbsent(line.domain().ascii(), line);
    }
    Map<DomainName, List<String>> seeds = new LinkedHashMap<>();
    byDomain.forEach((domain, list) -> seeds.put(domain, List.copyOf(list)));
    HarvestSeeding.Outcome outcome =
        seeding.add(target, harvestDescription, seeds, clock.instant());
    for (RefusedDomainView refused : outcome.refusedDomains()) {
      SeedLine first = firstLineOf.get(refused.domain());
      problems.add(new Problem(first.lineNumber(), first.text(), refused.reason()));
    }
    problems.sort(Comparator.comparingLong(Problem::line));
    runs.record(
        job.getInstanceId(),
        new SeedAdditionReport.Chunk(
            lastLine,
            outcome.seedsAccepted(),
            outcome.seedsAdded(),
            outcome.domainsCreated().size(),
            outcome.configurationsAdded().size(),
            badLines,
            outcome.refusedDomains().size(),
            problems));
  }
}
