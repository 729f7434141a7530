package org.netarchive.ee.archive.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.common.message.RemoteFileRef;

class ArchiveTransfersTest {

  private static final String BASE = "http://127.0.0.1:8080/api/transfers";

  @Test
  void givenNoSetting_whenAddressed_thenTheLoopbackOrBindAddressAndThePortWithItsOffset() {
    assertThat(ArchiveTransfers.baseUri(null, null, 8180))
        .isEqualTo("http://127.0.0.1:8180/api/transfers");
    assertThat(ArchiveTransfers.baseUri(" ", "0.0.0.0", 8080))
        .isEqualTo("http://127.0.0.1:8080/api/transfers");
    assertThat(ArchiveTransfers.baseUri(null, "10.0.0.5", 8080))
        .isEqualTo("http://10.0.0.5:8080/api/transfers");
    assertThat(ArchiveTransfers.baseUri(null, "fd00::5", 8080))
        .isEqualTo("http://[fd00::5]:8080/api/transfers");
  }

  @Test
  void givenASetting_whenAddressed_thenItWithoutATrailingSlash() {
    assertThat(ArchiveTransfers.baseUri(" https://archive.example.org/api/transfers/ ", null, 8080))
        .isEqualTo("https://archive.example.org/api/transfers");
  }

  @Test
  void givenASettingThatIsNoHttpUri_whenAddressed_thenRefusedNamingTheSettingAndTheValue() {
    assertThatThrownBy(() -> ArchiveTransfers.baseUri("ftp://archive/api/transfers", null, 8080))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("NAS_ARCHIVE_TRANSFERS_URI")
        .hasMessageContaining("nas.archive.transfers.uri")
        .hasMessageContaining("'ftp://archive/api/transfers'");
  }

  @Test
  void givenAnOfferMadeBeforeARestart_whenOfferedAgain_thenItsAddressServesTheFileToItsToken(
      @TempDir Path directory) throws IOException {
    Path file = Files.writeString(directory.resolve("1-1-20261126-00000-a.warc.gz"), "bytes");
    RemoteFileRef before = new ArchiveTransfers(BASE).offer(file, "ab".repeat(64));
    ArchiveTransfers restarted = new ArchiveTransfers(BASE);

    assertThat(restarted.reoffer(before.uri(), before.token(), file)).isTrue();

    String id = before.uri().substring(before.uri().lastIndexOf('/') + 1);
    assertThat(restarted.offered(id))
        .hasValueSatisfying(
            offer -> {
              assertThat(offer.file()).isEqualTo(file.toAbsolutePath().normalize());
              assertThat(offer.accepts("Bearer " + before.token())).isTrue();
              assertThat(offer.accepts("Bearer not-the-token")).isFalse();
            });
  }

  @Test
  void givenAnAddressElsewhere_whenOfferedAgain_thenRefusedAndNothingOffered(
      @TempDir Path directory) throws IOException {
    Path file = Files.writeString(directory.resolve("1-1-20261126-00000-a.warc.gz"), "bytes");
    ArchiveTransfers transfers = new ArchiveTransfers(BASE);

    assertThat(transfers.reoffer("http://127.0.0.2:8600/files/abc", "token", file)).isFalse();
    assertThat(transfers.reoffer(BASE + "/offers/", "token", file)).isFalse();
    assertThat(transfers.reoffer(BASE + "/offers/abc", null, file)).isFalse();
    assertThat(transfers.offered("abc")).isEmpty();
  }

  @Test
  void givenAnOffer_whenLookedUpByItsAddress_thenItsFileUntilWithdrawn_andOtherAddressesNothing(
      @TempDir Path directory) throws IOException {
    Path file = Files.writeString(directory.resolve("1-1-20261126-00000-a.warc.gz"), "bytes");
    ArchiveTransfers transfers = new ArchiveTransfers(BASE);
    RemoteFileRef ref = transfers.offer(file, "ab".repeat(64));

    assertThat(transfers.offeredAt(ref.uri()))
        .hasValueSatisfying(
            offer -> assertThat(offer.file()).isEqualTo(file.toAbsolutePath().normalize()));
    assertThat(
            transfers.offeredAt(
                "http://127.0.0.2:8600/files/" + ref.uri().substring(BASE.length() + 8)))
        .isEmpty();
    assertThat(transfers.offeredAt(ref.uri() + "/x")).isEmpty();
    assertThat(transfers.offeredAt(null)).isEmpty();

    transfers.withdraw(
        new RemoteFileRef("http://127.0.0.2:8600/files/x", 5, "ab".repeat(64), "t", null, null));
    assertThat(transfers.offeredAt(ref.uri())).isPresent();
    transfers.withdraw(ref);
    assertThat(transfers.offeredAt(ref.uri())).isEmpty();
  }
}
