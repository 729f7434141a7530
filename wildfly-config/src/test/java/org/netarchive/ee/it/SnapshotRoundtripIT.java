package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.Api.json;
import static org.netarchive.ee.it.HarvestedJobs.ENDED;
import static org.netarchive.ee.it.HarvestedJobs.archivedFilesOfJob;
import static org.netarchive.ee.it.HarvestedJobs.assertAdminDataCompleted;
import static org.netarchive.ee.it.HarvestedJobs.assertDoneBy;
import static org.netarchive.ee.it.HarvestedJobs.awaitEmpty;
import static org.netarchive.ee.it.HarvestedJobs.crawledUris;
import static org.netarchive.ee.it.HarvestedJobs.domains;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netarchive.ee.agent.demo.SyntheticSite;

/**
 * A snapshot harvest from start to end with the real harvester agent and Heritrix: several domains
 * of the synthetic site, a small per-domain byte limit and at most two configurations per job
 * (lowered for the test), so that the split makes several jobs; one agent on the harvest's own
 * snapshot channel crawls them all, each job ends DONE with each domain's objects, bytes and stop
 * reason, and every WARC and metadata WARC is UPLOAD_COMPLETED in both replicas.
 *
 * <p>A snapshot harvest covers every domain of the database, so this test runs on a server of its
 * own that no other test has used (the tag {@code fresh-server}: the failsafe execution of that
 * name in wildfly-config/pom.xml).
 */
