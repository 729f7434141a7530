package org.netarchive.ee.batch.interfaces.split.batch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Points the server's data directory, under which a split's run files go, at a temporary directory
 * for each test, and deletes it afterwards.
 */
final class SplitDataDirectory implements BeforeEachCallback, AfterEachCallback {

  private static final String PROPERTY = "jboss.server.data.dir";

  private String before;
  private Path directory;

  Path directory() {
    return directory;
  }

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    before = System.getProperty(PROPERTY);
    directory = Files.createTempDirectory("split-runs");
    System.setProperty(PROPERTY, directory.toString());
  }

  @Override
  public void afterEach(ExtensionContext context) throws IOException {
    if (before == null) {
      System.clearProperty(PROPERTY);
    } else {
      System.setProperty(PROPERTY, before);
    }
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }
}
