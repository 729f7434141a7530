package org.netarchive.ee.archive.domain.model.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ArchivedFileAdoptionTest {

  private static final String NAME = "1-1-20100101000000-00000-nas.arc";
  private static final String SHA = "a".repeat(128);
  private static final Instant T0 = Instant.parse("2026-11-26T05:00:00Z");

  @Test
  void givenACopyVerifiedInPlace_whenAdopted_thenCompleteAndCheckedOnItsReplicaOnly() {
    ArchivedFile file = ArchivedFile.adopted(NAME, SHA, 42, "ONE", T0);

    assertThat(file.completed()).isTrue();
    assertThat(file.copies()).containsOnlyKeys("ONE");
    ReplicaCopy copy = file.copy("ONE").orElseThrow();
    assertThat(copy.state()).isEqualTo(ReplicaStoreState.UPLOAD_COMPLETED);
    assertThat(copy.checksumStatus()).isEqualTo(ChecksumStatus.OK);
    assertThat(copy.replicaChecksum()).isEqualTo(SHA);
    assertThat(copy.checksumCheckedAt()).isEqualTo(T0);
    assertThat(file.source()).isNull();
    assertThat(file.waiters()).isEmpty();
  }

  @Test
  void givenAnotherReplicasCopy_whenAdopted_thenAddedOnlyWithTheSameChecksumAndSize() {
    ArchivedFile file = ArchivedFile.adopted(NAME, SHA, 42, "ONE", T0);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> file.adoptCopy("TWO", "b".repeat(128), 42, T0))
        .withMessageContaining("replica TWO")
        .withMessageContaining("b".repeat(128));
    assertThatIllegalArgumentException()
        .isThrownBy(() -> file.adoptCopy("TWO", SHA, 41, T0))
        .withMessageContaining("41 bytes");
    assertThat(file.copies()).containsOnlyKeys("ONE");

    assertThat(file.adoptCopy("TWO", SHA, 42, T0.plusSeconds(1))).isTrue();
    assertThat(file.adoptCopy("TWO", SHA, 42, T0.plusSeconds(2))).as("adopted already").isFalse();
    assertThat(file.copies()).containsOnlyKeys("ONE", "TWO");
    assertThat(file.copy("TWO").orElseThrow().checksumCheckedAt()).isEqualTo(T0.plusSeconds(1));
  }

  @Test
  void givenAMalformedChecksum_whenAdopted_thenRefused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ArchivedFile.adopted(NAME, "nope", 42, "ONE", T0))
        .withMessageContaining(NAME);
  }
}
