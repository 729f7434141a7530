package org.netarchive.ee.web.interfaces.archive.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.archive.application.ArchiveAdmin.FileFilter;
import org.netarchive.ee.archive.domain.model.repository.ReplicaStoreState;
import org.netarchive.ee.scheduler.application.InvalidFieldException;

/** The archive pages' filters and parameters, as the address and the form give them. */
class ArchiveFilesTest {

  private static final List<String> REPLICAS = List.of("ONE", "TWO");

  @Test
  void givenNameAndMatch_whenFiltering_thenPrefixOrContains() {
    assertThat(ArchiveFiles.filter(" 1-2 ", "prefix", null, null, REPLICAS))
        .isEqualTo(new FileFilter("1-2", null, null, null));
    assertThat(ArchiveFiles.filter("metadata", null, "", "", REPLICAS))
        .isEqualTo(new FileFilter(null, "metadata", null, null));
    assertThat(ArchiveFiles.filter(null, null, null, null, REPLICAS)).isEqualTo(FileFilter.ALL);
  }

  @Test
  void givenStateAndReplica_whenFiltering_thenBothInTheFilter() {
    assertThat(ArchiveFiles.filter(null, "contains", "upload_failed", "TWO", REPLICAS))
        .isEqualTo(new FileFilter(null, null, ReplicaStoreState.UPLOAD_FAILED, "TWO"));
  }

  @Test
  void givenBadParts_whenFiltering_thenRefusedNamingTheFieldAndTheValue() {
    assertThatThrownBy(() -> ArchiveFiles.filter(null, null, "LOST", null, REPLICAS))
        .isInstanceOfSatisfying(
            InvalidFieldException.class, e -> assertThat(e.field()).isEqualTo("state"))
        .hasMessageContaining("State 'LOST' is no store state")
        .hasMessageContaining("UPLOAD_COMPLETED");
    assertThatThrownBy(() -> ArchiveFiles.filter(null, null, null, "THREE", REPLICAS))
        .isInstanceOfSatisfying(
            InvalidFieldException.class, e -> assertThat(e.field()).isEqualTo("replica"))
        .hasMessage("Unknown replica 'THREE'; the replicas are [ONE, TWO]");
    assertThatThrownBy(() -> ArchiveFiles.filter("x", "suffix", null, null, REPLICAS))
        .isInstanceOfSatisfying(
            InvalidFieldException.class, e -> assertThat(e.field()).isEqualTo("match"))
        .hasMessageContaining("Match 'suffix'");
  }

  @Test
  void givenParameterText_whenParsed_thenNamesAndValues() {
    assertThat(RunBatch.parameters(" algorithm = MD5 ,\n other=a=b,, "))
        .isEqualTo(Map.of("algorithm", "MD5", "other", "a=b"));
    assertThat(RunBatch.parameters(null)).isEmpty();
    assertThatThrownBy(() -> RunBatch.parameters("algorithm"))
        .isInstanceOfSatisfying(
            InvalidFieldException.class, e -> assertThat(e.field()).isEqualTo("parameters"))
        .hasMessageContaining("Parameter 'algorithm' is not written name=value");
  }
}
