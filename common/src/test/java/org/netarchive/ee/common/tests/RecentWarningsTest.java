package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.logging.RecentWarnings;
import org.netarchive.ee.common.message.LogEntry;

class RecentWarningsTest {

  @Test
  void givenInstalledHandler_whenLoggingAtSeveralLevels_thenOnlyTheLastWarningsAreKept() {
    String name = "org.netarchive.ee.tests.recent" + System.nanoTime();
    Logger logger = Logger.getLogger(name);
    logger.setUseParentHandlers(false);
    RecentWarnings warnings = new RecentWarnings(2).installOn(name);
    try {
      logger.info("not kept");
      logger.warning("first");
      logger.log(Level.WARNING, "second {0}", "formatted");
      logger.log(Level.SEVERE, "third", new IllegalStateException("boom"));

      assertThat(warnings.entries())
          .extracting(LogEntry::level, LogEntry::message)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple("WARNING", "second formatted"),
              org.assertj.core.groups.Tuple.tuple(
                  "SEVERE", "third (java.lang.IllegalStateException: boom)"));
      assertThat(warnings.entries()).allSatisfy(e -> assertThat(e.logger()).isEqualTo(name));

      warnings.close();
      logger.warning("after close");
      assertThat(warnings.entries()).extracting(LogEntry::message).doesNotContain("after close");
    } finally {
      warnings.close();
    }
  }

  @Test
  void givenZeroCapacity_whenCreating_thenErrorNamesTheValue() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new RecentWarnings(0))
        .withMessage("capacity of recent warnings must be at least 1, was 0");
  }
}
