package org.netarchive.ee.scheduler.domain.model.domain;

import com.google.common.net.InetAddresses;
import com.google.common.net.InternetDomainName;
import java.net.IDN;
import java.util.Locale;
import java.util.Objects;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * A valid domain name, as the archive understands "domain": one label directly under a public
 * suffix ({@code kb.dk}, {@code bbc.co.uk}, {@code københavn.dk}), or an IP address. Host names
 * below a domain ({@code www.kb.dk}) and public suffixes themselves ({@code co.uk}) are not
 * domains. The name is lower-cased; internationalised names are kept both in Unicode and in their
 * ASCII (punycode) form, which is the unique key.
 *
 * @param ascii the ASCII form, e.g. {@code xn--kbenhavn-54a.dk}
 * @param unicode the Unicode form, e.g. {@code københavn.dk}; equal to ascii for ASCII names
 */
public record DomainName(String ascii, String unicode) {

  /** Longest name DNS allows. */
  public static final int MAX_LENGTH = 253;

  public DomainName {
    Objects.requireNonNull(ascii, "ascii");
    Objects.requireNonNull(unicode, "unicode");
  }

  /**
   * Validates and normalises a domain name given by a person or a file.
   *
   * @throws InvalidDomainNameException naming the input and why it is not a domain
   */
  public static DomainName of(String input) {
    String name = normalised(input, Text.of("domainName.required"));
    if (isIpAddress(name)) {
      return ipAddress(name);
    }
    InternetDomainName parsed = underPublicSuffix(input, name, Text.of("domainName.urlLikeDomain"));
    if (!parsed.isTopPrivateDomain()) {
      throw new InvalidDomainNameException(
          input, Text.of("domainName.belowDomain", parsed.topPrivateDomain()));
    }
    return new DomainName(
        parsed.toString(), IDN.toUnicode(parsed.toString(), IDN.USE_STD3_ASCII_RULES));
  }

  /**
   * The domain a host belongs to, as seeds are sorted into domains: the host without its
   * sub-domains ({@code www.kb.dk} → {@code kb.dk}, {@code news.bbc.co.uk} → {@code bbc.co.uk}); a
   * host that is a domain or an IP address is its own domain.
   *
   * @throws InvalidDomainNameException naming the host and why it has no domain: not a host name, a
   *     public suffix, or not under a known public suffix
   */
  public static DomainName ofHost(String host) {
    String name = normalised(host, Text.of("domainName.hostRequired"));
    if (isIpAddress(name)) {
      return ipAddress(name);
    }
    return of(
        underPublicSuffix(host, name, Text.of("domainName.urlLikeHost"))
            .topPrivateDomain()
            .toString());
  }

  /** Lower case, without surrounding blanks, a final '.' or the brackets of an IPv6 address. */
  private static String normalised(String input, Text whenBlank) {
    if (input == null || input.isBlank()) {
      throw new InvalidDomainNameException(String.valueOf(input), whenBlank);
    }
    refuseInvisible(input);
    String name = input.strip().toLowerCase(Locale.ROOT);
    if (name.endsWith(".")) {
      name = name.substring(0, name.length() - 1);
    }
    if (name.startsWith("[") && name.endsWith("]")) {
      name = name.substring(1, name.length() - 1);
    }
    return name;
  }

  /**
   * Refuses the invisible characters that IDNA maps to nothing (zero-width space and joiners, soft
   * hyphen, word joiner, byte order mark, variation selectors): the name would be stored without
   * them, so what was typed or pasted would silently differ from what is kept.
   */
  private static void refuseInvisible(String input) {
    for (int i = 0; i < input.length(); ) {
      int c = input.codePointAt(i);
      if (Character.getType(c) == Character.FORMAT
          || c == 0x034F
          || (c >= 0x180B && c <= 0x180D)
          || (c >= 0xFE00 && c <= 0xFE0F)) {
        throw new InvalidDomainNameException(
            input,
            Text.of(
                "domainName.invisible",
                String.format("U+%04X", c),
                Character.getName(c),
                input.codePointCount(0, i) + 1));
      }
      i += Character.charCount(c);
    }
  }

  private static DomainName ipAddress(String name) {
    String canonical = InetAddresses.toAddrString(InetAddresses.forString(name));
    return new DomainName(canonical, canonical);
  }

  /** The ASCII form of a host name that ends in a known public suffix and is not one itself. */
  private static InternetDomainName underPublicSuffix(String input, String name, Text urlLike) {
    if (name.chars().anyMatch(c -> Character.isWhitespace(c) || c == '/' || c == ':' || c == '@')) {
      throw new InvalidDomainNameException(input, urlLike);
    }
    String ascii;
    try {
      ascii = IDN.toASCII(name, IDN.USE_STD3_ASCII_RULES);
    } catch (IllegalArgumentException e) {
      throw new InvalidDomainNameException(
          input, Text.of("domainName.notHostNameBecause", e.getMessage()));
    }
    if (ascii.isEmpty() || ascii.length() > MAX_LENGTH) {
      throw new InvalidDomainNameException(input, Text.of("domainName.length", MAX_LENGTH));
    }
    InternetDomainName parsed;
    try {
      parsed = InternetDomainName.from(ascii);
    } catch (IllegalArgumentException e) {
      throw new InvalidDomainNameException(input, Text.of("domainName.notHostName"));
    }
    if (parsed.isPublicSuffix()) {
      throw new InvalidDomainNameException(input, Text.of("domainName.publicSuffix", ascii));
    }
    if (!parsed.isUnderPublicSuffix()) {
      throw new InvalidDomainNameException(input, Text.of("domainName.unknownSuffix"));
    }
    return parsed;
  }

  /** Whether this "domain" is an IP address. */
  public boolean isIpAddress() {
    return isIpAddress(ascii);
  }

  /**
   * The top-level domain, for statistics: the last label ({@code dk}, {@code uk}), or {@code "IP
   * address"}.
   */
  public String topLevelDomain() {
    if (isIpAddress()) {
      return "IP address";
    }
    return unicode.substring(unicode.lastIndexOf('.') + 1);
  }

  private static boolean isIpAddress(String name) {
    // Only literal IPv4 dotted quads and IPv6 addresses; InetAddresses never resolves names.
    return (name.indexOf(':') >= 0 || name.matches("[0-9.]+")) && InetAddresses.isInetAddress(name);
  }

  @Override
  public String toString() {
    return unicode;
  }
}
