package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Waiting for what the server reports (a job's details, the system status) to satisfy a condition,
 * and keeping the report that did: Awaitility's conditions give no value back, so each such wait
 * kept the last value read itself.
 */
final class Polling {

  private Polling() {}

  /**
   * Reads a value every {@code interval} until it satisfies {@code condition}, at most {@code
   * within}.
   *
   * @param read reads the value; an assertion failing in it counts as not yet
   * @param describe the failure's description of the last value read, if none satisfied it
   * @return the value that satisfied the condition
   */
  static <T> T awaitValue(
      Duration within,
      Duration interval,
      Callable<T> read,
      Predicate<T> condition,
      Function<T, String> describe) {
    AtomicReference<T> last = new AtomicReference<>();
    await()
        .atMost(within)
        .pollInterval(interval)
        .untilAsserted(
            () -> {
              T value = read.call();
              last.set(value);
              assertThat(condition.test(value)).as(describe.apply(value)).isTrue();
            });
    return last.get();
  }
}
