package org.netarchive.ee.web.interfaces.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PublicHostsTest {

  @Test
  void givenNothingConfigured_whenNamed_thenTheBindAddressAndLoopbackNames() {
    assertThat(PublicHosts.names(null, "10.0.0.5", "10.0.0.5"))
        .containsExactlyInAnyOrder("10.0.0.5", "localhost", "127.0.0.1", "::1");
    assertThat(PublicHosts.names(" ", "0.0.0.0", "127.0.0.1"))
        .containsExactlyInAnyOrder("localhost", "127.0.0.1", "::1");
  }

  @Test
  void givenConfiguredNames_whenNamed_thenThoseAndTheTransferEndpointsHost() {
    // The server bound to all addresses: the bitarchives deliver to
    // http://127.0.0.1:.../api/transfers
    assertThat(
            PublicHosts.names(
                "Archive.Example.org., 10.0.0.5,[2001:db8::1]", "0.0.0.0", "127.0.0.1"))
        .containsExactlyInAnyOrder("archive.example.org", "10.0.0.5", "2001:db8::1", "127.0.0.1");
    assertThat(PublicHosts.names("archive.example.org", "0.0.0.0", "[::1]"))
        .containsExactlyInAnyOrder("archive.example.org", "::1");
    assertThat(PublicHosts.names("archive.example.org", "0.0.0.0", null))
        .containsExactly("archive.example.org");
  }

  @Test
  void givenAnEntryWithASchemePortOrPath_whenNamed_thenRefusedNamingTheSettingAndEntry() {
    for (String entry :
        new String[] {
          "https://archive.example.org", "archive.example.org:8443", "archive.example.org/ui", "a b"
        }) {
      assertThatThrownBy(() -> PublicHosts.names("10.0.0.5," + entry, "0.0.0.0", "127.0.0.1"))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("NAS_PUBLIC_HOSTS (nas.public.hosts)")
          .hasMessageContaining("'" + entry + "' is none")
          .hasMessageContaining("was '10.0.0.5," + entry + "'");
    }
  }

  @Test
  void givenHostHeaders_whenNamed_thenWithoutPortBracketsOrCase() {
    assertThat(PublicHosts.hostName("Archive.Example.org:8443")).isEqualTo("archive.example.org");
    assertThat(PublicHosts.hostName("[::1]:8080")).isEqualTo("::1");
    assertThat(PublicHosts.hostName("127.0.0.1")).isEqualTo("127.0.0.1");
  }
}
