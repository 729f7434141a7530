package org.netarchive.ee.scheduler.domain.model.harvest;

import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.domain.InvalidDomainNameException;
import org.netarchive.ee.scheduler.domain.model.domain.Seeds;

/**
 * The seeds a curator gives for a new selective harvest, sorted by domain. Creating the harvest
 * then makes each domain that does not exist yet, gives every domain a seed list and a
 * configuration named after the harvest ({@link #configurationName}) holding its seeds, and chooses
 * those configurations for the harvest.
 *
 * <p>A seed's domain is its host's domain ({@link DomainName#ofHost}): {@code
 * http://www.kb.dk/news} belongs to {@code kb.dk}. Lines are read as seed lists are: blank lines
 * and lines starting with '#' are skipped, seeds are kept in their ASCII form ({@link
 * Seeds#validate}) and repeated seeds once. A line that is not an http(s) URL, or whose host has no
 * domain (a public suffix, an unknown top-level domain), is refused with its line number and the
 * reason; the others are still sorted.
 */
public final class SeedsByDomain {

  private final Map<DomainName, List<String>> seeds;
  private final List<RefusedSeed> refused;

  private SeedsByDomain(Map<DomainName, List<String>> seeds, List<RefusedSeed> refused) {
    this.seeds = seeds;
    this.refused = refused;
  }

  /**
   * Sorts seeds by domain.
   *
   * @param lines one seed per line, as the curator gave them
   */
  public static SeedsByDomain of(List<String> lines) {
    return of(lines, 1);
  }

  /**
   * Sorts seeds by domain that are part of a longer list.
   *
   * @param lines one seed per line, as the curator gave them
   * @param firstLineNumber the number of the first of them in the whole list, from 1
   */
  public static SeedsByDomain of(List<String> lines, int firstLineNumber) {
    Map<DomainName, Set<String>> byDomain = new LinkedHashMap<>();
    List<RefusedSeed> refused = new ArrayList<>();
    int lineNumber = firstLineNumber - 1;
    for (String line : lines) {
      lineNumber++;
      String seed = line == null ? "" : line.strip();
      if (seed.isEmpty() || seed.startsWith("#")) {
        continue;
      }
      try {
        // The ASCII form, as seed lists keep it: an internationalised host has a host name only
        // in its punycode form, and the same seed written both ways is one seed.
        String ascii = Seeds.validate("line " + lineNumber, List.of(seed)).get(0);
        DomainName domain = DomainName.ofHost(URI.create(ascii).getHost());
        byDomain.computeIfAbsent(domain, d -> new LinkedHashSet<>()).add(ascii);
      } catch (InvalidDomainNameException e) {
        refused.add(
            new RefusedSeed(lineNumber, seed, "its host has no valid domain: " + e.reason()));
      } catch (IllegalArgumentException e) {
        refused.add(new RefusedSeed(lineNumber, seed, e.getMessage()));
      }
    }
    Map<DomainName, List<String>> seeds = new LinkedHashMap<>();
    byDomain.forEach((domain, list) -> seeds.put(domain, List.copyOf(list)));
    return new SeedsByDomain(Collections.unmodifiableMap(seeds), List.copyOf(refused));
  }

  /** Sorts text with one seed per line by domain. */
  public static SeedsByDomain of(String text) {
    return of(Seeds.lines(text));
  }

  /** The accepted seeds of each domain, domains in the order they first appear. */
  public Map<DomainName, List<String>> seeds() {
    return seeds;
  }

  /** The domains the seeds belong to, in the order they first appear. */
  public Set<DomainName> domains() {
    return seeds.keySet();
  }

  /** The lines that were refused, in order. */
  public List<RefusedSeed> refused() {
    return refused;
  }

  /** Whether every non-blank line was accepted. */
  public boolean allAccepted() {
    return refused.isEmpty();
  }

  /**
   * The name of the seed list and the configuration a selective harvest gets on each of its
   * domains: the harvest's name, with characters a configuration name may not have (anything but
   * letters, digits, spaces, '.', '_' and '-') turned into '_', and starting with a letter or a
   * digit.
   *
   * @throws IllegalArgumentException if the harvest name is not valid
   */
  public static String configurationName(String harvestName) {
    String name = HarvestDefinition.validName(harvestName);
    StringBuilder result = new StringBuilder();
    name.codePoints()
        .forEach(
            c -> {
              if (Character.isLetterOrDigit(c) || c == ' ' || c == '.' || c == '_' || c == '-') {
                result.appendCodePoint(c);
              } else {
                result.append('_');
              }
            });
    while (!result.isEmpty() && !Character.isLetterOrDigit(result.codePointAt(0))) {
      result.deleteCharAt(0);
    }
    if (result.isEmpty()) {
      return "harvest";
    }
    // No longer than the harvest name, which has at most 128 characters, as a configuration name.
    return result.toString().strip();
  }

  /**
   * A line that is not a seed of the harvest.
   *
   * @param lineNumber its number, from 1
   * @param seed the line, without surrounding blanks
   * @param reason why it was refused
   */
  public record RefusedSeed(int lineNumber, String seed, String reason) {}
}
