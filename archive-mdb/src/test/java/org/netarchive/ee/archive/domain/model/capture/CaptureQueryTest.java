package org.netarchive.ee.archive.domain.model.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.common.index.CaptureIndex;
import org.netarchive.ee.common.index.CaptureIndexWriter;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcWriter;

/**
 * The CDX server API's query logic over a real Lucene capture index of WARC files written with
 * jwarc and read back as the indexer reads them: match types, time range, sorts (closest included),
 * filters, fields and output formats.
 */
class CaptureQueryTest {

  private static final String FIRST = "7-3-20250131120000-00000-host.warc";
  private static final String SECOND = "8-4-20250301120000-00000-host.warc";

  @TempDir Path dir;

  private CaptureIndex index;

  @BeforeEach
  void indexTwoCrawls() throws Exception {
    Path first = dir.resolve(FIRST);
    try (WarcWriter w = writer(first)) {
      w.write(response("http://kb.dk/", "text/html", "home", "2025-01-31T12:00:00Z"));
      w.write(response("http://kb.dk/a/page.html", "text/html", "page", "2025-01-31T12:00:01Z"));
      w.write(response("http://kb.dk/a/logo.png", "image/png", "PNG", "2025-01-31T12:00:02Z"));
      w.write(response("http://www.kb.dk/x", "text/html", "sub", "2025-01-31T12:00:03Z"));
      w.write(response("http://news.kb.dk/y", "text/html", "news", "2025-01-31T12:00:04Z"));
      w.write(response("http://kbx.dk/", "text/html", "other", "2025-01-31T12:00:05Z"));
    }
    Path second = dir.resolve(SECOND);
    try (WarcWriter w = writer(second)) {
      w.write(response("http://kb.dk/", "text/html", "home 2", "2025-03-01T12:00:00Z"));
      w.write(revisit("http://kb.dk/a/logo.png", "PNG", "2025-03-01T12:00:02Z"));
      w.write(response("http://kb.dk/", "text/html", "home 3", "2025-06-01T12:00:00Z"));
    }
    Path lucene = dir.resolve("index");
    try (CaptureIndexWriter writer = CaptureIndexWriter.open(lucene)) {
      assertThat(writer.replaceFile(FIRST, FileCaptures.fromFile(first, FIRST))).isEqualTo(6);
      assertThat(writer.replaceFile(SECOND, FileCaptures.fromFile(second, SECOND))).isEqualTo(3);
      writer.commit();
    }
    index = CaptureIndex.open(lucene);
  }

  @org.junit.jupiter.api.AfterEach
  void close() {
    index.close();
  }

  @Test
  void givenMatchTypes_whenRun_thenTheirUrlsInKeyThenTimeOrder() {
    assertThat(urls(query("kb.dk", "exact")))
        .containsExactly("http://kb.dk/", "http://kb.dk/", "http://kb.dk/");
    assertThat(times(query("http://kb.dk/", null)))
        .containsExactly("20250131120000", "20250301120000", "20250601120000");
    assertThat(urls(query("http://kb.dk/a/", "prefix")))
        .containsExactly(
            "http://kb.dk/a/logo.png", "http://kb.dk/a/logo.png", "http://kb.dk/a/page.html");
    assertThat(urls(query("http://kb.dk/a/*", null))).hasSize(3);
    assertThat(urls(query("kb.dk", "host")))
        .as("the host (www. is the host in SURT form), not its subdomains nor kbx.dk")
        .containsOnly(
            "http://kb.dk/",
            "http://kb.dk/a/page.html",
            "http://kb.dk/a/logo.png",
            "http://www.kb.dk/x")
        .hasSize(7);
    assertThat(urls(query("kb.dk", "domain")))
        .contains("http://news.kb.dk/y", "http://kb.dk/a/page.html")
        .doesNotContain("http://kbx.dk/")
        .hasSize(8);
    assertThat(urls(query("*.kb.dk", null))).hasSize(8);
  }

