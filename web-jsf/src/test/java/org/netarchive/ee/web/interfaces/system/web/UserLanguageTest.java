package org.netarchive.ee.web.interfaces.system.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Where the language menu sends the browser back to: a page of this application, never elsewhere.
 */
class UserLanguageTest {

  @Test
  void givenAPageOfTheApplication_whenReturningTo_thenItIsKeptWithItsQuery() {
    assertThat(UserLanguage.localPage("", "/status/job.xhtml?id=42"))
        .isEqualTo("/status/job.xhtml?id=42");
    assertThat(UserLanguage.localPage("/nas", "/nas/definitions/domains.xhtml"))
        .isEqualTo("/nas/definitions/domains.xhtml");
  }

  @Test
  void givenAnotherSiteOrNothing_whenReturningTo_thenTheStartPage() {
    assertThat(UserLanguage.localPage("", "//evil.example/")).isEqualTo("/");
    assertThat(UserLanguage.localPage("", "https://evil.example/")).isEqualTo("/");
    assertThat(UserLanguage.localPage("", "/\\evil.example/")).isEqualTo("/");
    assertThat(UserLanguage.localPage("", "/index.xhtml\r\nSet-Cookie: x=1")).isEqualTo("/");
    assertThat(UserLanguage.localPage("/nas", "/other/page")).isEqualTo("/nas/");
    assertThat(UserLanguage.localPage("", null)).isEqualTo("/");
  }
}
