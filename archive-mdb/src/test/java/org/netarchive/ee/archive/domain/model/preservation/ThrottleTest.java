package org.netarchive.ee.archive.domain.model.preservation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThrottleTest {

  private long now = 1_000;
  private final List<Long> pauses = new ArrayList<>();

  private Throttle throttle(long rate) {
    return new Throttle(
        rate,
        () -> now,
        n -> {
          pauses.add(n);
          now += n;
        });
  }

  @Test
  void givenARate_whenReadingFasterThanIt_thenHeldUntilTheBytesAreDue() throws Exception {
    Throttle throttle = throttle(1_000_000);

    throttle.read(500_000); // due after 0.5 s, read at once
    now += 100_000_000; // 0.1 s later
    throttle.read(500_000); // due after 1 s

    assertThat(pauses).containsExactly(500_000_000L, 400_000_000L);
  }

  @Test
  void givenARate_whenReadingSlowerThanIt_thenNeverHeld() throws Exception {
    Throttle throttle = throttle(1_000_000);

    now += 2_000_000_000L;
    throttle.read(1_000_000);

    assertThat(pauses).isEmpty();
  }

  @Test
  void givenNoRate_whenReading_thenNeverHeld() throws Exception {
    Throttle throttle = throttle(0);

    throttle.read(Long.MAX_VALUE / 2);

    assertThat(pauses).isEmpty();
  }

  @Test
  void givenANegativeRate_whenSet_thenRefusedNamingIt() {
    assertThatThrownBy(() -> throttle(-5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("was -5");
  }
}
