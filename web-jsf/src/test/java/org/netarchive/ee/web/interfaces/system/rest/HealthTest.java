package org.netarchive.ee.web.interfaces.system.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class HealthTest {

  @Test
  void givenEveryCheckPassing_whenJudged_thenUp() {
    Health health =
        Health.of(
            List.of(Health.check("database", () -> "answers"), Health.check("broker", () -> "ok")));

    assertThat(health.status()).isEqualTo(Health.UP);
    assertThat(health.checks()).extracting(Health.Check::status).containsOnly(Health.UP);
  }

  @Test
  void givenAFailingCheck_whenJudged_thenDownNamingItWithoutTheFailuresMessage() {
    Health health =
        Health.of(
            List.of(
                Health.check(
                    "database",
                    () -> {
                      throw new SQLException(
                          "Connection to db.internal:5432 refused for user nas_secret");
                    }),
                Health.check("broker", () -> "accepts connections")));

    assertThat(health.status()).isEqualTo(Health.DOWN);
    assertThat(health.checks().get(0))
        .isEqualTo(new Health.Check("database", Health.DOWN, "failed: SQLException"));
    assertThat(health.checks().get(1).status()).isEqualTo(Health.UP);
  }

  @Test
  void givenACheckFindingItsPartDown_whenJudged_thenDownWithItsReason() {
    Health health =
        Health.of(
            List.of(
                Health.check(
                    "schema",
                    () -> {
                      throw new Health.Down("at version 7, not up to date");
                    })));

    assertThat(health.status()).isEqualTo(Health.DOWN);
    assertThat(health.checks())
        .containsExactly(new Health.Check("schema", Health.DOWN, "at version 7, not up to date"));
  }
}
