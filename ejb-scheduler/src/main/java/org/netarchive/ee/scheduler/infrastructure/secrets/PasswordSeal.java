package org.netarchive.ee.scheduler.infrastructure.secrets;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.netarchive.ee.scheduler.infrastructure.config.ServerSettings;

/**
 * Seals the domains' crawler passwords for the database and opens them for a crawl request: AES-256
 * in GCM mode, a random nonce per password, with a key that lives only in the file {@value
 * #KEY_FILE} of the secrets directory ({@code NAS_SECRETS_DIR}, by default {@code NAS_HOME/secrets}
 * beside the server's base directory), made at the first use, readable by the server's user only. A
 * copy of the database alone gives no password; losing the key loses them (back it up with the
 * database).
 *
 * <p>A sealed value is {@code v1:<base64 of nonce and ciphertext>}; the domain's name and the
 * entry's name are bound to it as associated data, so a sealed value copied to another entry does
 * not open.
 */
@ApplicationScoped
public class PasswordSeal {

  /** The key's file name in the secrets directory. */
  public static final String KEY_FILE = "domain-password.key";

  private static final String PREFIX = "v1:";
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;

  private final SecureRandom random = new SecureRandom();
  private final Path keyFile;
  private volatile SecretKey key;

  public PasswordSeal() {
    this(secretsDirectory(ServerSettings.current()).resolve(KEY_FILE));
  }

  /** A seal with its key in the given file (made if missing). */
  public PasswordSeal(Path keyFile) {
    this.keyFile = keyFile;
  }

  /**
   * The installation's secrets directory: the setting {@code nas.secrets.dir} ({@code
   * NAS_SECRETS_DIR}), or {@code secrets} beside the server's base directory (the run script's
   * {@code NAS_HOME/server} gives {@code NAS_HOME/secrets}).
   */
  static Path secretsDirectory(ServerSettings settings) {
    Optional<String> configured = settings.text("nas.secrets.dir");
    if (configured.isPresent()) {
      return Path.of(configured.get());
    }
    // WildFly's own property: where this server's base directory is, not a setting of ours.
    String base = System.getProperty("jboss.server.base.dir", System.getProperty("user.dir"));
    return Path.of(base).toAbsolutePath().normalize().resolveSibling("secrets");
  }

  /**
   * Seals a password.
   *
   * @param owner the entry it belongs to, as {@code domain/name}; needed again to open it
   */
  public String seal(String owner, String password) {
    byte[] nonce = new byte[NONCE_BYTES];
    random.nextBytes(nonce);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, key(), new GCMParameterSpec(TAG_BITS, nonce));
      cipher.updateAAD(owner.getBytes(StandardCharsets.UTF_8));
      byte[] sealed = cipher.doFinal(password.getBytes(StandardCharsets.UTF_8));
      return PREFIX
          + Base64.getEncoder()
              .encodeToString(
                  ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Cannot seal the password of " + owner, e);
    }
  }

  /**
   * Opens a sealed password.
   *
   * @param owner the entry it was sealed for
   * @throws IllegalStateException if it does not open with this installation's key (another key,
   *     another entry, or damaged); the message says which entry, never the value
   */
  public String open(String owner, String sealed) {
    if (sealed == null || !sealed.startsWith(PREFIX)) {
      throw new IllegalStateException("The stored password of " + owner + " is not sealed");
    }
    try {
      byte[] bytes = Base64.getDecoder().decode(sealed.substring(PREFIX.length()));
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(
          Cipher.DECRYPT_MODE, key(), new GCMParameterSpec(TAG_BITS, bytes, 0, NONCE_BYTES));
      cipher.updateAAD(owner.getBytes(StandardCharsets.UTF_8));
      return new String(
          cipher.doFinal(bytes, NONCE_BYTES, bytes.length - NONCE_BYTES), StandardCharsets.UTF_8);
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      throw new IllegalStateException(
          "The stored password of "
              + owner
              + " cannot be opened with the key in "
              + keyFile
              + " (another key, or damaged); enter the password again",
          e);
    }
  }

  private SecretKey key() {
    SecretKey k = key;
    if (k == null) {
      synchronized (this) {
        if (key == null) {
          key = new SecretKeySpec(readOrMakeKey(), "AES");
        }
        k = key;
      }
    }
    return k;
  }

  private byte[] readOrMakeKey() {
    try {
      if (!Files.exists(keyFile)) {
        Files.createDirectories(keyFile.getParent());
        byte[] fresh = new byte[32];
        random.nextBytes(fresh);
        try {
          if (keyFile.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(
                keyFile,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
          } else {
            Files.createFile(keyFile);
          }
          Files.writeString(keyFile, Base64.getEncoder().encodeToString(fresh) + "\n");
        } catch (FileAlreadyExistsException raced) {
          // Another server sharing the secrets directory made it first: use theirs.
        }
      }
      byte[] bytes = Base64.getDecoder().decode(Files.readString(keyFile).strip());
      if (bytes.length != 32) {
        throw new IllegalStateException(
            "The key file " + keyFile + " does not hold a 256-bit key in base64");
      }
      return bytes;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read or make the password key " + keyFile, e);
    }
  }
}
