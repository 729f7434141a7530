package org.netarchive.ee.common.archive;

import java.io.IOException;
import java.util.List;

/** The archive did not confirm a store: it answered NOT OK, or not at all within the timeout. */
public class ArchiveStoreException extends IOException {

  private static final long serialVersionUID = 1L;

  private final String fileName;
  private final transient List<String> reasons;

  public ArchiveStoreException(String fileName, List<String> reasons) {
    super("File '" + fileName + "' was not stored: " + String.join("; ", reasons));
    this.fileName = fileName;
    this.reasons = List.copyOf(reasons);
  }

  /** The file's name in the archive. */
  public String fileName() {
    return fileName;
  }

  /** Why, one reason per replica or attempt. */
  public List<String> reasons() {
    return reasons;
  }
}
