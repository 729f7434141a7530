package org.netarchive.ee.web;

/**
 * What users and clients type (query parameters, form fields, request members), read alike by the
 * REST API and the pages: a blank text means the value is absent.
 */
public final class Inputs {

  private Inputs() {}

  /** {@code null} for a missing or blank text, else the text without surrounding white space. */
  public static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text.strip();
  }
}
