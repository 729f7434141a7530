package org.netarchive.ee.web.interfaces.archive.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.archive.application.ArchiveTransfers;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.Delivery;
import org.netarchive.ee.common.message.DeliveryTarget;
import org.netarchive.ee.common.message.RemoteFileRef;

class TransfersResourceTest {

  private static final byte[] BYTES = "a WARC record".getBytes(StandardCharsets.UTF_8);

  @TempDir Path dir;

  private final ArchiveTransfers transfers =
      new ArchiveTransfers("http://127.0.0.1:8080/api/transfers");
  private final TransfersResource resource = new TransfersResource(transfers);

  private static String id(String uri) {
    return uri.substring(uri.lastIndexOf('/') + 1);
  }

  private TransfersResource.Answer put(
      DeliveryTarget target, String token, String length, String sha512) throws IOException {
    return resource.receive(
        id(target.uri()), "Bearer " + token, length, sha512, new ByteArrayInputStream(BYTES));
  }

  private String sha512() throws IOException {
    return ChecksumAlgorithm.SHA512.of(new ByteArrayInputStream(BYTES));
  }

  private void assertNothingIn(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void givenAwaitedDelivery_whenPutWithItsToken_thenStoredOnceAndVerified() throws IOException {
    Path file = dir.resolve("record");
    Delivery delivery = transfers.expect(file);
    DeliveryTarget target = delivery.target();

    assertThat(target.uri()).startsWith("http://127.0.0.1:8080/api/transfers/deliveries/");
    TransfersResource.Answer stored =
        put(target, target.token(), String.valueOf(BYTES.length), sha512());
    TransfersResource.Answer again =
        put(target, target.token(), String.valueOf(BYTES.length), sha512());

    assertThat(stored.status()).isEqualTo(201);
    assertThat(Files.readAllBytes(file)).isEqualTo(BYTES);
    assertThat(delivery.sha512()).isEqualTo(sha512());
    assertThat(again.status()).isEqualTo(404);
  }

  @Test
  void givenWrongOrNoToken_whenPut_then404AndNothingWritten() throws IOException {
    Delivery delivery = transfers.expect(dir.resolve("record"));
    DeliveryTarget target = delivery.target();

    TransfersResource.Answer wrong =
        put(target, target.token() + "x", String.valueOf(BYTES.length), sha512());
    TransfersResource.Answer none =
        resource.receive(
            id(target.uri()),
            null,
            String.valueOf(BYTES.length),
            sha512(),
            new ByteArrayInputStream(BYTES));
    TransfersResource.Answer unknown =
        resource.receive(
            "no-such-id",
            "Bearer " + target.token(),
            String.valueOf(BYTES.length),
            sha512(),
            new ByteArrayInputStream(BYTES));

    assertThat(wrong.status()).isEqualTo(404);
    assertThat(none.status()).isEqualTo(404);
    assertThat(unknown.status()).isEqualTo(404);
    assertNothingIn(dir);
  }

  @Test
  void givenWrongLengthOrChecksum_whenPut_then400NamingItAndNoFileLeft() throws IOException {
    Delivery delivery = transfers.expect(dir.resolve("record"));
    DeliveryTarget target = delivery.target();

    TransfersResource.Answer shorter =
        put(target, target.token(), String.valueOf(BYTES.length + 1), sha512());
    TransfersResource.Answer corrupt =
        put(target, target.token(), String.valueOf(BYTES.length), "0".repeat(128));
    TransfersResource.Answer unannounced = put(target, target.token(), null, sha512());

    assertThat(shorter.status()).isEqualTo(400);
    assertThat(shorter.text())
        .isEqualTo("arrived with " + BYTES.length + " bytes, announced " + (BYTES.length + 1));
    assertThat(corrupt.status()).isEqualTo(400);
    assertThat(corrupt.text()).startsWith("arrived with SHA-512 " + sha512());
    assertThat(unannounced.status()).isEqualTo(400);
    assertThat(unannounced.text()).contains(Delivery.LENGTH_HEADER);
    assertThat(delivery.sha512()).isNull();
    assertNothingIn(dir);
  }

  @Test
  void givenForgottenDelivery_whenPut_then404() throws IOException {
    Delivery delivery = transfers.expect(dir.resolve("record"));
    transfers.forget(delivery);

    TransfersResource.Answer late =
        put(delivery.target(), delivery.target().token(), String.valueOf(BYTES.length), sha512());

    assertThat(late.status()).isEqualTo(404);
    assertNothingIn(dir);
  }

  @Test
  void givenOfferedFile_whenFetchedWithItsToken_thenServedUntilWithdrawn() throws Exception {
    Path file = Files.write(dir.resolve("upload.warc"), BYTES);
    RemoteFileRef ref = transfers.offer(file, sha512());

    assertThat(resource.offered(id(ref.uri()), "Bearer " + ref.token())).contains(file);
    assertThat(resource.offered(id(ref.uri()), "Bearer forged")).isEmpty();
    assertThat(resource.offered(id(ref.uri()), null)).isEmpty();
    assertThat(ref.localPath()).isNull();
    assertThat(ref.size()).isEqualTo(BYTES.length);
    transfers.withdraw(ref);
    assertThat(resource.offered(id(ref.uri()), "Bearer " + ref.token())).isEmpty();
  }
}
