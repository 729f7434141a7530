package org.netarchive.ee.scheduler.domain.model.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DomainNameTest {

  @ParameterizedTest
  @CsvSource({
    "kb.dk, kb.dk",
    "KB.DK, kb.dk",
    "  netarkivet.dk.  , netarkivet.dk",
    "bbc.co.uk, bbc.co.uk",
    "example.com, example.com",
    "københavn.dk, xn--kbenhavn-54a.dk",
    "xn--kbenhavn-54a.dk, xn--kbenhavn-54a.dk",
  })
  void givenDomain_whenParsing_thenNormalisedAsciiName(String input, String ascii) {
    assertThat(DomainName.of(input).ascii()).isEqualTo(ascii);
  }

  @Test
  void givenIdn_whenParsing_thenBothFormsAreKept() {
    DomainName name = DomainName.of("KØBENHAVN.dk");

    assertThat(name.unicode()).isEqualTo("københavn.dk");
    assertThat(name.ascii()).isEqualTo("xn--kbenhavn-54a.dk");
    assertThat(name.topLevelDomain()).isEqualTo("dk");
  }

  @Test
  void givenIpAddress_whenParsing_thenItIsADomain() {
    assertThat(DomainName.of("127.0.0.1").isIpAddress()).isTrue();
    assertThat(DomainName.of("[::1]").ascii()).isEqualTo("::1");
    assertThat(DomainName.of("127.0.0.1").topLevelDomain()).isEqualTo("IP address");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "www.kb.dk | host name below the domain 'kb.dk'",
        "dk | public suffix",
        "co.uk | public suffix",
        "kb.nosuchtld | known public suffix",
        "http://kb.dk/ | not a URL",
        "kb dk | no spaces",
        "kb_.dk | not a valid host name",
        "-kb.dk | not a valid host name",
        "999.1.1.1 | not a valid host name",
      })
  void givenNotADomain_whenParsing_thenErrorNamesInputAndReason(String input, String reason) {
    assertThatThrownBy(() -> DomainName.of(input))
        .isInstanceOf(InvalidDomainNameException.class)
        .hasMessageContaining("'" + input + "'")
        .hasMessageContaining(reason.replace("not a URL", "give the domain, not a URL"));
  }

  @Test
  void givenBlank_whenParsing_thenRefused() {
    assertThatThrownBy(() -> DomainName.of("  "))
        .isInstanceOf(InvalidDomainNameException.class)
        .hasMessageContaining("required");
  }

  @ParameterizedTest
  @CsvSource({
    "www.kb.dk, kb.dk",
    "kb.dk, kb.dk",
    "WWW.KB.DK., kb.dk",
    "a.b.news.bbc.co.uk, bbc.co.uk",
    "www.københavn.dk, xn--kbenhavn-54a.dk",
    "127.0.0.1, 127.0.0.1",
    "[::1], ::1",
  })
  void givenHost_whenAskingForItsDomain_thenSubDomainsAreStripped(String host, String domain) {
    assertThat(DomainName.ofHost(host).ascii()).isEqualTo(domain);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "co.uk | public suffix",
        "intranet | known public suffix",
        "www.kb.nosuchtld | known public suffix",
        "kb dk | give the host, not a URL",
        "-kb.dk | not a valid host name",
      })
  void givenHostWithoutDomain_whenAskingForItsDomain_thenErrorNamesHostAndReason(
      String host, String reason) {
    assertThatThrownBy(() -> DomainName.ofHost(host))
        .isInstanceOf(InvalidDomainNameException.class)
        .hasMessageContaining("'" + host + "'")
        .hasMessageContaining(reason);
  }

  @Test
  void givenBlankHost_whenAskingForItsDomain_thenRefused() {
    assertThatThrownBy(() -> DomainName.ofHost(null))
        .isInstanceOf(InvalidDomainNameException.class)
        .hasMessageContaining("a host name is required");
  }

  @ParameterizedTest
  @CsvSource({
    "'kb\u200B.dk', U+200B, ZERO WIDTH SPACE, 3",
    "'\uFEFFkb.dk', U+FEFF, ZERO WIDTH NO-BREAK SPACE, 1",
    "'k\u00ADb.dk', U+00AD, SOFT HYPHEN, 2",
    "'kb.d\u200Dk', U+200D, ZERO WIDTH JOINER, 5",
  })
  void givenInvisibleCharacter_whenParsing_thenRefusedNamingItAndItsPosition(
      String input, String code, String name, int position) {
    assertThatThrownBy(() -> DomainName.of(input))
        .isInstanceOf(InvalidDomainNameException.class)
        .hasMessageContaining(code)
        .hasMessageContaining(name)
        .hasMessageContaining("at position " + position);
  }
}
