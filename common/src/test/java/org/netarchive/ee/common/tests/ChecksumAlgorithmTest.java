package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;

class ChecksumAlgorithmTest {

  // FIPS 180-2 / RFC 1321 test vectors for "abc".
  private static final String SHA512_ABC =
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
          + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
  private static final String MD5_ABC = "900150983cd24fb0d6963f7d28e17f72";

  @Test
  void givenKnownInput_whenChecksummingStreamAndFile_thenStandardValues(@TempDir Path dir)
      throws IOException {
    byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
    Path file = Files.write(dir.resolve("abc"), abc);

    assertThat(ChecksumAlgorithm.SHA512.of(new ByteArrayInputStream(abc))).isEqualTo(SHA512_ABC);
    assertThat(ChecksumAlgorithm.SHA512.of(file)).isEqualTo(SHA512_ABC);
    assertThat(ChecksumAlgorithm.MD5.of(file)).isEqualTo(MD5_ABC);
  }

  @Test
  void givenFileLargerThanOneBlock_whenChecksumming_thenFileAndStreamAgree(@TempDir Path dir)
      throws IOException {
    byte[] data = new byte[3 * 1024 * 1024 + 17];
    new Random(7).nextBytes(data);
    Path file = Files.write(dir.resolve("data"), data);

    assertThat(ChecksumAlgorithm.SHA512.of(file))
        .isEqualTo(ChecksumAlgorithm.SHA512.of(new ByteArrayInputStream(data)));
  }

  @Test
  void givenUpperCaseChecksum_whenValidating_thenLowerCased() {
    assertThat(ChecksumAlgorithm.MD5.requireValid(MD5_ABC.toUpperCase(), "md5")).isEqualTo(MD5_ABC);
  }

  @Test
  void givenMalformedChecksum_whenValidating_thenErrorNamesFieldAndValue() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ChecksumAlgorithm.SHA512.requireValid(MD5_ABC, "sha512"))
        .withMessage(
            "sha512 must be a SHA-512 checksum of 128 hexadecimal digits, was '" + MD5_ABC + "'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ChecksumAlgorithm.MD5.requireValid("g".repeat(32), "md5"))
        .withMessageContaining("'gggg");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ChecksumAlgorithm.MD5.requireValid(null, "md5"))
        .withMessageContaining("was null");
  }
}