  @Test
  void givenTimeRangeSortsAndLimit_whenRun_thenThoseCapturesInThatOrder() {
    assertThat(
            times(
                kbDk(
                    MatchType.EXACT,
                    CaptureQuery.lowerBound("202503"),
                    CaptureQuery.upperBound("2025"),
                    CaptureQuery.Sort.DEFAULT,
                    null,
                    0)))
        .containsExactly("20250301120000", "20250601120000");
    assertThat(
            times(
                kbDk(
                    MatchType.EXACT,
                    null,
                    CaptureQuery.upperBound("202503"),
                    CaptureQuery.Sort.REVERSE,
                    null,
                    0)))
        .containsExactly("20250301120000", "20250131120000");
    assertThat(
            times(
                kbDk(
                    MatchType.EXACT,
                    null,
                    null,
                    CaptureQuery.Sort.CLOSEST,
                    CaptureQuery.lowerBound("20250510"),
                    2)))
        .containsExactly("20250601120000", "20250301120000");
    assertThat(times(CaptureQuery.closest("http://kb.dk/", "20250101", 0)))
        .containsExactly("20250131120000", "20250301120000", "20250601120000");
    assertThat(times(kbDk(MatchType.DOMAIN, null, null, CaptureQuery.Sort.DEFAULT, null, 2)))
        .hasSize(2);
    assertThat(CaptureQuery.upperBound("202402")).isEqualTo("20240229235959");
    assertThat(CaptureQuery.lowerBound("2024")).isEqualTo("20240101000000");
  }

  @Test
  void givenFilters_whenRun_thenOnlyCapturesThatPass() {
    assertThat(urls(filtered("kb.dk", "mime:image/.*"))).containsExactly("http://kb.dk/a/logo.png");
    assertThat(urls(filtered("kb.dk", "!mime:text/html")))
        .containsExactly("http://kb.dk/a/logo.png", "http://kb.dk/a/logo.png");
    assertThat(urls(filtered("kb.dk", "~url:logo"))).hasSize(2);
    assertThat(urls(filtered("kb.dk", "=mimetype:warc/revisit")))
        .containsExactly("http://kb.dk/a/logo.png");
    assertThat(urls(filtered("kb.dk", "filename:8-.*", "!~url:logo"))).hasSize(2);
    assertThat(urls(filtered("kb.dk", "statuscode:200"))).hasSize(8);
    assertThat(urls(filtered("kb.dk", "!statuscode:2.."))).isEmpty();
  }

  @Test
  void givenOutputsAndFields_whenWritten_thenCdx11CdxjAndJsonLines() {
    Capture home = find(query("kb.dk", "exact")).get(0);
    assertThat(CdxOutput.parse(null, null).line(home, null)).isEqualTo(home.toCdx11() + "\n");
    assertThat(CdxOutput.parse("cdx", "url,timestamp,filename").line(home, null))
        .isEqualTo("http://kb.dk/ 20250131120000 " + FIRST + "\n");
    assertThat(CdxOutput.parse("cdxj", null).line(home, null))
        .startsWith(
            "dk,kb)/ 20250131120000 {\"url\":\"http://kb.dk/\",\"mime\":\"text/html\",\"status\":\"200\"")
        .endsWith(",\"offset\":\"0\",\"filename\":\"" + FIRST + "\"}\n");
    assertThat(CdxOutput.parse("json", null).line(home, null))
        .contains(
            "\"url\":\"http://kb.dk/\"",
            "\"status\":200",
            "\"offset\":0",
            "\"file\":\"" + FIRST + "\"",
            "\"jobId\":7")
        .doesNotContain("original");
    assertThat(CdxOutput.parse("json", "url,status,jobid").line(home, null))
        .isEqualTo("{\"url\":\"http://kb.dk/\",\"status\":200,\"jobid\":7}\n");
  }

  @Test
  void givenARevisit_whenItsOriginalSought_thenTheResponseWithItsDigest() {
    List<Capture> logos = find(query("http://kb.dk/a/logo.png", null));
    Capture revisit = logos.get(1);
    assertThat(revisit.isRevisit()).isTrue();
    assertThat(revisit.file()).isEqualTo(SECOND);
    List<Capture> originals = index.capturesWithDigest(revisit.urlKey(), revisit.digest(), 10);
    assertThat(originals).contains(logos.get(0));
    assertThat(logos.get(0).file()).isEqualTo(FIRST);
    assertThat(CdxOutput.parse("json", null).line(revisit, logos.get(0)))
        .contains("\"original\":{\"file\":\"" + FIRST + "\",\"offset\":" + logos.get(0).offset());
  }

