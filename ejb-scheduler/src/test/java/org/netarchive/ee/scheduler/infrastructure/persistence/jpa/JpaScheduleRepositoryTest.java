package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JpaScheduleRepositoryTest {

  @Test
  void givenNoFilter_whenMadeALikePattern_thenEverythingMatches() {
    assertThat(JpaScheduleRepository.likePattern(null)).isEqualTo("%");
    assertThat(JpaScheduleRepository.likePattern("  ")).isEqualTo("%");
    assertThat(JpaScheduleRepository.likePattern("*")).isEqualTo("%");
  }

  @Test
  void givenGlobWildcards_whenMadeALikePattern_thenLikeWildcards() {
    assertThat(JpaScheduleRepository.likePattern("*ly")).isEqualTo("%ly");
    assertThat(JpaScheduleRepository.likePattern("Dai?y")).isEqualTo("Dai_y");
    assertThat(JpaScheduleRepository.likePattern(" Daily ")).isEqualTo("Daily");
  }

  @Test
  void givenLikeMetacharacters_whenMadeALikePattern_thenTheyMatchOnlyThemselves() {
    assertThat(JpaScheduleRepository.likePattern("50%_off!*")).isEqualTo("50!%!_off!!%");
  }
}
