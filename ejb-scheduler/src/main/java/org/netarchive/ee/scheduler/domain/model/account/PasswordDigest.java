package org.netarchive.ee.scheduler.domain.model.account;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.InvalidKeySpecException;
import java.text.Normalizer;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * A salted, iterated password digest in the SCRAM-SHA-256 form: the "salted password" Hi(password,
 * salt, iterations), which is PBKDF2 with HMAC-SHA-256 and a 256-bit output. The server's JDBC
 * realm (scram-mapper, algorithm scram-sha-256) verifies logins against it, so the clear password
 * is never stored.
 *
 * @param hash base64 of the salted password
 * @param salt base64 of the salt
 * @param iterations the iteration count
 */
public record PasswordDigest(String hash, String salt, int iterations) {

  /**
   * Iterations for new digests: OWASP's recommendation for PBKDF2-HMAC-SHA256 (2023). Each login
   * pays for them once (the API remembers a verified password for a few minutes), an attacker for
   * every guess. Digests made with fewer (60,000 before) keep their own count and still verify.
   */
  public static final int DEFAULT_ITERATIONS = 600_000;

  /** The smallest iteration count SCRAM allows. */
  public static final int MINIMUM_ITERATIONS = 4096;

  private static final SecureRandom RANDOM = new SecureRandom();

  public PasswordDigest {
    if (iterations < MINIMUM_ITERATIONS) {
      throw new IllegalArgumentException(
          "Password iterations must be at least " + MINIMUM_ITERATIONS + ", not " + iterations);
    }
  }

  /** Digests a password with a fresh random salt. */
  public static PasswordDigest of(char[] password) {
    byte[] salt = new byte[16];
    RANDOM.nextBytes(salt);
    return of(password, salt, DEFAULT_ITERATIONS);
  }

  static PasswordDigest of(char[] password, byte[] salt, int iterations) {
    Base64.Encoder base64 = Base64.getEncoder();
    return new PasswordDigest(
        base64.encodeToString(saltedPassword(password, salt, iterations)),
        base64.encodeToString(salt),
        iterations);
  }

  /** Whether {@code password} is the one this digest was made from. */
  public boolean matches(char[] password) {
    byte[] expected = Base64.getDecoder().decode(hash);
    byte[] actual = saltedPassword(password, Base64.getDecoder().decode(salt), iterations);
    return java.security.MessageDigest.isEqual(expected, actual);
  }

  private static byte[] saltedPassword(char[] password, byte[] salt, int iterations) {
    // SCRAM prepares passwords by Unicode normalisation (NFKC); PBKDF2 then takes UTF-8 bytes.
    char[] normalized =
        Normalizer.normalize(new String(password), Normalizer.Form.NFKC).toCharArray();
    PBEKeySpec spec = new PBEKeySpec(normalized, salt, iterations, 256);
    try {
      return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
    } catch (NoSuchAlgorithmException | InvalidKeySpecException e) {
      throw new IllegalStateException("This JVM cannot compute PBKDF2WithHmacSHA256", e);
    } finally {
      spec.clearPassword();
    }
  }
}