  @Test
  void givenBadParameters_whenParsed_thenRefusedNamingTheValue() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MatchType.parse("fuzzy"))
        .withMessageContaining("'fuzzy'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CaptureQuery.Sort.parse("up"))
        .withMessageContaining("'up'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CaptureQuery.lowerBound("20251"))
        .withMessageContaining("'20251'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CaptureQuery.lowerBound("20251340"))
        .withMessageContaining("'20251340' is not a date");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CaptureFilter.parse("colour:red"))
        .withMessageContaining("'colour'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CaptureFilter.parse("mime:("))
        .withMessageContaining("'mime:('");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CaptureFilter.parse("url:(a+)+b"))
        .withMessageContaining("'url:(a+)+b'")
        .withMessageContaining("exponential time")
        .withMessageContaining("'(a+)+'");
    assertThat(urls(filtered("kb.dk", "url:(?:[^/]*+/)*+logo.*"))).hasSize(2);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CdxOutput.parse("xml", null))
        .withMessageContaining("'xml'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> CdxOutput.parse("json", "url,size"))
        .withMessageContaining("'size'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> kbDk(MatchType.EXACT, null, null, CaptureQuery.Sort.CLOSEST, null, 0))
        .withMessageContaining("closest=");
  }

  private static CaptureQuery query(String url, String matchType) {
    return CaptureQuery.of(url, CaptureQuery.matchTypeOf(url, matchType), 0);
  }

  /** A query of kb.dk without filters. */
  private static CaptureQuery kbDk(
      MatchType matchType,
      String from,
      String to,
      CaptureQuery.Sort sort,
      String closest,
      long limit) {
    return new CaptureQuery("kb.dk", matchType, from, to, sort, closest, limit, List.of());
  }

  private static CaptureQuery filtered(String url, String... filters) {
    return new CaptureQuery(
        url,
        MatchType.DOMAIN,
        null,
        null,
        CaptureQuery.Sort.DEFAULT,
        null,
        0,
        java.util.Arrays.stream(filters).map(CaptureFilter::parse).toList());
  }

  private List<Capture> find(CaptureQuery query) {
    List<Capture> found = new ArrayList<>();
    query.run(index, found::add);
    return found;
  }

  private List<String> urls(CaptureQuery query) {
    return find(query).stream().map(Capture::url).toList();
  }

  private List<String> times(CaptureQuery query) {
    return find(query).stream().map(Capture::timestamp).toList();
  }

  private static WarcWriter writer(Path file) throws Exception {
    return new WarcWriter(
        FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
        WarcCompression.NONE);
  }

  private static WarcResponse response(String url, String type, String body, String at)
      throws Exception {
    byte[] payload = body.getBytes(StandardCharsets.UTF_8);
    byte[] http =
        ("HTTP/1.1 200 OK\r\nContent-Type: "
                + type
                + "\r\nContent-Length: "
                + payload.length
                + "\r\n\r\n"
                + body)
            .getBytes(StandardCharsets.UTF_8);
    return new WarcResponse.Builder(URI.create(url))
        .date(Instant.parse(at))
        .payloadDigest(new WarcDigest("sha1", MessageDigest.getInstance("SHA-1").digest(payload)))
        .body(MediaType.HTTP_RESPONSE, http)
        .build();
  }

  private static WarcRevisit revisit(String url, String body, String at) throws Exception {
    byte[] payload = body.getBytes(StandardCharsets.UTF_8);
    byte[] http =
        "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n".getBytes(StandardCharsets.UTF_8);
    return new WarcRevisit.Builder(
            URI.create(url),
            URI.create("http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"))
        .date(Instant.parse(at))
        .payloadDigest(new WarcDigest("sha1", MessageDigest.getInstance("SHA-1").digest(payload)))
        .body(MediaType.HTTP_RESPONSE, http)
        .build();
  }
}
