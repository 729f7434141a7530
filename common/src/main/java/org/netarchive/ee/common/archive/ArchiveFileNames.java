package org.netarchive.ee.common.archive;

import java.nio.charset.StandardCharsets;

/**
 * The names an archived file may have: a plain file name, never a path.
 *
 * <p>A bitarchive uses the name as the name of the file on its disk, so a name that could reach
 * outside its directory or hide among its own temporary files is refused: one with a path separator
 * ({@code /} or {@code \}), {@code .} or {@code ..} or any other name starting with a dot, a
 * control character, an empty name and one longer than {@value #MAX_BYTES} bytes in UTF-8 (the
 * limit of common file systems).
 */
public final class ArchiveFileNames {

  /** The longest name accepted, in bytes of its UTF-8 encoding. */
  public static final int MAX_BYTES = 255;

  private ArchiveFileNames() {}

  /**
   * Checks that a name is a plain file name.
   *
   * @param name the proposed file name
   * @return the name, unchanged
   * @throws IllegalArgumentException naming the value and what is wrong with it
   */
  public static String requireValid(String name) {
    String problem = problem(name);
    if (problem != null) {
      throw new IllegalArgumentException(
          "File name " + quote(name) + " is not a plain file name: " + problem);
    }
    return name;
  }

  /**
   * Tells whether a name is a plain file name.
   *
   * @param name the proposed file name
   * @return {@code true} if {@link #requireValid(String)} accepts it
   */
  public static boolean isValid(String name) {
    return problem(name) == null;
  }

  private static String problem(String name) {
    if (name == null) {
      return "it is missing";
    }
    if (name.isEmpty()) {
      return "it is empty";
    }
    if (name.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
      return "it is longer than " + MAX_BYTES + " bytes";
    }
    if (name.equals(".") || name.equals("..")) {
      return "it refers to a directory";
    }
    if (name.startsWith(".")) {
      return "it starts with a dot";
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '/' || c == '\\') {
        return "it contains the path separator '" + c + "'";
      }
      if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
        return "it contains the control character U+" + String.format("%04X", (int) c);
      }
    }
    if (!name.strip().equals(name)) {
      return "it starts or ends with white space";
    }
    return null;
  }

  private static String quote(String name) {
    if (name == null) {
      return "null";
    }
    // Show control characters escaped, so that the message itself stays on one line.
    StringBuilder shown = new StringBuilder("'");
    name.codePoints()
        .limit(300)
        .forEach(
            c -> {
              if (Character.isISOControl(c) || c == 0x2028 || c == 0x2029) {
                shown.append(String.format("\\u%04X", c));
              } else {
                shown.appendCodePoint(c);
              }
            });
    if (name.codePointCount(0, name.length()) > 300) {
      shown.append("...");
    }
    return shown.append("'").toString();
  }
}
