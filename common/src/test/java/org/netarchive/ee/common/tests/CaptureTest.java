package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.index.Capture;
import org.netarchive.ee.common.index.CaptureIndex;
import org.netarchive.ee.common.index.CaptureIndexWriter;

/** The capture field model: CDX11 lines in and out, and the full index over it. */
class CaptureTest {

  private static final String LINE =
      "dk,kb)/logo.png 20250131120000 https://kb.dk/logo.png image/png 200"
          + " 2WAXX5NUWNNCS2BDKCO5OVDQBJVNKIVV - - 1234 5678 1-1-20250131-00000-h.warc.gz";

  @TempDir Path tmp;

  @Test
  void givenCdx11Line_whenParsed_thenEveryFieldAndBackToTheSameLine() {
    Capture c = Capture.parseCdx11(LINE);

    assertThat(c.urlKey()).isEqualTo("dk,kb)/logo.png");
    assertThat(c.url()).isEqualTo("https://kb.dk/logo.png");
    assertThat(c.status()).isEqualTo(200);
    assertThat(c.length()).isEqualTo(1234);
    assertThat(c.offset()).isEqualTo(5678);
    assertThat(c.file()).isEqualTo("1-1-20250131-00000-h.warc.gz");
    assertThat(c.date()).isEqualTo(Instant.parse("2025-01-31T12:00:00Z"));
    assertThat(c.isRevisit()).isFalse();
    assertThat(c.toCdx11()).isEqualTo(LINE);
  }

  @Test
  void givenLegendCommentOrBrokenLine_whenParsed_thenSkippedOrRefusedNamingTheLine() {
    assertThat(Capture.parseCdx11(" CDX N b a m s k r M S V g")).isNull();
    assertThat(Capture.parseCdx11("# The CDX of x.warc is incomplete")).isNull();
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Capture.parseCdx11("dk,kb)/ 2025 x"))
        .withMessageContaining("Not a CDX11 line (3 fields, 11 expected): 'dk,kb)/ 2025 x'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Capture.parseCdx11(LINE.replace("20250131120000", "2025013112000x")))
        .withMessageContaining("has the timestamp '2025013112000x', not 14 digits");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> Capture.parseCdx11(LINE.replace("20250131120000", "20251399120000")).date())
        .withMessageContaining("has the timestamp '20251399120000', not a date");
  }

  @Test
  void givenCaptures_whenIndexedFully_thenFoundByUrlAndKeyOldestFirst() {
    Capture newer =
        Capture.parseCdx11(LINE.replace("20250131120000", "20250201120000").replace("5678", "9"));
    try (CaptureIndexWriter writer = CaptureIndexWriter.create(tmp)) {
      writer.add(newer);
      writer.add(Capture.parseCdx11(LINE));
    }
    try (CaptureIndex index = CaptureIndex.open(tmp)) {
      assertThat(index.size()).isEqualTo(2);
      assertThat(index.capturesOf("https://kb.dk/logo.png", 10))
          .containsExactly(Capture.parseCdx11(LINE), newer);
      assertThat(index.capturesOfKey("dk,kb)/logo.png", 1)).hasSize(1);
    }
  }

  @Test
  void givenAFileIndexedTwice_whenScanned_thenItsCapturesOnceInKeyThenTimeOrder() {
    Capture logo = Capture.parseCdx11(LINE);
    Capture later = Capture.parseCdx11(LINE.replace("20250131120000", "20250301120000"));
    Capture page =
        Capture.parseCdx11(
            LINE.replace("dk,kb)/logo.png", "dk,kb)/a.html")
                .replace("https://kb.dk/logo.png", "https://kb.dk/a.html"));
    Capture other =
        Capture.parseCdx11(
            LINE.replace("dk,kb)/logo.png", "dk,kbx)/")
                .replace("https://kb.dk/logo.png", "https://kbx.dk/")
                .replace("1-1-20250131", "2-1-20250131"));
    try (CaptureIndexWriter writer = CaptureIndexWriter.open(tmp)) {
      writer.replaceFile(logo.file(), java.util.List.of(later, logo, page));
      writer.replaceFile(other.file(), java.util.List.of(other));
      writer.commit();
      try (CaptureIndex index = CaptureIndex.open(tmp)) {
        assertThat(index.size()).isEqualTo(4);
        writer.replaceFile(logo.file(), java.util.List.of(later, logo, page));
        writer.commit();
        index.refresh();
        assertThat(index.size()).isEqualTo(4);
        assertThat(index.countOfFile(logo.file())).isEqualTo(3);

        java.util.List<Capture> host = new java.util.ArrayList<>();
        index.scan(
            new CaptureIndex.Selection(
                java.util.List.of("dk,kb)/"), true, Long.MIN_VALUE, Long.MAX_VALUE, false),
            host::add);
        assertThat(host).containsExactly(page, logo, later);

        java.util.List<Capture> reversed = new java.util.ArrayList<>();
        index.scan(
            new CaptureIndex.Selection(
                java.util.List.of("dk,kb)", "dk,kbx)"),
                true,
                Instant.parse("2025-01-31T12:00:00Z").toEpochMilli(),
                Long.MAX_VALUE,
                true),
            c -> reversed.add(c) && reversed.size() < 2);
        assertThat(reversed).containsExactly(other, later);
        assertThat(index.capturesWithDigest("dk,kb)/logo.png", logo.digest(), 10))
            .containsExactly(logo, later);
      }
    }
    assertThat(logo.jobId()).isEqualTo(1L);
    assertThat(Capture.jobIdOf("42-7-20250131-x.warc")).isEqualTo(42L);
    assertThat(Capture.jobIdOf("x-7-y.warc")).isNull();
    assertThat(Capture.jobIdOf("upload.warc")).isNull();
  }
}
