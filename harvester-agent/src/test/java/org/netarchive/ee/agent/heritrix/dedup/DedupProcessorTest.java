package org.netarchive.ee.agent.heritrix.dedup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.commons.codec.binary.Base32;
import org.archive.modules.CrawlURI;
import org.archive.net.UURIFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.agent.demo.FastTemplate;
import org.netarchive.ee.common.index.DedupEntry;
import org.netarchive.ee.common.index.DedupIndexWriter;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.JobValues;

/** The processor's decisions on Heritrix's own CrawlURIs, against a real index. */
class DedupProcessorTest {

  private static final Base32 BASE32 = new Base32();
  private static final byte[] IMAGE_DIGEST = new byte[20];
  private static final byte[] OTHER_DIGEST = new byte[20];
  private static final Instant FIRST = Instant.parse("2026-01-02T03:04:05.678Z");

  static {
    IMAGE_DIGEST[0] = 1;
    OTHER_DIGEST[0] = 2;
  }

  @TempDir Path work;
  private Path index;

  @BeforeEach
  void writeIndex() {
    index = work.resolve("index");
    try (DedupIndexWriter writer = DedupIndexWriter.create(index)) {
      writer.add(entry("http://a.test/img/1.png", IMAGE_DIGEST, "1-1-a.warc.gz", 1234, FIRST));
      writer.add(
          entry(
              "http://a.test/img/1.png",
              IMAGE_DIGEST,
              "2-1-b.warc.gz",
              99,
              FIRST.plusSeconds(86400)));
      writer.add(entry("http://a.test/page.html", OTHER_DIGEST, "1-1-a.warc.gz", 5678, FIRST));
    }
  }

  private static DedupEntry entry(String url, byte[] digest, String file, long offset, Instant at) {
    return new DedupEntry(url, "sha1:" + BASE32.encodeAsString(digest), "", null, file, offset, at);
  }

  private DedupProcessor started(DedupProcessor processor) {
    processor.setIndexLocation(index.toString());
    processor.afterPropertiesSet();
    processor.start();
    return processor;
  }

  private static CrawlURI fetched(String url, int status, String type, byte[] digest)
      throws Exception {
    CrawlURI curi =
        new CrawlURI(UURIFactory.getInstance(url)) {
          @Override
          public long getContentLength() {
            return 2000;
          }
        };
    curi.setFetchStatus(status);
    curi.setContentType(type);
    curi.setContentDigest("sha1", digest);
    curi.setContentSize(2300);
    return curi;
  }

  @Test
  void givenAnArchivedImage_whenFetchedAgainUnchanged_thenItIsARevisitOfTheEarliestCapture()
      throws Exception {
    DedupProcessor processor = started(new DedupProcessor());
    CrawlURI curi = fetched("http://a.test/img/1.png", 200, "image/png", IMAGE_DIGEST);

    processor.process(curi);

    assertThat(curi.isRevisit()).isTrue();
    assertThat(curi.getRevisitProfile().getWarcHeaders())
        .containsEntry("WARC-Refers-To-Target-URI", "http://a.test/img/1.png")
        .containsEntry("WARC-Refers-To-Date", "2026-01-02T03:04:05.678Z")
        .containsEntry("WARC-Payload-Digest", "sha1:" + BASE32.encodeAsString(IMAGE_DIGEST))
        .containsEntry(DedupRevisit.HEADER_REFERS_TO_FILENAME, "1-1-a.warc.gz")
        .containsEntry(DedupRevisit.HEADER_REFERS_TO_OFFSET, "1234");
    assertThat(curi.getAnnotations())
        .containsExactly("duplicate:\"1-1-a.warc.gz,1234,20260102030405678\"");
    assertThat(processor.report())
        .contains("Looked up:         1")
        .contains("Duplicates:        1");
    processor.stop();
  }

  @Test
  void givenUrisTheProcessorLeavesAlone_whenProcessed_thenNoneIsARevisit() throws Exception {
    DedupProcessor processor = started(new DedupProcessor());
    List<CrawlURI> left =
        List.of(
            fetched("http://a.test/img/1.png", 200, "image/png", OTHER_DIGEST),
            fetched("http://a.test/img/2.png", 200, "image/png", IMAGE_DIGEST),
            fetched("http://a.test/img/1.png", 404, "image/png", IMAGE_DIGEST),
            fetched("http://a.test/page.html", 200, "text/html; charset=UTF-8", OTHER_DIGEST));

    for (CrawlURI curi : left) {
      processor.process(curi);
    }

    assertThat(left).noneMatch(CrawlURI::isRevisit);
    assertThat(left).allMatch(c -> c.getAnnotations().isEmpty());
    assertThat(processor.lookups()).as("the 404 and the page are not looked up").isEqualTo(2);
    processor.stop();
  }

  @Test
  void givenDigestMatchingAndAWhitelistOfImages_thenAnotherUrlsCaptureCountsAndTextIsIn()
      throws Exception {
    DedupProcessor processor = new DedupProcessor();
    processor.setMatchingMethod(DedupProcessor.MatchingMethod.DIGEST);
    processor.setFilterMode(DedupProcessor.FilterMode.WHITELIST);
    processor.setMimeFilter("^(image|text)/.*");
    started(processor);
    CrawlURI mirror = fetched("http://b.test/copy.png", 200, "image/png", IMAGE_DIGEST);
    CrawlURI page = fetched("http://a.test/page.html", 200, "text/html", OTHER_DIGEST);
    CrawlURI pdf = fetched("http://a.test/img/1.png", 200, "application/pdf", IMAGE_DIGEST);

    processor.process(mirror);
    processor.process(page);
    processor.process(pdf);

    assertThat(mirror.getRevisitProfile().getWarcHeaders())
        .containsEntry("WARC-Refers-To-Target-URI", "http://a.test/img/1.png");
    assertThat(page.isRevisit()).isTrue();
    assertThat(pdf.isRevisit()).isFalse();
    assertThat(processor.report()).contains("Other-URL matches: 1");
    processor.stop();
  }

  @Test
  void givenAMissingOrBrokenIndex_whenBuilt_thenTheErrorNamesIt() throws Exception {
    DedupProcessor missing = new DedupProcessor();
    missing.setIndexLocation(work.resolve("nowhere").toString());
    Path broken = Files.createDirectories(work.resolve("broken"));
    Files.writeString(broken.resolve("segments_1"), "not an index");
    DedupProcessor unreadable = new DedupProcessor();
    unreadable.setIndexLocation(broken.toString());
    DedupProcessor badFilter = new DedupProcessor();
    badFilter.setIndexLocation(index.toString());
    badFilter.setMimeFilter("^text/(");

    assertThatThrownBy(missing::afterPropertiesSet)
        .hasMessageContaining("The deduplication index " + work.resolve("nowhere"))
        .hasMessageContaining("does not exist");
    assertThatThrownBy(unreadable::afterPropertiesSet)
        .hasMessageContaining("The deduplication index " + broken + " cannot be opened");
    assertThatThrownBy(badFilter::afterPropertiesSet)
        .hasMessageContaining("The mimeFilter '^text/(' of the deduplication processor");
  }

  @Test
  void givenTheAgentsTemplates_thenTheyNameThisProcessorAndHaveItsPlaceholder() {
    assertThat(JobValues.DEDUP_PROCESSOR_CLASS).isEqualTo(DedupProcessor.class.getName());
    assertThat(CrawlTemplate.parse(FastTemplate.text()).usesDedupIndex()).isTrue();
    assertThat(CrawlTemplate.defaultTemplate().usesDedupIndex()).isTrue();
  }
}
