package org.netarchive.ee.web.interfaces.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;

class LimitConverterTest {

  @Test
  void givenANegativeLimit_whenShown_thenItSaysNoLimitInTheViewsLanguage() {
    assertThat(LimitConverter.format(-1L, bundle(Locale.ENGLISH), Locale.ENGLISH))
        .isEqualTo("no limit");
    Locale danish = Locale.of("da");
    assertThat(LimitConverter.format(-1, bundle(danish), danish)).isEqualTo("ingen grænse");
  }

  @Test
  void givenALimit_whenShown_thenItsDigitsAreGroupedAsTheLanguageDoes() {
    assertThat(LimitConverter.format(5_000_000L, bundle(Locale.ENGLISH), Locale.ENGLISH))
        .isEqualTo("5,000,000");
    Locale danish = Locale.of("da");
    assertThat(LimitConverter.format(5_000_000L, bundle(danish), danish)).isEqualTo("5.000.000");
    assertThat(LimitConverter.format(0, bundle(Locale.ENGLISH), Locale.ENGLISH)).isEqualTo("0");
  }

  @Test
  void givenNoValue_whenShown_thenNothingIsShown() {
    assertThat(LimitConverter.format(null, bundle(Locale.ENGLISH), Locale.ENGLISH)).isEmpty();
  }

  private static ResourceBundle bundle(Locale locale) {
    return ResourceBundle.getBundle(Texts.BUNDLE, locale);
  }
}
