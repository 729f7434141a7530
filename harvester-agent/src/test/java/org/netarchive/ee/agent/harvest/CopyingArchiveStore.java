package org.netarchive.ee.agent.harvest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.netarchive.ee.agent.store.ArchiveStore;
import org.netarchive.ee.agent.store.ArchiveStoreException;

/**
 * A test's stand-in for the archive: confirms a file after copying it into a directory, or refuses
 * the files a predicate names. For tests only; the real store is the archive's client.
 */
public final class CopyingArchiveStore implements ArchiveStore {

  private final Path into;
  private final Predicate<String> refuse;
  public final List<String> stored = new CopyOnWriteArrayList<>();

  public CopyingArchiveStore(Path into, Predicate<String> refuse) {
    this.into = into;
    this.refuse = refuse;
  }

  @Override
  public void store(Path file) throws ArchiveStoreException {
    String name = file.getFileName().toString();
    if (refuse.test(name)) {
      throw new ArchiveStoreException("replica TWO did not confirm " + name + " (test)");
    }
    try {
      Files.createDirectories(into);
      Files.copy(file, into.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new ArchiveStoreException("cannot copy " + file, e);
    }
    stored.add(name);
  }
}
