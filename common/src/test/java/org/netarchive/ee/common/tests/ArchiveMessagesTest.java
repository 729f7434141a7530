package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.BatchReply;
import org.netarchive.ee.common.message.BatchRequest;
import org.netarchive.ee.common.message.BitarchiveBatchReply;
import org.netarchive.ee.common.message.ChecksumReply;
import org.netarchive.ee.common.message.ChecksumRequest;
import org.netarchive.ee.common.message.DeliveryTarget;
import org.netarchive.ee.common.message.GetFileReply;
import org.netarchive.ee.common.message.GetFileRequest;
import org.netarchive.ee.common.message.GetRecordReply;
import org.netarchive.ee.common.message.GetRecordRequest;
import org.netarchive.ee.common.message.Message;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.message.MessageFormatException;
import org.netarchive.ee.common.message.RemoteFileRef;
import org.netarchive.ee.common.message.RemoveAndGetFileReply;
import org.netarchive.ee.common.message.RemoveAndGetFileRequest;
import org.netarchive.ee.common.message.StoreReply;
import org.netarchive.ee.common.message.StoreRequest;
import org.netarchive.ee.common.message.UploadOutcome;
import org.netarchive.ee.common.message.UploadReply;
import org.netarchive.ee.common.message.UploadRequest;

class ArchiveMessagesTest {

  private static final String SHA = "0123456789abcdef".repeat(8);
  private static final String NAME = "1-1-20250131120000-00000-host.warc.gz";
  private static final RemoteFileRef FILE =
      new RemoteFileRef("http://127.0.0.1:8123/files/abc", 1234, SHA, "secret", "/tmp/x", "h1");

  private static final DeliveryTarget TARGET =
      new DeliveryTarget("http://127.0.0.1:8123/deliveries/x", "tok");
  private static final DeliveryTarget PART_TARGET =
      new DeliveryTarget(
          "https://central.example.org:8443/api/transfers/deliveries/p", "part-secret");

  private final MessageCodec codec = MessageCodec.standard();

  @Test
  void givenEveryArchiveMessage_whenEncodedAndDecoded_thenEqual() {
    List<Message> messages =
        List.of(
            new StoreRequest("r1", NAME, FILE),
            new StoreReply("r1", NAME, true, List.of()),
            new StoreReply("r1", NAME, false, List.of("replica ONE: disk full")),
            new UploadRequest("ONE", NAME, FILE, 2),
            new UploadReply("ONE", NAME, 2, UploadOutcome.STORED, null, "ba-1"),
            new UploadReply("ONE", NAME, 2, UploadOutcome.STORED, null, "ba-1", SHA),
            new UploadReply("ONE", NAME, 1, UploadOutcome.FAILED, "no space", "ba-1"),
            new ChecksumRequest("TWO", NAME),
            new ChecksumReply("TWO", NAME, SHA, null, "ba-2"),
            new ChecksumReply("TWO", NAME, null, "not found", "ba-2"),
            new GetFileRequest("g1", NAME, null, TARGET),
            new GetFileReply("g1", NAME, "ONE", 1234, SHA, null),
            new GetFileReply("g1", NAME, null, 0, null, "unknown file"),
            new GetRecordRequest("g2", NAME, 4567, "TWO", TARGET),
            new GetRecordReply("g2", NAME, 4567, 890, "response", null),
            new BatchRequest("b1", "cdx", Map.of("algorithm", "MD5"), "1-.*", "ONE", TARGET),
            new BatchRequest("b1", "cdx", Map.of(), null, "TWO", TARGET)
                .withPartTargets(Map.of("ba-1", TARGET, "node-1", PART_TARGET)),
            new BatchReply("b1", "cdx", "ONE", 3, List.of("x.warc: broken"), 10, SHA, null),
            new BatchReply("b1", "nope", "ONE", 0, List.of(), 0, null, "no such job"),
            new BitarchiveBatchReply("b1", "ONE", "ba-1", 2, List.of("y.warc: bad"), FILE, null),
            new BitarchiveBatchReply("b1", "ONE", "ba-2", 0, List.of(), null, "no such job"),
            new RemoveAndGetFileRequest("c1", NAME, "TWO", SHA, "secret-credentials", TARGET),
            new RemoveAndGetFileReply("c1", NAME, "TWO", 1234, SHA, null),
            new RemoveAndGetFileReply("c1", NAME, "TWO", 0, null, "wrong credentials"));

    for (Message message : messages) {
      assertThat(codec.decode(codec.encode(message))).isEqualTo(message);
    }
  }

