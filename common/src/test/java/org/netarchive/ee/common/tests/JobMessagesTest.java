package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.CrawlStopReason;
import org.netarchive.ee.common.message.DomainAlias;
import org.netarchive.ee.common.message.DomainStatistics;
import org.netarchive.ee.common.message.JobFinished;
import org.netarchive.ee.common.message.JobOutcome;
import org.netarchive.ee.common.message.JobProgress;
import org.netarchive.ee.common.message.JobStarted;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.MessageFormatException;

class JobMessagesTest {

  private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
  private final MessageCodec codec = MessageCodec.standard();

  static CrawlDomain domain(String name) {
    return new CrawlDomain(
        name,
        "defaultconfig",
        2000,
        -1,
        List.of("http://www." + name + "/", "http://" + name + "/news/"),
        List.of(".*/calendar/.*"));
  }

  static CrawlRequest request(List<CrawlDomain> domains) {
    return CrawlRequest.builder()
        .job(17, T0)
        .harvest(3, "Nightly news", 2)
        .channel("HIGHPRIORITY")
        .template("default_orderxml", 1, "<beans>%{SEEDS}</beans>")
        .maxRunningSeconds(3600)
        .globalCrawlerTraps(List.of(".*\\?sessionid=.*"))
        .domains(domains)
        .aliases(List.of(new DomainAlias("kb.com", "kb.dk", T0.minusSeconds(86_400))))
        .deduplicationJobIds(List.of(11L, 12L))
        .build();
  }

  /** A report of agent-1 at T0 that the job is DONE, without errors. */
  private static JobFinished done(long jobId, List<DomainStatistics> domains) {
    return new JobFinished(jobId, "agent-1", T0, JobOutcome.DONE, null, null, null, null, domains);
  }

  /** The same, naming the files holding originals of the job's revisit records. */
  private static JobFinished done(
      long jobId, List<DomainStatistics> domains, List<String> revisitedFiles) {
    return new JobFinished(
        jobId, "agent-1", T0, JobOutcome.DONE, null, null, null, null, domains, revisitedFiles);
  }

  @Test
  void givenACrawlRequest_whenEncodedAndDecoded_thenEverythingSurvives() {
    CrawlRequest request = request(List.of(domain("kb.dk"), domain("bibliotek.dk")));
    assertThat(codec.decode(codec.encode(request))).isEqualTo(request);
  }

  @Test
  void givenStatusMessages_whenEncodedAndDecoded_thenEverythingSurvives() {
    JobStarted started = new JobStarted(17, "agent-1", T0);
    JobProgress progress = new JobProgress(17, "agent-1", T0, 100, 40, 60, 2.5, 120.0, 3, 123_456);
    JobFinished finished =
        new JobFinished(
            17,
            "agent-1",
            T0,
            JobOutcome.FAILED,
            null,
            null,
            "1 of 3 files not stored",
            "17-3-20261121-00001.warc.gz: NOT OK from replica TWO",
            List.of(
                new DomainStatistics("kb.dk", 55, 1_000_000, CrawlStopReason.DOWNLOAD_COMPLETE),
                new DomainStatistics("bibliotek.dk", 2000, 9_000, CrawlStopReason.OBJECT_LIMIT)));
    assertThat(codec.decode(codec.encode(started))).isEqualTo(started);
    assertThat(codec.decode(codec.encode(progress))).isEqualTo(progress);
    assertThat(codec.decode(codec.encode(finished))).isEqualTo(finished);
  }

  @Test
  void givenDeduplication_whenTheReportIsEncodedAndDecoded_thenDuplicatesAndOriginalsSurvive() {
    JobFinished finished =
        done(
            18,
            List.of(
                new DomainStatistics(
                    "kb.dk", 55, 1_000_000, CrawlStopReason.DOWNLOAD_COMPLETE, 20L, 700_000L)),
            List.of("5-2-x.warc.gz", "3-1-y.warc.gz", "5-2-x.warc.gz"));

    JobFinished decoded = (JobFinished) codec.decode(codec.encode(finished));

    assertThat(decoded).isEqualTo(finished);
    assertThat(decoded.domains().get(0).duplicateBytes()).isEqualTo(700_000L);
    assertThat(decoded.revisitedFiles()).containsExactly("3-1-y.warc.gz", "5-2-x.warc.gz");
  }

  @Test
  void givenAReportWithoutDeduplicationFields_whenDecoded_thenTheyAreZeroAndNone() {
    String json =
        codec.encode(
            done(
                19,
                List.of(new DomainStatistics("kb.dk", 5, 10, CrawlStopReason.DOWNLOAD_COMPLETE))));
    String withoutThem =
        json.replace(",\"duplicateObjects\":0", "")
            .replace(",\"duplicateBytes\":0", "")
            .replace(",\"revisitedFiles\":[]", "");
    assertThat(withoutThem).doesNotContain("duplicate").doesNotContain("revisitedFiles");

    JobFinished decoded = (JobFinished) codec.decode(withoutThem);

    assertThat(decoded.domains().get(0).duplicateObjects()).isZero();
    assertThat(decoded.revisitedFiles()).isEmpty();
  }

  @Test
  void givenMoreDuplicatesThanFetched_whenMakingStatistics_thenRefusedNamingTheDomain() {
    assertThatThrownBy(
            () -> new DomainStatistics("kb.dk", 5, 100, CrawlStopReason.DOWNLOAD_COMPLETE, 6L, 10L))
        .hasMessageContaining("Domain kb.dk has more duplicates (6 objects, 10 bytes)");
  }

  @Test
  void givenTheSameDomainTwice_whenMakingARequest_thenRefusedNamingTheJob() {
    assertThatThrownBy(() -> request(List.of(domain("kb.dk"), domain("kb.dk"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("domains of job 17 name a domain twice");
  }

  @Test
  void givenNoDomains_whenMakingARequest_thenRefused() {
    assertThatThrownBy(() -> request(List.of()))
        .hasMessageContaining("domains of job 17 must not be empty");
  }

  @Test
  void givenALimitOfZero_whenMakingADomain_thenRefusedNamingDomainAndValue() {
    assertThatThrownBy(
            () -> new CrawlDomain("kb.dk", "c", 0, -1, List.of("http://kb.dk/"), List.of()))
        .hasMessage("maxObjects of domain kb.dk must be -1 (no limit) or at least 1, was 0");
  }

  @Test
  void givenAFailedOutcomeWithoutAnError_whenMakingTheReport_thenRefused() {
    assertThatThrownBy(
            () ->
                new JobFinished(
                    5, "agent", T0, JobOutcome.FAILED, null, null, null, null, List.of()))
        .hasMessageContaining("must say why");
  }

  @Test
  void givenJsonWithANegativeJobId_whenDecoded_thenTheErrorNamesTheField() {
    String json = codec.encode(new JobStarted(17, "agent-1", T0)).replace("17", "-4");
    assertThatThrownBy(() -> codec.decode(json))
        .isInstanceOf(MessageFormatException.class)
        .hasMessageContaining("jobId must be at least 1, was -4");
  }
}
