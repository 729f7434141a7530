package org.netarchive.ee.scheduler.domain.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class JobCandidateTest {

  @Test
  void givenValidFigures_whenMade_thenDescribedByConfigurationAndDomain() {
    JobCandidate candidate = new JobCandidate(12, 3, "kb.dk", 1, -1, 0);

    assertThat(candidate.describe()).isEqualTo("configuration 12 of domain 'kb.dk'");
  }

  @Test
  void givenIdsBelowOne_whenMade_thenErrorNamesThem() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new JobCandidate(12, 0, "kb.dk", 1, -1, 0))
        .withMessage(
            "Configuration 12 of domain 'kb.dk': configuration, domain and template ids must be 1"
                + " or more, were 12, 0 and 1");
  }

  @Test
  void givenAByteLimitThatIsNoLimit_whenMade_thenErrorNamesIt() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new JobCandidate(12, 3, "kb.dk", 1, 0, 0))
        .withMessage(
            "Configuration 12 of domain 'kb.dk': maxBytes must be a positive number or -1 (no"
                + " limit), was 0");
  }

  @Test
  void givenNegativeExpectedObjects_whenMade_thenErrorNamesThem() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new JobCandidate(12, 3, "kb.dk", 1, -1, -4))
        .withMessage(
            "Configuration 12 of domain 'kb.dk': expectedObjects must be 0 or more, was -4");
  }

  @Test
  void givenABlankDomainName_whenMade_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new JobCandidate(12, 3, " ", 1, -1, 0))
        .withMessageEndingWith("the domain name must not be blank");
  }
}
