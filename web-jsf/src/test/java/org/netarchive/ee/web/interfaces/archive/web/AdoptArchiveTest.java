package org.netarchive.ee.web.interfaces.archive.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.scheduler.application.InvalidFieldException;

/** The adoption page's inputs, as the form gives them. */
class AdoptArchiveTest {

  @TempDir Path dir;

  @Test
  void givenReplicaNamesOnLinesAndCommas_whenRead_thenEachIsMappedInOrder() {
    assertThat(AdoptArchive.replicaNames(" CS_THE_BAMON = TWO\nKB=ONE, \n,SB=THREE "))
        .containsExactly(
            Map.entry("CS_THE_BAMON", "TWO"), Map.entry("KB", "ONE"), Map.entry("SB", "THREE"));
    assertThat(AdoptArchive.replicaNames(null)).isEmpty();
    assertThat(AdoptArchive.replicaNames("  \n ")).isEmpty();
  }

  @Test
  void givenAnEntryWithoutBothSides_whenRead_thenRefusedForTheReplicasFieldNamingIt() {
    for (String bad : new String[] {"KB", "=ONE", "KB="}) {
      assertThatThrownBy(() -> AdoptArchive.replicaNames("CS=TWO\n" + bad))
          .isInstanceOf(InvalidFieldException.class)
          .hasMessageContaining("'" + bad + "'")
          .satisfies(e -> assertThat(((InvalidFieldException) e).field()).isEqualTo("replicas"));
    }
  }

  @Test
  void givenPaths_whenCheckedAsAdminDataFile_thenOnlyAnAbsoluteReadableFileIsTaken()
      throws Exception {
    Path file = Files.writeString(dir.resolve("admin.data"), "0.4\n");
    assertThat(AdoptArchive.adminDataFile(" " + file + " ")).isEqualTo(file);
    for (String bad : new String[] {"admin.data", dir.toString(), dir.resolve("none").toString()}) {
      assertThatThrownBy(() -> AdoptArchive.adminDataFile(bad))
          .isInstanceOf(InvalidFieldException.class)
          .hasMessageContaining("'" + bad + "'")
          .satisfies(e -> assertThat(((InvalidFieldException) e).field()).isEqualTo("path"));
    }
    assertThatThrownBy(() -> AdoptArchive.adminDataFile(" "))
        .hasMessageContaining("'path' is required");
  }
}
