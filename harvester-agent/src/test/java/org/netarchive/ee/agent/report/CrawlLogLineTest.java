package org.netarchive.ee.agent.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CrawlLogLineTest {

  @Test
  void givenAResponseLine_whenParsed_thenStatusSizeUriAndHostAreRead() {
    CrawlLogLine line =
        CrawlLogLine.parse(
                "2026-11-21T09:11:17.352Z   200       2549 http://WWW.Small.test:40363/page/1.html"
                    + " L http://small.test:40363/ text/html #001 20261121091117312+4"
                    + " sha1:BSB7OLS25O2JTYURMW232GOHEV64JSKT http://small.test:40363/ 3t,dol:1")
            .orElseThrow();

    assertThat(line.status()).isEqualTo(200);
    assertThat(line.size()).isEqualTo(2549);
    assertThat(line.fetched()).isTrue();
    assertThat(line.host()).contains("www.small.test");
    assertThat(line.annotations()).containsExactly("3t", "dol:1");
  }

  @Test
  void givenADnsAndAQuotaLine_whenParsed_thenHostAndAnnotationAreRead() {
    CrawlLogLine dns =
        CrawlLogLine.parse(
                "2026-11-21T09:11:17.129Z     1         48 dns:small.test P http://small.test:40363/"
                    + " text/dns #001 20261121091116586+25 sha1:FHSJZFLUK6QZFWDNIOC5ABRSTGY5P7PJ"
                    + " http://small.test:40363/ -")
            .orElseThrow();
    CrawlLogLine quota =
        CrawlLogLine.parse(
                "2026-11-21T09:11:18.040Z -5003          - http://quota.test:40363/page/1.html L"
                    + " http://quota.test:40363/ unknown #004 - - http://quota.test:40363/"
                    + " Q:groupMaxFetchSuccesses")
            .orElseThrow();

    assertThat(dns.host()).contains("small.test");
    assertThat(dns.annotations()).isEmpty();
    assertThat(quota.fetched()).isFalse();
    assertThat(quota.size()).isZero();
    assertThat(quota.annotations()).containsExactly("Q:groupMaxFetchSuccesses");
  }

  @Test
  void givenTruncatedOrForeignText_whenParsed_thenItIsSkipped() {
    assertThat(CrawlLogLine.parse("2026-11-21T09:11:18.0")).isEmpty();
    assertThat(CrawlLogLine.parse("")).isEmpty();
    assertThat(CrawlLogLine.parse("a b c d")).isEmpty();
  }

  @Test
  void givenAUriWithCharactersJavaRefuses_whenParsed_thenTheHostIsStillFound() {
    CrawlLogLine line =
        CrawlLogLine.parse(
                "2026-11-21T09:11:18Z 200 10 http://kb.dk:80/a|b{c} - - text/html #1 - - - -")
            .orElseThrow();

    assertThat(line.host()).contains("kb.dk");
  }

  /** Lines of duplicates, Heritrix's and a short one: the line, its annotations, the origin. */
  static Stream<Arguments> duplicates() {
    return Stream.of(
        Arguments.of(
            "2026-11-25T22:15:14.032Z   200       1734 http://dedup.test:41211/img/3-1.png E"
                + " http://dedup.test:41211/page/3.html image/png #012"
                + " 20261125221514020+3 sha1:W3PJ6EXQ2WMLP4KNPJUXMZ4LYCCA2XXP - 3t,"
                + "duplicate:\"301-7-20261125221500123-00000-1~h~1.warc.gz,48211,"
                + "20261125221501512\",dol:1",
            List.of(
                "3t",
                "duplicate:\"301-7-20261125221500123-00000-1~h~1.warc.gz,48211,20261125221501512\"",
                "dol:1"),
            "301-7-20261125221500123-00000-1~h~1.warc.gz"),
        Arguments.of(
            "2026-11-21T09:11:18Z 200 10 http://kb.dk/a.png E http://kb.dk/ image/png #1"
                + " 20261121091117243+10 sha1:AB http://kb.dk/"
                + " 3t,duplicate:\"5-2-x.warc.gz,1234,20261120101010000\",dol:1",
            List.of("3t", "duplicate:\"5-2-x.warc.gz,1234,20261120101010000\"", "dol:1"),
            "5-2-x.warc.gz"));
  }

  @ParameterizedTest
  @MethodSource("duplicates")
  void givenADuplicate_whenParsed_thenItsQuotedOriginIsOneAnnotationAndNamesTheFile(
      String text, List<String> annotations, String origin) {
    CrawlLogLine line = CrawlLogLine.parse(text).orElseThrow();

    assertThat(line.annotations()).containsExactlyElementsOf(annotations);
    assertThat(line.duplicateOf()).contains(origin);
  }

  @Test
  void givenNoDuplicateAnnotation_whenParsed_thenNoOriginalIsNamed() {
    CrawlLogLine line =
        CrawlLogLine.parse("2026-11-21T09:11:18Z 200 10 http://kb.dk/ - - text/html #1 - - - 3t")
            .orElseThrow();

    assertThat(line.duplicateOf()).isEmpty();
  }
}
