package org.netarchive.ee.common.archive;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;

/**
 * Whom an agent trusts when it reaches the server over TLS: the certificates of a PEM file (the
 * installation's CA, {@code secrets/tls/ca.pem} of a server that generated its own, or the
 * institution's CA), instead of the JVM's default authorities; and a readable message when the
 * server's certificate is not trusted.
 */
public final class TlsTrust {

  private TlsTrust() {}

  /**
   * Reads the certificates of a PEM (or DER) file.
   *
   * @param setting the setting naming the file, for the messages
   * @param file the file
   * @return its X.509 certificates, at least one
   * @throws IllegalArgumentException naming the setting and the file if it cannot be read or holds
   *     no certificate
   */
  public static List<X509Certificate> certificates(String setting, Path file) {
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new IllegalArgumentException(
          setting + " = '" + file + "' is not a readable file (the trusted CA certificates, PEM)");
    }
    try (InputStream in = Files.newInputStream(file)) {
      Collection<? extends Certificate> read =
          CertificateFactory.getInstance("X.509").generateCertificates(in);
      List<X509Certificate> certificates = new ArrayList<>();
      for (Certificate certificate : read) {
        certificates.add((X509Certificate) certificate);
      }
      if (certificates.isEmpty()) {
        throw new IllegalArgumentException(
            setting + " = '" + file + "' holds no certificate (expected PEM: BEGIN CERTIFICATE)");
      }
      return certificates;
    } catch (IOException | CertificateException e) {
      throw new IllegalArgumentException(
          setting
              + " = '"
              + file
              + "' cannot be read as certificates (expected PEM: BEGIN CERTIFICATE): "
              + e.getMessage(),
          e);
    }
  }

  /**
   * An SSL context that trusts the certificates of a file, and no other authority.
   *
   * @param setting the setting naming the file, for the messages
   * @param file the PEM file
   * @return the context
   * @throws IllegalArgumentException naming the setting and the file if it is not usable
   */
  public static SSLContext trusting(String setting, Path file) {
    List<X509Certificate> certificates = certificates(setting, file);
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      for (int i = 0; i < certificates.size(); i++) {
        store.setCertificateEntry("trusted-" + i, certificates.get(i));
      }
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(store);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalArgumentException(
          setting + " = '" + file + "' cannot be used as trusted certificates: " + e.getMessage(),
          e);
    }
  }

  /**
   * Says why a connection failed when the cause is the server's certificate.
   *
   * @param server the URL the agent connected to
   * @param setting the setting that names the trusted certificates, for the advice
   * @param failure the failure
   * @return a message naming the URL and saying that its certificate is not trusted, or empty when
   *     the failure is not about the certificate
   */
  public static Optional<String> untrusted(URI server, String setting, Throwable failure) {
    return untrusted("The server at " + server, setting, failure);
  }

  /**
   * Says why a connection failed when the cause is the peer's certificate.
   *
   * @param peer what the agent connected to, starting the message, e.g. {@code "The broker at
   *     tcp://archive.example.org:61616?sslEnabled=true"}
   * @param setting the setting that names the trusted certificates, for the advice
   * @param failure the failure
   * @return a message naming the peer and saying that its certificate is not trusted, or empty when
   *     the failure is not about the certificate
   */
  public static Optional<String> untrusted(String peer, String setting, Throwable failure) {
    boolean handshake = false;
    Throwable certificate = null;
    for (Throwable t = failure; t != null; t = t.getCause()) {
      handshake |= t instanceof SSLHandshakeException;
      if (certificate == null
          && (t instanceof CertificateException
              || t instanceof CertPathBuilderException
              || t instanceof CertPathValidatorException)) {
        certificate = t;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    if (!handshake || certificate == null) {
      return Optional.empty();
    }
    return Optional.of(
        peer
            + " presented a TLS certificate this agent does not trust ("
            + certificate.getMessage()
            + "): the certificate is not trusted. Give the installation's CA certificate (on a"
            + " server that generated its own: NAS_HOME/secrets/tls/ca.pem) in "
            + setting
            + ", and use a host name the server's certificate names");
  }
}
