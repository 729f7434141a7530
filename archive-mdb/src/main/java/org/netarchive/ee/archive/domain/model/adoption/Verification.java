package org.netarchive.ee.archive.domain.model.adoption;

/**
 * Where an adopted copy stands: recorded from the admin data and not yet checked, found with the
 * recorded checksum (and so adopted into the archive), found with other content, or not found in
 * the replica's adopted directories.
 */
public enum Verification {
  /** Recorded; not checked yet (its replica may have no adopted directory yet). */
  UNVERIFIED,
  /** Its MD5 is the recorded one: the copy is in the archive, with its SHA-512. */
  VERIFIED,
  /**
   * Its content does not match: another MD5 than recorded, or another SHA-512 than the archive
   * already has for the file. Reported, never adopted as good.
   */
  CORRUPT,
  /** No adopted directory of its replica holds it; checked again when a directory is adopted. */
  MISSING
}
