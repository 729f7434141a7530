package org.netarchive.ee.batch.interfaces.seeds.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.batch.interfaces.lists.batch.ListLine;
import org.netarchive.ee.batch.testing.FakeBatchContext;
import org.netarchive.ee.batch.testing.Injection;
import org.netarchive.ee.scheduler.application.harvest.HarvestSeedAdditionRuns;
import org.netarchive.ee.scheduler.application.harvest.HarvestSeeding;
import org.netarchive.ee.scheduler.application.harvest.HarvestViews.RefusedDomainView;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestSeedRows;
import org.netarchive.ee.scheduler.domain.model.harvest.SeedAdditionReport;
import org.netarchive.ee.scheduler.domain.model.harvest.SeedAdditionReport.Problem;

class HarvestSeedWriterTest {

  /** Seeding that refuses the domain sb.dk and creates every other one. */
  private static final class FakeSeeding extends HarvestSeeding {
    final List<HarvestSeedRows.Target> targets = new ArrayList<>();
    final List<Map<DomainName, List<String>>> added = new ArrayList<>();

    @Override
    public Outcome add(
        HarvestSeedRows.Target target,
        String harvestDescription,
        Map<DomainName, List<String>> seeds,
        Instant now) {
      targets.add(target);
      added.add(seeds);
      List<String> created = new ArrayList<>();
      List<RefusedDomainView> refused = new ArrayList<>();
      int accepted = 0;
      for (Map.Entry<DomainName, List<String>> domain : seeds.entrySet()) {
        accepted += domain.getValue().size();
        if (domain.getKey().ascii().equals("sb.dk")) {
          refused.add(
              new RefusedDomainView(
                  "sb.dk", domain.getValue(), "the harvest harvests another configuration"));
        } else {
          created.add(domain.getKey().ascii());
        }
      }
      return new Outcome(accepted, accepted - 1, created, created, refused);
    }
  }

  /** Bookkeeping in memory. */
  private static final class FakeRuns extends HarvestSeedAdditionRuns {
    final List<String> started = new ArrayList<>();
    final List<SeedAdditionReport.Chunk> chunks = new ArrayList<>();

    @Override
    public void start(
        long jobInstanceId, long harvestId, long totalLines, String startedBy, Instant now) {
      started.add(jobInstanceId + " " + harvestId + " " + totalLines + " " + startedBy);
    }

    @Override
    public void record(long jobInstanceId, SeedAdditionReport.Chunk chunk) {
      assertThat(jobInstanceId).isEqualTo(23);
      chunks.add(chunk);
    }
  }

  private final FakeSeeding seeding = new FakeSeeding();
  private final FakeRuns runs = new FakeRuns();
  private final SeedLineValidator validator = new SeedLineValidator();

  private HarvestSeedWriter writer() {
    return Injection.inject(
        new HarvestSeedWriter(),
        "harvestId",
        "9",
        "harvestDescription",
        "the selective harvest 'Election'",
        "configurationName",
        "Election",
        "templateId",
        "3",
        "defaultTemplateId",
        "1",
        "maxObjects",
        "1000",
        "maxBytes",
        "-1",
        "maxRequestRate",
        "60",
        "totalLines",
        "6",
        "startedBy",
        "alice",
        "job",
        new FakeBatchContext("add-seeds", 23),
        "seeding",
        seeding,
        "runs",
        runs);
  }

  private List<Object> lines(String... texts) {
    List<Object> lines = new ArrayList<>();
    for (int i = 0; i < texts.length; i++) {
      lines.add(validator.processItem(new ListLine(i + 1, texts[i])));
    }
    return lines;
  }

  @Test
  void givenAJob_whenOpened_thenItsRunIsStartedAndTheTargetMadeFromItsParameters()
      throws Exception {
    HarvestSeedWriter writer = writer();
    writer.open(null);
    writer.writeItems(lines("https://kb.dk/"));

    assertThat(runs.started).containsExactly("23 9 6 alice");
    assertThat(seeding.targets)
        .containsExactly(
            new HarvestSeedRows.Target(
                9,
                "Election",
                3,
                CrawlSettings.defaults().withLimits(1000, -1).withRequestRate(60),
                1,
                "Seeds of the selective harvest 'Election'",
                "Made for the selective harvest 'Election'"));
  }

  @Test
  void givenAChunk_whenWritten_thenSeedsGoByDomainAndBadLinesAndRefusedDomainsAreNamedByLine()
      throws Exception {
    HarvestSeedWriter writer = writer();
    writer.open(null);

    writer.writeItems(
        lines(
            "https://www.kb.dk/",
            "ftp://kb.dk/",
            "https://sb.dk/a",
            "https://kb.dk/news",
            "https://sb.dk/b",
            "https://www.kb.dk/"));

    assertThat(seeding.added)
        .containsExactly(
            Map.of(
                DomainName.of("kb.dk"),
                List.of("https://www.kb.dk/", "https://kb.dk/news"),
                DomainName.of("sb.dk"),
                List.of("https://sb.dk/a", "https://sb.dk/b")));
    assertThat(seeding.added.get(0).keySet())
        .containsExactly(DomainName.of("kb.dk"), DomainName.of("sb.dk"));
    SeedAdditionReport.Chunk chunk = runs.chunks.get(0);
    assertThat(chunk.lastLine()).isEqualTo(6);
    assertThat(chunk.seedsAccepted()).isEqualTo(4);
    assertThat(chunk.seedsAdded()).isEqualTo(3);
    assertThat(chunk.domainsCreated()).isEqualTo(1);
    assertThat(chunk.configurationsAdded()).isEqualTo(1);
    assertThat(chunk.seedsRefused()).isEqualTo(1);
    assertThat(chunk.domainsRefused()).isEqualTo(1);
    assertThat(chunk.problems()).extracting(Problem::line).containsExactly(2L, 3L);
    assertThat(chunk.problems().get(0).input()).isEqualTo("ftp://kb.dk/");
    assertThat(chunk.problems().get(1))
        .isEqualTo(new Problem(3, "https://sb.dk/a", "the harvest harvests another configuration"));
  }
}
