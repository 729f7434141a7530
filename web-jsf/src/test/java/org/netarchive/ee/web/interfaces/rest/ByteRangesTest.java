package org.netarchive.ee.web.interfaces.rest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which bytes a Range header asks for (RFC 9110), in a file of 100 bytes. */
class ByteRangesTest {

  @Test
  void givenRanges_whenParsed_thenFirstAndLastByteOrUnsatisfiableOrWhole() {
    assertThat(ByteRanges.parse("bytes=0-9", 100)).containsExactly(0, 9);
    assertThat(ByteRanges.parse("bytes=90-", 100)).containsExactly(90, 99);
    assertThat(ByteRanges.parse("bytes=90-200", 100)).containsExactly(90, 99);
    assertThat(ByteRanges.parse("bytes=-10", 100)).containsExactly(90, 99);
    assertThat(ByteRanges.parse("bytes=-1000", 100)).containsExactly(0, 99);
    assertThat(ByteRanges.parse("bytes=100-", 100)).as("beyond the end").containsExactly(1, 0);
    assertThat(ByteRanges.parse("bytes=-0", 100)).as("no bytes").containsExactly(1, 0);
    assertThat(ByteRanges.parse(null, 100)).isNull();
    assertThat(ByteRanges.parse("bytes=0-1,5-6", 100)).as("several: the whole file").isNull();
    assertThat(ByteRanges.parse("items=0-1", 100)).isNull();
    assertThat(ByteRanges.parse("bytes=9-1", 100)).as("invalid: ignored").isNull();
  }
}
