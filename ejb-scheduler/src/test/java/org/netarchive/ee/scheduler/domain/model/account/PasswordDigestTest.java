package org.netarchive.ee.scheduler.domain.model.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.wildfly.security.password.Password;
import org.wildfly.security.password.PasswordFactory;
import org.wildfly.security.password.WildFlyElytronPasswordProvider;
import org.wildfly.security.password.interfaces.ScramDigestPassword;
import org.wildfly.security.password.spec.IteratedSaltedHashPasswordSpec;

class PasswordDigestTest {

  /**
   * The SCRAM-SHA-256 exchange of RFC 7677, section 3: from our salted password, the client proof
   * the RFC shows must follow. This is what makes the stored digest usable by the server's
   * scram-sha-256 realm mapper.
   */
  @Test
  void givenRfc7677Example_whenDigesting_thenTheClientProofMatchesTheRfc() throws Exception {
    byte[] salt = Base64.getDecoder().decode("W22ZaJ0SNY7soEsUEjb6gQ==");
    PasswordDigest digest = PasswordDigest.of("pencil".toCharArray(), salt, 4096);

    byte[] saltedPassword = Base64.getDecoder().decode(digest.hash());
    byte[] clientKey = hmac(saltedPassword, "Client Key");
    byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(clientKey);
    String authMessage =
        "n=user,r=rOprNGfwEbeRWgbNEkqO,"
            + "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096,"
            + "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0";
    byte[] clientSignature = hmac(storedKey, authMessage);
    byte[] clientProof = new byte[clientKey.length];
    for (int i = 0; i < clientKey.length; i++) {
      clientProof[i] = (byte) (clientKey[i] ^ clientSignature[i]);
    }

    assertThat(Base64.getEncoder().encodeToString(clientProof))
        .isEqualTo("dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=");
    assertThat(digest.salt()).isEqualTo("W22ZaJ0SNY7soEsUEjb6gQ==");
    assertThat(digest.iterations()).isEqualTo(4096);
  }

  @Test
  void givenNewDigest_whenCheckingPasswords_thenOnlyTheOriginalMatches() {
    PasswordDigest digest = PasswordDigest.of("correct horse".toCharArray());

    assertThat(digest.matches("correct horse".toCharArray())).isTrue();
    assertThat(digest.matches("correct hors".toCharArray())).isFalse();
    assertThat(digest.iterations()).isEqualTo(600_000);
  }

  /**
   * What the server's realm does at a login: the stored digest with its own iteration count,
   * checked by Elytron's SCRAM-SHA-256 verifier. A digest made before the count was raised (60,000)
   * still logs in, as does a new one.
   */
  @Test
  void givenOldAndNewDigests_whenTheRealmsVerifierChecksThem_thenBothLogIn() throws Exception {
    byte[] salt = Base64.getDecoder().decode("W22ZaJ0SNY7soEsUEjb6gQ==");
    PasswordDigest old = PasswordDigest.of("correct horse".toCharArray(), salt, 60_000);
    PasswordDigest current = PasswordDigest.of("correct horse".toCharArray());

    for (PasswordDigest digest : new PasswordDigest[] {old, current}) {
      assertThat(realmAccepts(digest, "correct horse")).as("%s", digest.iterations()).isTrue();
      assertThat(realmAccepts(digest, "correct hors")).as("%s", digest.iterations()).isFalse();
    }
  }

  @Test
  void givenSamePassword_whenDigestingTwice_thenSaltsDiffer() {
    PasswordDigest first = PasswordDigest.of("same".toCharArray());
    PasswordDigest second = PasswordDigest.of("same".toCharArray());

    assertThat(first.salt()).isNotEqualTo(second.salt());
    assertThat(first.hash()).isNotEqualTo(second.hash());
  }

  @Test
  void givenTooFewIterations_whenCreating_thenRefusedWithTheNumbers() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new PasswordDigest("aGFzaA==", "c2FsdA==", 1000))
        .withMessageContaining("4096")
        .withMessageContaining("1000");
  }

  private static boolean realmAccepts(PasswordDigest digest, String guess) throws Exception {
    PasswordFactory scram =
        PasswordFactory.getInstance(
            ScramDigestPassword.ALGORITHM_SCRAM_SHA_256, new WildFlyElytronPasswordProvider());
    Password stored =
        scram.generatePassword(
            new IteratedSaltedHashPasswordSpec(
                Base64.getDecoder().decode(digest.hash()),
                Base64.getDecoder().decode(digest.salt()),
                digest.iterations()));
    return scram.verify(stored, guess.toCharArray());
  }

  private static byte[] hmac(byte[] key, String text) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
  }
}
