package org.netarchive.ee.archive.domain.model.index;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A crawl.log line's key and digest, cut by hand at runs of spaces. */
class CrawlLogLinesTest {

  private static final String LINE =
      "2025-01-31T12:00:00.123Z   200      12345 https://a.test/x.png LLE https://a.test/"
          + " image/png #042 20250131115959123+120 sha1:2WAXX5NUWNNCS2BDKCO5OVDQBJVNKIVV - -";

  @Test
  void givenAPaddedLine_whenCut_thenTheKeyIsTheUrlAndTheFetchSecond() {
    assertThat(CrawlLogLines.keyOf(LINE)).isEqualTo("https://a.test/x.png 20250131115959");
    assertThat(CrawlLogLines.keyOf("  " + LINE + " \r")).isEqualTo(CrawlLogLines.keyOf(LINE));
    assertThat(CrawlLogLines.digestOf(LINE)).isEqualTo("sha1:2WAXX5NUWNNCS2BDKCO5OVDQBJVNKIVV");
  }

  @Test
  void givenTooFewFieldsOrNoFetchTime_whenCut_thenThereIsNoKey() {
    String nine = LINE.substring(0, LINE.indexOf(" sha1:"));
    assertThat(CrawlLogLines.keyOf(nine)).isNull();
    assertThat(CrawlLogLines.digestOf(nine)).isNull();
    assertThat(CrawlLogLines.keyOf(LINE.replace("20250131115959123+120", "2025013111595x+1")))
        .isNull();
    assertThat(CrawlLogLines.keyOf(LINE.replace("20250131115959123+120", "-"))).isNull();
    assertThat(CrawlLogLines.keyOf("")).isNull();
  }

  @Test
  void givenNoDigest_whenCut_thenThereIsNone() {
    assertThat(CrawlLogLines.digestOf(LINE.replace("sha1:2WAXX5NUWNNCS2BDKCO5OVDQBJVNKIVV", "-")))
        .isNull();
  }
}