@Tag("fresh-server")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class SnapshotRoundtripIT {

  private static final long BYTE_LIMIT = 300_000;
  private static final int CONFIGURATIONS_PER_JOB = 2;

  /** For every job's crawl, one after the other. */
  private static final Duration CRAWLS = Duration.ofSeconds(240);

  private static final Api ADMIN = Api.admin();
  private static final ScheduledHarvests HARVESTS = new ScheduledHarvests(ADMIN);

  @Test
  void givenSeveralDomainsAndSmallJobs_whenASnapshotHarvestRuns_thenEveryJobDoneAndArchived()
      throws Exception {
    assertThat(json(ADMIN.get("/api/domains/statistics")).getJsonNumber("total").longValue())
        .as("a snapshot harvests every domain: this test needs a server without domains")
        .isZero();
    String big = ScheduledHarvests.unique("snapit-big-") + ".dk";
    List<SyntheticSite.Host> hosts = new ArrayList<>();
    for (int i = 1; i <= 4; i++) {
      hosts.add(
          new SyntheticSite.Host(ScheduledHarvests.unique("snapit-" + i + "-") + ".dk", 6, 1, 800));
    }
    // about 1 MB of pages and images: more than the byte limit
    hosts.add(new SyntheticSite.Host(big, 150, 2, 3000));

    try (SyntheticSite site = new SyntheticSite(23, hosts)) {
      long templateId = fastTemplate();
      for (SyntheticSite.Host host : hosts) {
        syntheticDomain(host.name(), site.seed(host.name()), templateId);
      }
      String channel = HARVESTS.newChannel("SNAPSHOT");
      String harvest = ScheduledHarvests.unique("Snapshot roundtrip ");
      HttpResponse<String> created =
          ADMIN.post(
              "/api/harvests/snapshot",
              Json.createObjectBuilder()
                  .add("name", harvest)
                  .add("channel", channel)
                  .add("maxBytesPerDomain", BYTE_LIMIT)
                  .build());
      assertThat(created.statusCode()).as(created.body()).isEqualTo(201);

      String instance = ScheduledHarvests.unique("snapit-agent-");
      JsonObject before = json(ADMIN.get("/api/settings/scheduling"));
      putSettings("split.configChunkSize", Integer.toString(CONFIGURATIONS_PER_JOB));
      // started before the harvest is due, so that it is ready when the first job comes
      try (AgentProcess agent = ScheduledHarvests.agentOn(channel, instance, site).start()) {
        HARVESTS.activate(harvest);
        JsonObject run = HARVESTS.awaitSplitRun(harvest);
        assertThat(run.getString("status")).as(run.toString()).isEqualTo("DONE");
        assertThat(run.getJsonNumber("placed").longValue()).isEqualTo(hosts.size());
        // five configurations, at most two a job
        assertThat(run.getInt("jobsMade")).as(run.toString()).isEqualTo(3);
        List<JsonObject> jobs =
            HARVESTS.awaitJobs(
                harvest,
                js ->
                    js.size() == run.getInt("jobsMade")
                        && js.stream().allMatch(j -> ENDED.contains(j.getString("status"))),
                CRAWLS);

        Map<String, JsonObject> domains = new TreeMap<>();
        List<String> crawled = new ArrayList<>();
        for (JsonObject summary : jobs) {
          long jobId = summary.getJsonNumber("id").longValue();
          long harvestId = summary.getJsonNumber("harvestId").longValue();
          JsonObject details = HARVESTS.job(jobId);
          JsonObject job = assertDoneBy(jobId, details, instance, channel, agent);
          assertThat(job.getInt("configurationCount")).isBetween(1, CONFIGURATIONS_PER_JOB);
          assertThat(details.getJsonNumber("maxBytesPerDomain").longValue()).isEqualTo(BYTE_LIMIT);
          assertThat(details.getBoolean("byteLimitByHarvest")).isTrue();
          Map<String, JsonObject> ofJob = domains(details);
          assertThat(ofJob).hasSize(job.getInt("configurationCount"));
          ofJob.forEach(
              (name, domain) ->
                  assertThat(domains.put(name, domain)).as("%s in one job only", name).isNull());

          List<String> files = archivedFilesOfJob(jobId);
          assertThat(files)
              .contains(jobId + "-metadata-1.warc")
              .anyMatch(n -> n.startsWith(jobId + "-" + harvestId + "-") && n.endsWith(".warc.gz"));
          assertAdminDataCompleted(ADMIN, files);
          crawled.addAll(crawledUris("ONE", files));
        }

        assertThat(domains.keySet())
            .containsExactlyInAnyOrderElementsOf(
                hosts.stream().map(SyntheticSite.Host::name).toList());
        for (SyntheticSite.Host host : hosts) {
          JsonObject domain = domains.get(host.name());
          assertThat(crawled).as("front page of %s", host.name()).contains(site.seed(host.name()));
          if (host.name().equals(big)) {
            // stopped by the harvest's byte limit, not by its configuration's own (1 GB)
            assertThat(domain.getString("stopReason"))
                .as(domain.toString())
                .isEqualTo("SIZE_LIMIT");
            assertThat(domain.getJsonNumber("bytes").longValue())
                .isBetween(BYTE_LIMIT * 9 / 10, BYTE_LIMIT + 100_000);
          } else {
            assertThat(domain.getString("stopReason"))
                .as(domain.toString())
                .isEqualTo("DOWNLOAD_COMPLETE");
            assertThat(domain.getJsonNumber("objects").longValue())
                .isGreaterThanOrEqualTo(host.fetchableObjects());
            assertThat(domain.getJsonNumber("bytes").longValue())
                .isPositive()
                .isLessThan(BYTE_LIMIT);
          }
        }
        awaitEmpty(agent.jobs());
      } finally {
        putSettings("split.configChunkSize", before.getString("split.configChunkSize"));
      }
    }
  }

  /** The shipped template with the politeness of a local test crawl, active; its id. */
  private static long fastTemplate() throws Exception {
    String template = HARVESTS.newFastTemplate("snapit_fast_");
    return json(ADMIN.get("/api/templates/" + template)).getJsonNumber("id").longValue();
  }

  /**
   * A new domain whose default configuration harvests the synthetic site's host of that name with
   * the given template, as a curator sets it up: its default seed list holds the host's front page.
   */
  private static void syntheticDomain(String name, String seed, long templateId) throws Exception {
    HttpResponse<String> created =
        ADMIN.post("/api/domains", Json.createObjectBuilder().add("name", name).build());
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    JsonObject domain = json(created);
    JsonObject seeds = domain.getJsonArray("seedLists").getJsonObject(0);
    HttpResponse<String> seeded =
        ADMIN.put(
            "/api/domains/" + name + "/seedlists/" + seeds.getString("name"),
            Json.createObjectBuilder()
                .add("seeds", Json.createArrayBuilder().add(seed))
                .add("version", seeds.getInt("version"))
                .build());
    assertThat(seeded.statusCode()).as(seeded.body()).isEqualTo(200);
    JsonObject configuration = domain.getJsonArray("configurations").getJsonObject(0);
    HttpResponse<String> configured =
        ADMIN.put(
            "/api/domains/" + name + "/configurations/" + configuration.getString("name"),
            Json.createObjectBuilder()
                .add("templateId", templateId)
                .add("seedLists", Json.createArrayBuilder().add(seeds.getString("name")))
                // the synthetic site answers at once: 100 requests a second, not a minute's 60
                .add("maxRequestRate", 6000)
                .add("version", configuration.getInt("version"))
                .build());
    assertThat(configured.statusCode()).as(configured.body()).isEqualTo(200);
  }

  private static void putSettings(String name, String value) throws Exception {
    HttpResponse<String> put =
        ADMIN.put("/api/settings/scheduling", Json.createObjectBuilder().add(name, value).build());
    assertThat(put.statusCode()).as(put.body()).isEqualTo(200);
  }
}
