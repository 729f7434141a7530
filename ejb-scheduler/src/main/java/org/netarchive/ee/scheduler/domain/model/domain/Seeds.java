package org.netarchive.ee.scheduler.domain.model.domain;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/** Validation of seeds: absolute http or https URLs with a host, one per line. */
public final class Seeds {

  /** Longest seed accepted. */
  public static final int MAX_LENGTH = 2048;

  private Seeds() {}

  /**
   * Checks and normalises seeds: surrounding blanks and blank lines dropped, lines starting with
   * '#' are comments, duplicates removed.
   *
   * @param owner what the seeds belong to, e.g. "seed list 'default' of domain 'kb.dk'"
   * @throws IllegalArgumentException naming the seed, the owner and the problem
   */
  public static List<String> validate(Text owner, List<String> seeds) {
    LinkedHashSet<String> valid = new LinkedHashSet<>();
    for (String line : seeds) {
      String seed = line == null ? "" : line.strip();
      if (seed.isEmpty() || seed.startsWith("#")) {
        continue;
      }
      valid.add(check(owner, seed));
    }
    return new ArrayList<>(valid);
  }

  /** As {@link #validate(Text, List)}, for an owner named in English only. */
  public static List<String> validate(String owner, List<String> seeds) {
    return validate(Text.verbatim(owner), seeds);
  }

  private static String check(Text owner, String seed) {
    if (seed.length() > MAX_LENGTH) {
      throw new RuleViolation(
          null, Text.of("seed.tooLong", seed.substring(0, 60) + "...", owner, MAX_LENGTH));
    }
    URI uri;
    try {
      uri = new URI(toAscii(seed));
    } catch (URISyntaxException e) {
      throw new RuleViolation("seeds", Text.of("seed.notUrl", owner, seed, e.getReason()));
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new RuleViolation("seeds", Text.of("seed.notHttp", owner, seed));
    }
    if (uri.getHost() == null || uri.getHost().isBlank()) {
      throw new RuleViolation("seeds", Text.of("seed.noHost", owner, seed));
    }
    return uri.toASCIIString();
  }

  private static final java.util.regex.Pattern HOST_PART =
      java.util.regex.Pattern.compile("(?i)(https?://)([^/:?#@]+)(.*)");

  /**
   * Seeds as people write them may hold an internationalised host name or non-ASCII characters in
   * the path ({@code http://københavn.dk/æble}); the crawler gets the ASCII form (punycode host,
   * percent-encoded path).
   */
  private static String toAscii(String seed) throws URISyntaxException {
    if (seed.chars().allMatch(c -> c < 128)) {
      return seed;
    }
    java.util.regex.Matcher m = HOST_PART.matcher(seed);
    if (!m.matches()) {
      return seed;
    }
    String host;
    try {
      host = java.net.IDN.toASCII(m.group(2), java.net.IDN.USE_STD3_ASCII_RULES);
    } catch (IllegalArgumentException e) {
      throw new URISyntaxException(seed, "the host name is not valid");
    }
    return new URI(m.group(1) + host + m.group(3).replace(" ", "%20")).toASCIIString();
  }

  /** Splits text with one seed per line. */
  public static List<String> lines(String text) {
    return text == null ? List.of() : text.lines().toList();
  }
}
