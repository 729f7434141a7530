package org.netarchive.ee.archive.domain.model.preservation;

import java.util.Locale;

/** The two audits of a replica. */
public enum AuditKind {
  /** Every file the admin data says the replica holds is there (with its size), no other is. */
  LIST,
  /** As LIST, and every file's SHA-512 is computed again from the replica's disk and compared. */
  CHECKSUM;

  /**
   * The kind of a name, in any case.
   *
   * @throws IllegalArgumentException naming the value and the kinds
   */
  public static AuditKind parse(String name) {
    if (name != null) {
      for (AuditKind kind : values()) {
        if (kind.name().equalsIgnoreCase(name.strip())) {
          return kind;
        }
      }
    }
    throw new IllegalArgumentException(
        "Audit kind '" + name + "' is unknown; the kinds are LIST and CHECKSUM");
  }

  /** The kind's name as the API and UI show it, e.g. {@code list}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
