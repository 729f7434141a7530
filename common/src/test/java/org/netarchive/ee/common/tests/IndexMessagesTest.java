package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.index.IndexKind;
import org.netarchive.ee.common.message.IndexBuildState;
import org.netarchive.ee.common.message.IndexReply;
import org.netarchive.ee.common.message.IndexRequest;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.MessageFormatException;

/** The index server's messages: round trip, wire form and the checks that name the value. */
class IndexMessagesTest {

  private static final String SHA256 = "0123456789abcdef".repeat(4);

  private final MessageCodec codec = MessageCodec.standard();

  /** A reply to request "i1" for a deduplication index, with the rest as given. */
  private static IndexReply dedupReply(
      IndexBuildState state,
      String name,
      List<Long> foundJobIds,
      List<Long> missingJobIds,
      long size,
      String sha256,
      String failure) {
    return new IndexReply(
        "i1", IndexKind.DEDUP, state, name, foundJobIds, missingJobIds, size, sha256, failure);
  }

  @Test
  void givenEveryIndexMessage_whenEncodedAndDecoded_thenEqual() {
    IndexRequest request = new IndexRequest("i1", IndexKind.DEDUP, List.of(3L, 1L, 2L), "agent-1");
    List<Message> messages =
        List.of(
            request,
            new IndexRequest("i2", IndexKind.CDX, List.of(7L), "agent-2"),
            dedupReply(IndexBuildState.BUILDING, null, List.of(), List.of(), 0, null, null),
            dedupReply(
                IndexBuildState.READY, "1-3", List.of(1L, 3L), List.of(2L), 1234, SHA256, null),
            IndexReply.failed(request, "the archive cannot be read"));

    for (Message message : messages) {
      assertThat(codec.decode(codec.encode(message))).isEqualTo(message);
    }
  }

  @Test
  void givenIndexRequest_whenEncoded_thenKindIsItsNameAndJobsAnArray() {
    String json = codec.encode(new IndexRequest("i1", IndexKind.FULL, List.of(5L, 6L), "a"));

    assertThat(json)
        .startsWith("{\"type\":\"IndexRequest\",\"version\":1,\"requestId\":\"i1\"")
        .contains("\"kind\":\"FULL\"")
        .contains("\"jobIds\":[5,6]");
  }

  @Test
  void givenUnknownKindOnTheWire_whenDecoding_thenRefusedNamingIt() {
    String json =
        codec
            .encode(new IndexRequest("i1", IndexKind.FULL, List.of(5L), "a"))
            .replace("\"FULL\"", "\"EVERYTHING\"");

    assertThatThrownBy(() -> codec.decode(json))
        .isInstanceOf(MessageFormatException.class)
        .hasMessageContaining("kind")
        .hasMessageContaining("EVERYTHING");
  }

  @Test
  void givenBadComponents_whenCreating_thenErrorNamesThem() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new IndexRequest("i1", IndexKind.DEDUP, List.of(), "a"))
        .withMessageContaining("jobIds must name 1 to 10000 jobs, named 0");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new IndexRequest("i1", IndexKind.DEDUP, List.of(0L), "a"))
        .withMessageContaining("jobIds must be at least 1, was 0");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> dedupReply(IndexBuildState.READY, "1", List.of(1L), List.of(), 1, "xyz", null))
        .withMessageContaining("sha256 must be 64 lower-case hexadecimal digits, was 'xyz'");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> dedupReply(IndexBuildState.FAILED, null, List.of(), List.of(), 0, null, null))
        .withMessageContaining("failure must not be null");
  }

  @Test
  void givenKindNames_whenParsed_thenAnyCaseAndUnknownNamed() {
    assertThat(IndexKind.parse("dedup")).isEqualTo(IndexKind.DEDUP);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> IndexKind.parse("lucene"))
        .withMessage("Unknown index kind 'lucene'; the kinds are [DEDUP, FULL, CDX]");
  }
}
