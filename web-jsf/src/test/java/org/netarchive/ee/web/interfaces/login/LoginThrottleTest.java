package org.netarchive.ee.web.interfaces.login;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

  private Instant now = Instant.parse("2026-11-20T10:00:00Z");
  private final LoginThrottle throttle =
      new LoginThrottle(
          new Clock() {
            @Override
            public ZoneOffset getZone() {
              return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
              return this;
            }

            @Override
            public Instant instant() {
              return now;
            }
          });

  @Test
  void givenTenFailuresFromAnAddress_whenItTriesAgain_thenItWaitsThirtySecondsAndOthersDoNot() {
    throttle.succeeded("10.0.0.1", "admin");
    fail(10, "10.0.0.9", "admin");

    assertThat(throttle.check("10.0.0.9", "admin"))
        .hasValueSatisfying(
            r -> {
              assertThat(r.byAddress()).isTrue();
              assertThat(r.seconds()).isEqualTo(30);
              assertThat(r.message())
                  .isEqualTo(
                      "Too many failed logins from this address (10.0.0.9); try again in 30 s");
            });
    assertThat(throttle.check("10.0.0.1", "admin")).isEmpty();
    now = now.plusSeconds(30);
    assertThat(throttle.check("10.0.0.9", "admin")).isEmpty();
  }

  @Test
  void givenFurtherFailures_whenRefused_thenThePauseDoublesUpToFifteenMinutes() {
    fail(11, "10.0.0.9", "x");
    assertThat(throttle.check("10.0.0.9", "x").orElseThrow().seconds()).isEqualTo(60);

    fail(20, "10.0.0.9", "x");
    assertThat(throttle.check("10.0.0.9", "x").orElseThrow().seconds()).isEqualTo(15 * 60);
  }

  @Test
  void givenGuessesFromManyAddresses_whenANewAddressTries_thenItWaitsButTheOwnersAddressDoesNot() {
    throttle.succeeded("10.0.0.1", "admin");
    for (int i = 0; i < 12; i++) {
      fail(1, "10.0.1." + i, "admin");
    }

    assertThat(throttle.check("10.0.2.1", "admin"))
        .hasValueSatisfying(
            r -> {
              assertThat(r.byAddress()).isFalse();
              assertThat(r.seconds()).isEqualTo(4);
            });
    assertThat(throttle.check("10.0.0.1", "admin")).isEmpty();
    assertThat(throttle.check("10.0.2.1", "someone-else")).isEmpty();
  }

  @Test
  void givenFailuresLongAgo_whenFailingAgain_thenCountingStartsAfresh() {
    fail(9, "10.0.0.9", "x");
    now = now.plus(Duration.ofMinutes(16));
    fail(1, "10.0.0.9", "x");

    assertThat(throttle.check("10.0.0.9", "x")).isEmpty();
  }

  private void fail(int times, String address, String account) {
    for (int i = 0; i < times; i++) {
      throttle.failed(address, account);
    }
  }
}
