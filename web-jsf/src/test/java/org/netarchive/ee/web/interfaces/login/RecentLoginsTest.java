package org.netarchive.ee.web.interfaces.login;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class RecentLoginsTest {

  private static final byte[] STORED = {1, 2, 3, 4};

  private Instant now = Instant.parse("2026-11-20T10:00:00Z");
  private final RecentLogins recent =
      new RecentLogins(
          new Clock() {
            @Override
            public ZoneOffset getZone() {
              return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
              return this;
            }

            @Override
            public Instant instant() {
              return now;
            }
          });

  @Test
  void givenAVerifiedPassword_whenTheSameComesAgain_thenItIsRememberedForFiveMinutes() {
    assertThat(recent.verified("admin", "secret-pw", STORED)).isFalse();
    recent.remember("admin", "secret-pw", STORED);

    assertThat(recent.verified("admin", "secret-pw", STORED)).isTrue();
    now = now.plus(RecentLogins.REMEMBER_FOR).minusSeconds(1);
    assertThat(recent.verified("admin", "secret-pw", STORED)).isTrue();
    now = now.plusSeconds(1);
    assertThat(recent.verified("admin", "secret-pw", STORED)).isFalse();
  }

  @Test
  void givenAVerifiedPassword_whenAnythingDiffers_thenItIsNotVerified() {
    recent.remember("admin", "secret-pw", STORED);

    assertThat(recent.verified("admin", "secret-pX", STORED)).isFalse();
    assertThat(recent.verified("admin2", "secret-pw", STORED)).isFalse();
    // The length prefixes keep user and password apart: "admin"+"1secret" is not "admin1"+"secret".
    recent.remember("admin", "1secret", STORED);
    assertThat(recent.verified("admin1", "secret", STORED)).isFalse();
    // A new password (or the same one set again) gives a new stored digest.
    assertThat(recent.verified("admin", "secret-pw", new byte[] {1, 2, 3, 5})).isFalse();
  }
}
