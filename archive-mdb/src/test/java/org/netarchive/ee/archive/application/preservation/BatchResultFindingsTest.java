package org.netarchive.ee.archive.application.preservation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.archive.domain.model.preservation.AuditKind;

class BatchResultFindingsTest {

  private static final String A = "a".repeat(128);
  private static final String B = "b".repeat(128);
  private static final String C = "c".repeat(128);

  @TempDir Path dir;

  /** Two instances' parts, concatenated as the monitor combines them: each in its own order. */
  private Path result(String... lines) throws IOException {
    return Files.writeString(dir.resolve("result.txt"), String.join("\n", lines) + "\n");
  }

  private List<Finding> read(Path result, AuditKind kind, String after) throws IOException {
    Path work = Files.createDirectories(dir.resolve("work"));
    List<Finding> found = new ArrayList<>();
    try (BatchResultFindings findings = BatchResultFindings.of(result, kind, after, 2, work)) {
      findings.forEachRemaining(found::add);
    }
    try (var left = Files.list(work)) {
      assertThat(left).as("the sort's work files, after close").isEmpty();
    }
    return found;
  }

  @Test
  void givenChecksumResultOfTwoInstances_whenRead_thenFindingsInNameOrderOncePerFile()
      throws IOException {
    Path result =
        result(
            "2-1-b.warc.gz##" + B,
            "1-1-a.warc.gz##" + A,
            // '!' sorts before '#': a name order, not a line order
            "1-1-a!.warc.gz##" + C,
            "3-metadata-1.warc##" + C,
            "1-1-a.warc.gz##" + A,
            "1-1-a.warc##" + B);

    assertThat(read(result, AuditKind.CHECKSUM, null))
        .containsExactly(
            new Finding("1-1-a!.warc.gz", -1, C),
            new Finding("1-1-a.warc", -1, B),
            new Finding("1-1-a.warc.gz", -1, A),
            new Finding("2-1-b.warc.gz", -1, B),
            new Finding("3-metadata-1.warc", -1, C));
  }

  @Test
  void givenRunsLastFinding_whenRead_thenOnlyTheFilesAfterItAsAResumedRunGoesOn()
      throws IOException {
    Path result = result("3-1-c.warc##30", "1-1-a.warc##10", "2-1-b.warc##20", "2-1-b.warc.gz##-1");

    assertThat(read(result, AuditKind.LIST, "2-1-b.warc"))
        .containsExactly(
            new Finding("2-1-b.warc.gz", -1, null), new Finding("3-1-c.warc", 30, null));
    assertThat(read(result, AuditKind.LIST, "3-1-c.warc")).isEmpty();
    assertThat(read(result, AuditKind.LIST, null)).hasSize(4);
  }

  @Test
  void givenSizesResult_whenReadForAFileListAudit_thenSizesAndNoChecksums() throws IOException {
    assertThat(read(result("1-1-a.warc##1048576", "1-1-b.warc##0"), AuditKind.LIST, null))
        .containsExactly(
            new Finding("1-1-a.warc", 1048576, null), new Finding("1-1-b.warc", 0, null));
  }

  @Test
  void givenLineWithoutValueOfTheKind_whenRead_thenRefusedNamingTheLine() throws IOException {
    assertThatThrownBy(
            () -> read(result("1-1-a.warc##" + A, "1-1-b.warc"), AuditKind.CHECKSUM, null))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("Line 2 of batch result")
        .hasMessageContaining("is not <file>##<SHA-512>: '1-1-b.warc'");
    assertThatThrownBy(() -> read(result("1-1-a.warc##" + A), AuditKind.LIST, null))
        .hasMessageContaining("Line 1 of batch result")
        .hasMessageContaining("is not <file>##<size>");
    assertThatThrownBy(() -> read(result("1-1-a.warc##12ab"), AuditKind.CHECKSUM, null))
        .hasMessageContaining("is not <file>##<SHA-512>: '1-1-a.warc##12ab'");
    assertThatThrownBy(() -> read(result("##" + A), AuditKind.CHECKSUM, null))
        .hasMessageContaining("is not <file>##<SHA-512>");
  }
}
