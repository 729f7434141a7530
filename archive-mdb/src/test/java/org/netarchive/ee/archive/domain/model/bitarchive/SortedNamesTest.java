package org.netarchive.ee.archive.domain.model.bitarchive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SortedNamesTest {

  @TempDir Path work;

  @Test
  void givenMoreNamesThanARun_whenSorted_thenAllInOrderOnceAndTheWorkFilesGoneAfterClose()
      throws IOException {
    List<String> names = new ArrayList<>();
    IntStream.range(0, 1000).forEach(i -> names.add(String.format("1-1-%05d.warc.gz", i)));
    names.add("1-1-00007.warc.gz"); // on two disks
    Collections.shuffle(names, new Random(1));

    List<String> read = new ArrayList<>();
    try (SortedNames sorted = SortedNames.of(names.stream(), null, 64, work)) {
      try (Stream<Path> files = Files.list(work)) {
        assertThat(files).as("a work directory of runs").hasSize(1);
      }
      sorted.forEachRemaining(read::add);
    }

    assertThat(read).hasSize(1000).isSorted().doesNotHaveDuplicates();
    try (Stream<Path> files = Files.list(work)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void givenTheLastNameChecked_whenSortedAfterIt_thenOnlyTheLaterNames() throws IOException {
    Stream<String> names = Stream.of("c", "a", "e", "b", "d");

    try (SortedNames sorted = SortedNames.of(names, "b", 2, work)) {
      List<String> read = new ArrayList<>();
      sorted.forEachRemaining(read::add);
      assertThat(read).containsExactly("c", "d", "e");
    }
  }

  @Test
  void givenFewNames_whenSorted_thenNoWorkFiles() throws IOException {
    try (SortedNames sorted = SortedNames.of(Stream.of("b", "a", "b"), null, 10, work)) {
      assertThat(sorted.next()).isEqualTo("a");
      assertThat(sorted.next()).isEqualTo("b");
      assertThat(sorted.hasNext()).isFalse();
      try (Stream<Path> files = Files.list(work)) {
        assertThat(files).isEmpty();
      }
    }
  }

  @Test
  void givenANameWithALineBreak_whenSorted_thenRefusedNamingItAndNoWorkFilesLeft() {
    Stream<String> names = Stream.of("a", "b", "c", "bad\nname", "d");

    assertThatThrownBy(() -> SortedNames.of(names, null, 1, work))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("bad");
    assertThat(work.toFile().list()).isEmpty();
  }
}
