package org.netarchive.ee.web.interfaces.login;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Remembers for a few minutes that a user name and password were verified against an account's
 * stored digest, so that an API client sending HTTP Basic credentials with every request pays for
 * the PBKDF2 iterations once, not on every call. What is kept is an HMAC of user name, password and
 * stored digest under a random key made when the server starts: never the password, and nothing an
 * attacker reading memory could test guesses against faster than the stored digest itself without
 * the key. A changed password changes the stored digest, so its entries no longer match; a disabled
 * or deleted account is not found by the realm, so its entries are never looked up.
 */
public final class RecentLogins {

  static final Duration REMEMBER_FOR = Duration.ofMinutes(5);

  /** Beyond this many entries, expired ones are dropped. */
  private static final int PRUNE_ABOVE = 10_000;

  private static final String HMAC = "HmacSHA256";

  private final Clock clock;
  private final SecretKeySpec key;
  private final Map<String, Instant> verifiedUntil = new ConcurrentHashMap<>();

  public RecentLogins(Clock clock) {
    this.clock = clock;
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    this.key = new SecretKeySpec(secret, HMAC);
  }

  /** Whether this password was verified for this stored digest in the last few minutes. */
  public boolean verified(String user, String password, byte[] storedDigest) {
    Instant until = verifiedUntil.get(digest(user, password, storedDigest));
    return until != null && until.isAfter(clock.instant());
  }

  /** Remembers a successful verification of this password against this stored digest. */
  public void remember(String user, String password, byte[] storedDigest) {
    Instant now = clock.instant();
    verifiedUntil.put(digest(user, password, storedDigest), now.plus(REMEMBER_FOR));
    if (verifiedUntil.size() > PRUNE_ABOVE) {
      verifiedUntil.values().removeIf(until -> !until.isAfter(now));
    }
  }

  private String digest(String user, String password, byte[] storedDigest) {
    try {
      Mac mac = Mac.getInstance(HMAC);
      mac.init(key);
      // Each part preceded by its length, so no two different triples give the same input.
      for (byte[] part :
          new byte[][] {
            user.getBytes(StandardCharsets.UTF_8),
            password.getBytes(StandardCharsets.UTF_8),
            storedDigest
          }) {
        mac.update(ByteBuffer.allocate(4).putInt(part.length).array());
        mac.update(part);
      }
      return Base64.getEncoder().encodeToString(mac.doFinal());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("This JVM cannot compute " + HMAC, e);
    }
  }
}
