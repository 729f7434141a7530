package org.netarchive.ee.archive.domain.model.capture;

import java.util.Locale;
import java.util.function.Function;
import org.netarchive.ee.common.index.Capture;

/**
 * A field of a capture as the CDX server API names it (pywb's and OutbackCDX's names, and the short
 * names of CDXJ), for {@code fl} and {@code filter}.
 */
public enum CdxField {
  URLKEY(Capture::urlKey, "urlkey"),
  TIMESTAMP(Capture::timestamp, "timestamp"),
  URL(Capture::url, "url", "original"),
  MIME(Capture::mimeType, "mime", "mimetype"),
  STATUS(c -> c.status() < 0 ? "-" : Integer.toString(c.status()), "status", "statuscode"),
  DIGEST(Capture::digest, "digest"),
  REDIRECT(Capture::redirect, "redirect"),
  ROBOTFLAGS(c -> "-", "robotflags"),
  LENGTH(c -> c.length() < 0 ? "-" : Long.toString(c.length()), "length"),
  OFFSET(c -> Long.toString(c.offset()), "offset"),
  FILE(Capture::file, "filename", "file"),
  JOBID(c -> c.jobId() == null ? "-" : Long.toString(c.jobId()), "jobid");

  private final Function<Capture, String> value;
  private final String[] names;

  CdxField(Function<Capture, String> value, String... names) {
    this.value = value;
    this.names = names;
  }

  /**
   * The field's value in a capture, as text ({@code -} for none).
   *
   * @param capture the capture
   * @return the value
   */
  public String valueOf(Capture capture) {
    return value.apply(capture);
  }

  /**
   * Reads a field by one of its names, in any case.
   *
   * @param name e.g. {@code mimetype} or {@code mime}
   * @return the field
   * @throws IllegalArgumentException naming the name and the fields
   */
  public static CdxField parse(String name) {
    String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
    for (CdxField field : values()) {
      for (String n : field.names) {
        if (n.equals(wanted)) {
          return field;
        }
      }
    }
    throw new IllegalArgumentException(
        "Unknown field '"
            + name
            + "'; the fields are urlkey, timestamp, url (original), mime (mimetype), status"
            + " (statuscode), digest, redirect, robotflags, length, offset, filename (file), jobid");
  }
}
