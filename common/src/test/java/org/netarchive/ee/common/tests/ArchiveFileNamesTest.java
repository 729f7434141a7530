package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.common.archive.ArchiveFileNames;

class ArchiveFileNamesTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1-1-20250131120000-00000-host.warc.gz",
        "3-metadata-1.warc",
        "a..b.arc",
        "æøå-kb.dk.warc",
        "x"
      })
  void givenPlainFileName_whenValidating_thenAccepted(String name) {
    assertThat(ArchiveFileNames.requireValid(name)).isEqualTo(name);
    assertThat(ArchiveFileNames.isValid(name)).isTrue();
  }

  @Test
  void givenPathTraversal_whenValidating_thenRefusedNamingTheValueAndTheSeparator() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchiveFileNames.requireValid("../../etc/passwd"))
        .withMessageContaining("'../../etc/passwd'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchiveFileNames.requireValid("jobs/1.warc"))
        .withMessage(
            "File name 'jobs/1.warc' is not a plain file name: it contains the path separator '/'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchiveFileNames.requireValid("c:\\x.warc"))
        .withMessageContaining("path separator '\\'");
  }

  @ParameterizedTest
  @ValueSource(strings = {".", ".."})
  void givenDirectoryName_whenValidating_thenRefused(String name) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchiveFileNames.requireValid(name))
        .withMessageContaining("refers to a directory");
  }

  @Test
  void givenHiddenName_whenValidating_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchiveFileNames.requireValid(".tmp-1.warc"))
        .withMessageContaining("starts with a dot");
  }

  @Test
  void givenControlCharacter_whenValidating_thenRefusedAndShownEscaped() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchiveFileNames.requireValid("a\nb.warc"))
        .withMessage(
            "File name 'a\\u000Ab.warc' is not a plain file name: it contains the control"
                + " character U+000A");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchiveFileNames.requireValid("a\u0000.warc"))
        .withMessageContaining("U+0000");
  }

  @Test
  void givenEmptyOrMissingOrPaddedName_whenValidating_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchiveFileNames.requireValid(""))
        .withMessageContaining("it is empty");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchiveFileNames.requireValid(null))
        .withMessageContaining("it is missing");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchiveFileNames.requireValid(" 1.warc"))
        .withMessageContaining("white space");
  }

  @Test
  void givenNameLongerThan255Bytes_whenValidating_thenRefused() {
    String ascii255 = "a".repeat(255);
    assertThat(ArchiveFileNames.isValid(ascii255)).isTrue();
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchiveFileNames.requireValid(ascii255 + "b"))
        .withMessageContaining("longer than 255 bytes");
    // 128 two-byte characters are 256 bytes.
    assertThat(ArchiveFileNames.isValid("ø".repeat(128))).isFalse();
  }
}
