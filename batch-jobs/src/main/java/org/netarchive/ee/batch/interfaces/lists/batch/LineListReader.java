package org.netarchive.ee.batch.interfaces.lists.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemReader;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads an uploaded list, one item per line (UTF-8, bad bytes replaced; blank lines and lines
 * starting with '#' are skipped). The checkpoint is the number of the last line read, so a restart
 * goes on after it. Items are {@link ListLine}s.
 */
@Named("lineListReader")
@Dependent
public class LineListReader extends AbstractItemReader {

  @Inject
  @BatchProperty(name = "file")
  private String file;

  private BufferedReader reader;
  private long lineNumber;

  @Override
  public void open(Serializable checkpoint) throws IOException {
    if (file == null || file.isBlank()) {
      throw new IllegalArgumentException("The list reader needs the job parameter 'file'");
    }
    reader =
        new BufferedReader(
            new InputStreamReader(
                Files.newInputStream(Path.of(file)),
                StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)));
    long resumeAfter = checkpoint == null ? 0 : (Long) checkpoint;
    while (lineNumber < resumeAfter && reader.readLine() != null) {
      lineNumber++;
    }
  }

  @Override
  public Object readItem() throws IOException {
    String line;
    while ((line = reader.readLine()) != null) {
      lineNumber++;
      String text = line.strip();
      if (!text.isEmpty() && !text.startsWith("#")) {
        return new ListLine(lineNumber, text);
      }
    }
    return null;
  }

  @Override
  public Serializable checkpointInfo() {
    return lineNumber;
  }

  @Override
  public void close() throws IOException {
    if (reader != null) {
      reader.close();
    }
  }
}