  @Test
  void givenStoreRequest_whenEncoded_thenWireFormatHasTypeVersionAndNestedFile() {
    String json = codec.encode(new StoreRequest("r1", NAME, FILE));

    assertThat(json)
        .startsWith("{\"type\":\"StoreRequest\",\"version\":1,\"requestId\":\"r1\"")
        .contains("\"file\":{\"uri\":\"http://127.0.0.1:8123/files/abc\",\"size\":1234");
  }

  @Test
  void givenPathTraversalFileName_whenDecoding_thenRefusedNamingTheMemberAndValue() {
    String json =
        codec
            .encode(new StoreRequest("r1", NAME, FILE))
            .replace("\"fileName\":\"" + NAME + "\"", "\"fileName\":\"../../etc/passwd\"");

    assertThatThrownBy(() -> codec.decode(json))
        .isInstanceOf(MessageFormatException.class)
        .hasMessageContaining("fileName")
        .hasMessageContaining("'../../etc/passwd'");
  }

  @Test
  void givenInvalidComponents_whenCreating_thenErrorNamesTheComponent() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new RemoteFileRef("file:///etc/passwd", 1, SHA, null, null, null))
        .withMessageContaining("uri must be an http or https URI, was 'file:///etc/passwd'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new RemoteFileRef("http://h/x", -1, SHA, null, null, null))
        .withMessageContaining("size must not be negative, was -1");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new RemoteFileRef("http://h/x", 1, "xyz", null, null, null))
        .withMessageContaining("sha512 must be a SHA-512 checksum");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new UploadRequest("ONE", NAME, FILE, 0))
        .withMessageContaining("attempt must be at least 1, was 0");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new UploadReply("ONE", NAME, 1, UploadOutcome.FAILED, null, "ba"))
        .withMessageContaining("reason must say why");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> new UploadReply("ONE", NAME, 1, UploadOutcome.FAILED, "no space", "ba", SHA))
        .withMessageContaining("given only when STORED, was given when FAILED");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new UploadReply("ONE", NAME, 1, UploadOutcome.STORED, null, "ba", "x"))
        .withMessageContaining("sha512 must be a SHA-512 checksum");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new StoreReply("r", NAME, false, List.of()))
        .withMessageContaining("reasons must say why");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new ChecksumReply("ONE", NAME, SHA, "also failed", "ba"))
        .withMessageContaining("got both");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new ChecksumReply("ONE", NAME, null, null, "ba"))
        .withMessageContaining("got neither");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new ChecksumRequest("ONE", "a/b"))
        .withMessageContaining("fileName: File name 'a/b' is not a plain file name");
  }

  @Test
  void givenRemoteFileOrDeliveryTargetWithToken_whenPrinted_thenTheTokenIsNotShown() {
    assertThat(FILE.toString()).doesNotContain("secret");
    assertThat(TARGET.toString()).doesNotContain("tok");
  }

  @Test
  void givenInvalidReadRequests_whenCreating_thenErrorNamesTheComponent() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new GetRecordRequest("g", NAME, -1, null, TARGET))
        .withMessageContaining("offset must not be negative, was -1");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new GetFileRequest("g", "../x", null, TARGET))
        .withMessageContaining("'../x'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new GetFileReply("g", NAME, null, 0, null, null))
        .withMessageContaining("exactly one of sha512 and failure must be present, got neither");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new BatchRequest("b", " ", Map.of(), null, "ONE", TARGET))
        .withMessageContaining("job must not be blank");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new DeliveryTarget("ftp://h/x", "t"))
        .withMessageContaining("'ftp://h/x'");
  }

  @Test
  void givenBatchRequestWithPartTargets_whenAskedAndPrinted_thenEachInstanceItsOwnWithoutTokens() {
    BatchRequest client = new BatchRequest("b1", "cdx", Map.of(), null, "TWO", TARGET);
    BatchRequest passed = client.withPartTargets(Map.of("ba-1", TARGET, "node-1", PART_TARGET));

    assertThat(client.partTargets()).isNull();
    assertThat(client.partTarget("node-1")).isEmpty();
    assertThat(passed.partTarget("node-1")).contains(PART_TARGET);
    assertThat(passed.partTarget("ba-9")).isEmpty();
    assertThat(passed.requestId()).isEqualTo(client.requestId());
    assertThat(passed.target()).isEqualTo(client.target());
    assertThat(passed).asString().doesNotContain(TARGET.token(), PART_TARGET.token());
  }

  @Test
  void givenRemoveAndGetFileRequest_whenPrinted_thenTheCredentialsAreLeftOut() {
    assertThat(new RemoveAndGetFileRequest("c1", NAME, "TWO", SHA, "secret-creds", TARGET))
        .asString()
        .contains("badSha512=" + SHA)
        .doesNotContain("secret-creds");
  }
}
