package org.netarchive.ee.archive.domain.model.batch;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/** A named job a bitarchive runs over its files. Implementations are stateless. */
public interface BatchJob {

  /** The name clients ask for, e.g. {@code cdx}. */
  String name();

  /** What the job does, for usage texts. */
  String description();

  /** The parameters the job accepts. */
  default Set<String> parameterNames() {
    return Set.of();
  }

  /**
   * Checks the parameters before any file is processed.
   *
   * @throws IllegalArgumentException naming the parameter and the value
   */
  default void validate(Map<String, String> parameters) {
    for (String name : parameters.keySet()) {
      if (!parameterNames().contains(name)) {
        throw new IllegalArgumentException(
            "Batch job '"
                + name()
                + "' has no parameter '"
                + name
                + "'"
                + (parameterNames().isEmpty() ? "" : "; its parameters are " + parameterNames()));
      }
    }
  }

  /**
   * Processes one file, writing its part of the result.
   *
   * @param file the archived file
   * @param parameters the validated parameters
   * @param out where the result goes; not closed
   * @throws IOException if the file cannot be read or is not of the expected format
   */
  void process(Path file, Map<String, String> parameters, OutputStream out) throws IOException;
}
