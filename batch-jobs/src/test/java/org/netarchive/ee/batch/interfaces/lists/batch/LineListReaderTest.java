package org.netarchive.ee.batch.interfaces.lists.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netarchive.ee.batch.testing.Injection;

class LineListReaderTest {

  @TempDir Path directory;

  private Path list(String text) throws IOException {
    return Files.writeString(directory.resolve("list.txt"), text, StandardCharsets.UTF_8);
  }

  private static LineListReader reader(Object file) {
    return Injection.inject(new LineListReader(), "file", file == null ? null : file.toString());
  }

  private static List<ListLine> readAll(LineListReader reader) throws IOException {
    List<ListLine> lines = new ArrayList<>();
    for (Object item = reader.readItem(); item != null; item = reader.readItem()) {
      lines.add((ListLine) item);
    }
    return lines;
  }

  @Test
  void givenBlankAndCommentLines_whenReading_thenOnlyItemsComeWithTheirLineNumbers()
      throws IOException {
    Path file = list("kb.dk\n\n   \n# a comment\n  netarkivet.dk  \r\n\t#indented comment\nsb.dk");
    LineListReader reader = reader(file);
    reader.open(null);

    assertThat(readAll(reader))
        .containsExactly(
            new ListLine(1, "kb.dk"), new ListLine(5, "netarkivet.dk"), new ListLine(7, "sb.dk"));
    assertThat(reader.checkpointInfo()).isEqualTo(7L);
    reader.close();
  }

  @Test
  void givenACheckpoint_whenReopening_thenReadingGoesOnAfterTheLineItNames() throws IOException {
    Path file = list("a.dk\nb.dk\n\nc.dk\nd.dk\n");
    LineListReader first = reader(file);
    first.open(null);
    first.readItem();
    first.readItem();
    Serializable checkpoint = first.checkpointInfo();
    first.close();

    LineListReader restarted = reader(file);
    restarted.open(checkpoint);

    assertThat(checkpoint).isEqualTo(2L);
    assertThat(readAll(restarted))
        .containsExactly(new ListLine(4, "c.dk"), new ListLine(5, "d.dk"));
    restarted.close();
  }

  @Test
  void givenACheckpointAfterTheLastLine_whenReopening_thenNothingIsLeft() throws IOException {
    Path file = list("a.dk\nb.dk\n");
    LineListReader reader = reader(file);
    reader.open(99L);

    assertThat(reader.readItem()).isNull();
    assertThat(reader.checkpointInfo()).isEqualTo(2L);
    reader.close();
  }

  @Test
  void givenAVeryLongLine_whenReading_thenItComesWhole() throws IOException {
    String longLine = "x".repeat(1_000_000) + ".dk";
    Path file = list("a.dk\n" + longLine + "\nb.dk\n");
    LineListReader reader = reader(file);
    reader.open(null);

    List<ListLine> lines = readAll(reader);

    assertThat(lines).hasSize(3);
    assertThat(lines.get(1).lineNumber()).isEqualTo(2);
    assertThat(lines.get(1).text()).hasSize(longLine.length()).isEqualTo(longLine);
    assertThat(lines.get(2)).isEqualTo(new ListLine(3, "b.dk"));
    reader.close();
  }

  @Test
  void givenBadUtf8_whenReading_thenTheBytesAreReplacedAndTheLineKept() throws IOException {
    Path file = directory.resolve("bad.txt");
    Files.write(file, new byte[] {'a', (byte) 0xff, '.', 'd', 'k', '\n', 'b', '\n'});
    LineListReader reader = reader(file);
    reader.open(null);

    assertThat(readAll(reader))
        .containsExactly(new ListLine(1, "a\uFFFD.dk"), new ListLine(2, "b"));
    reader.close();
  }

  @Test
  void givenNoFileParameter_whenOpening_thenTheErrorNamesTheParameter() {
    assertThatThrownBy(() -> reader(" ").open(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'file'");
    assertThatThrownBy(() -> reader(null).open(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'file'");
  }

  @Test
  void givenAnEmptyFile_whenReading_thenThereIsNoItem() throws IOException {
    LineListReader reader = reader(list(""));
    reader.open(null);

    assertThat(reader.readItem()).isNull();
    assertThat(reader.checkpointInfo()).isEqualTo(0L);
    reader.close();
  }
}
