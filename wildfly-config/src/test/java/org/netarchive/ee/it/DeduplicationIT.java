package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.it.HarvestedJobs.absent;
import static org.netarchive.ee.it.HarvestedJobs.archived;
import static org.netarchive.ee.it.HarvestedJobs.archivedFilesOfJob;
import static org.netarchive.ee.it.HarvestedJobs.domains;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResource;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;

/**
 * Deduplication through the whole system: the real agent crawls the synthetic site for one harvest;
 * the site's pages change while its images and PDFs do not ({@link DedupHarvests}, the pair three
 * ITs share); a second harvest of the domain then gets the DEDUP index of the first job from the
 * index server (built from the first job's metadata WARC in the archive, sent over the broker) and
 * stores every unchanged image and PDF as a revisit record pointing at the first job's archived
 * response, and every page again.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only. Its database work (the history rule choosing
 * the deduplication jobs, the duplicate counts, the revisit dependencies) is the same JPQL and SQL
 * that JobLifecycleIT and ArchiveCorrectIT run on PostgreSQL too; the rest is agent, broker and
 * index server.
 */
@Tag("database-neutral")
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class DeduplicationIT {

  private static final Api ADMIN = Api.admin();
  private static final ScheduledHarvests HARVESTS = new ScheduledHarvests(ADMIN);

  @Test
  void givenAHarvestedSite_whenOnlyItsPagesChanged_thenTheNextHarvestStoresRevisitsOfTheRest()
      throws Exception {
    DedupHarvests.Pair pair = DedupHarvests.pair();
    long first = pair.first();
    long second = pair.second();
    List<String> firstFiles = archivedFilesOfJob(first);
    Map<String, String> nonTextDigests = new TreeMap<>();
    List<String> pages = new ArrayList<>();
    for (String name : crawlWarcs(firstFiles)) {
      try (WarcReader reader = new WarcReader(archived("ONE", name))) {
        for (WarcRecord record : reader) {
          if (record instanceof WarcResponse response
              && response.target().startsWith("http")
              && response.http().status() == 200) {
            String type = response.http().contentType().base().toString();
            if (type.startsWith("image/") || type.equals("application/pdf")) {
              nonTextDigests.put(
                  response.target(), response.payloadDigest().orElseThrow().prefixedBase32());
            } else if (type.equals("text/html")) {
              pages.add(response.target());
            }
          }
        }
      }
    }
    assertThat(nonTextDigests).as("the first harvest got images and PDFs").hasSizeGreaterThan(20);

    JsonObject done = HARVESTS.job(second);
    assertThat(absent(done.getJsonObject("job"), "harvestError"))
        .as("deduplicated, not crawled without: %s\n%s", done, pair.agentLog())
        .isTrue();
    List<String> secondFiles = archivedFilesOfJob(second);
    Map<String, WarcRevisit> revisits = new TreeMap<>();
    List<String> responses = new ArrayList<>();
    for (String name : crawlWarcs(secondFiles)) {
      try (WarcReader reader = new WarcReader(archived("ONE", name))) {
        for (WarcRecord record : reader) {
          if (record instanceof WarcRevisit revisit) {
            revisits.put(revisit.target(), revisit);
          } else if (record instanceof WarcResponse response) {
            response.body().consume(); // jwarc reads every record to its end
            responses.add(response.target());
          }
        }
      }
    }
    assertThat(revisits.keySet())
        .as("a revisit record for every unchanged image and PDF")
        .containsExactlyInAnyOrderElementsOf(nonTextDigests.keySet());
    assertThat(responses).as("the changed pages stored again").containsAll(pages);

    for (WarcRevisit revisit : revisits.values()) {
      String file = revisit.headers().first("Netarchive-Refers-To-Filename").orElseThrow();
      long offset =
          Long.parseLong(revisit.headers().first("Netarchive-Refers-To-Offset").orElseThrow());
      assertThat(firstFiles).as("the original lies in the first job's files").contains(file);
      assertThat(revisit.profile().toString()).contains("identical-payload-digest");
      assertThat(revisit.refersToTargetURI()).contains(java.net.URI.create(revisit.target()));
      try (FileChannel copy = FileChannel.open(archived("TWO", file), StandardOpenOption.READ);
          WarcReader reader = new WarcReader(copy.position(offset))) {
        WarcRecord original = reader.next().orElseThrow();
        assertThat(original).isInstanceOf(WarcResponse.class);
        WarcResponse response = (WarcResponse) original;
        assertThat(response.target()).isEqualTo(revisit.target());
        assertThat(response.payloadDigest().orElseThrow().prefixedBase32())
            .isEqualTo(revisit.payloadDigest().orElseThrow().prefixedBase32())
            .isEqualTo(nonTextDigests.get(revisit.target()));
      }
    }

    JsonObject deduplication = done.getJsonObject("deduplication");
    assertThat(deduplication.getJsonNumber("objects").longValue()).isEqualTo(nonTextDigests.size());
    assertThat(deduplication.getJsonNumber("bytes").longValue()).isPositive();
    assertThat(domains(done).get(pair.domain()).getJsonNumber("duplicateObjects").longValue())
        .isEqualTo(nonTextDigests.size());

    JsonObject note = deduplicationNote(second, secondFiles);
    assertThat(note.getBoolean("indexFetched")).isTrue();
    assertThat(note.getBoolean("complete")).as(note.toString()).isTrue();
    assertThat(note.getJsonArray("foundJobs").getJsonNumber(0).longValue()).isEqualTo(first);
  }

  private static List<String> crawlWarcs(List<String> files) {
    return files.stream().filter(n -> !n.contains("metadata")).toList();
  }

  /** The agent's note on the job's deduplication, from its metadata WARC. */
  private static JsonObject deduplicationNote(long jobId, List<String> files) throws IOException {
    String metadata = jobId + "-metadata-1.warc";
    assertThat(files).contains(metadata);
    try (WarcReader reader = new WarcReader(archived("ONE", metadata))) {
      for (WarcRecord record : reader) {
        if (record instanceof WarcResource resource
            && resource.target().contains("crawl/setup/deduplication?")) {
          return Json.createReader(
                  new java.io.StringReader(
                      new String(resource.body().stream().readAllBytes(), StandardCharsets.UTF_8)))
              .readObject();
        }
      }
    }
    throw new AssertionError("No deduplication note in " + metadata);
  }
}
