package org.netarchive.ee.archive.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ArchiveTransfersTest {

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
}
