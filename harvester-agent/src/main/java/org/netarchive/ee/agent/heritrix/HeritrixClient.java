package org.netarchive.ee.agent.heritrix;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Authenticator;
import java.net.PasswordAuthentication;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Heritrix's REST API on 127.0.0.1, with digest authentication. Heritrix serves HTTPS with a
 * self-signed certificate it makes at start-up in its working directory ({@code adhoc.keystore});
 * the client trusts exactly that certificate and no other, so it talks to the Heritrix it started.
 */
public final class HeritrixClient {

  /** The password of Heritrix's ad-hoc keystore (fixed in Heritrix). */
  private static final char[] ADHOC_KEYSTORE_PASSWORD = "password".toCharArray();

  private static final int CONNECT_TIMEOUT_MS = 5_000;
  private static final int READ_TIMEOUT_MS = 60_000;

  private final String base;
  private final SSLSocketFactory sockets;
  private final Authenticator authenticator;

  private HeritrixClient(int port, SSLSocketFactory sockets, String user, char[] password) {
    this.base = "https://127.0.0.1:" + port;
    this.sockets = sockets;
    char[] secret = password.clone();
    this.authenticator =
        new Authenticator() {
          @Override
          protected PasswordAuthentication getPasswordAuthentication() {
            return new PasswordAuthentication(user, secret.clone());
          }
        };
  }

  /**
   * A client for the Heritrix listening on a port of 127.0.0.1 that made the given keystore.
   *
   * @param port the REST port
   * @param adhocKeystore Heritrix's {@code adhoc.keystore}
   * @param user the operator user
   * @param password the operator password
   * @return the client
   * @throws IOException if the keystore cannot be read (yet)
   */
  public static HeritrixClient connect(int port, Path adhocKeystore, String user, char[] password)
      throws IOException {
    X509Certificate pinned;
    try (InputStream in = java.nio.file.Files.newInputStream(adhocKeystore)) {
      KeyStore keyStore = KeyStore.getInstance("JKS");
      keyStore.load(in, ADHOC_KEYSTORE_PASSWORD);
      String alias = keyStore.aliases().nextElement();
      pinned = (X509Certificate) keyStore.getCertificate(alias);
      if (pinned == null) {
        throw new IOException("no certificate in " + adhocKeystore);
      }
    } catch (GeneralSecurityException | java.util.NoSuchElementException e) {
      throw new IOException("Cannot read Heritrix's certificate from " + adhocKeystore, e);
    }
    try {
      SSLContext tls = SSLContext.getInstance("TLS");
      tls.init(null, new TrustManager[] {new PinnedCertificate(pinned)}, null);
      return new HeritrixClient(port, tls.getSocketFactory(), user, password);
    } catch (GeneralSecurityException e) {
      throw new IOException("Cannot set up TLS for Heritrix's REST API", e);
    }
  }

  /**
   * Whether the REST API answers an authenticated request.
   *
   * @return {@code true} if it does
   */
  public boolean answers() {
    try {
      return request("GET", "/engine", Map.of()).status() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The status of a job.
   *
   * @param job the job's name
   * @return the status
   * @throws IOException if Heritrix does not answer with a status document
   */
  public CrawlStatus status(String job) throws IOException {
    Response response = request("GET", "/engine/job/" + job, Map.of());
    if (response.status() != 200) {
      throw new IOException(
          "Heritrix answered the status request of job " + job + " with HTTP " + response.status());
    }
    try {
      return CrawlStatus.parse(response.body());
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  /**
   * Asks a job to do something: build, launch, unpause, pause, terminate, teardown.
   *
   * @param job the job's name
   * @param action the action
   * @throws IOException if Heritrix refuses or does not answer
   */
  public void jobAction(String job, String action) throws IOException {
    post("/engine/job/" + job, Map.of("action", action));
  }

  /**
   * Asks Heritrix to exit its JVM.
   *
   * @throws IOException if Heritrix refuses or does not answer
   */
  public void exitJavaProcess() throws IOException {
    Map<String, String> form = new LinkedHashMap<>();
    form.put("action", "exit java process");
    form.put("im_sure", "on");
    post("/engine", form);
  }

  private void post(String path, Map<String, String> form) throws IOException {
    Response response = request("POST", path, form);
    // Heritrix answers a successful action with a redirect to the page showing its result.
    if (response.status() >= 400) {
      throw new IOException(
          "Heritrix refused "
              + form.get("action")
              + " on "
              + path
              + " with HTTP "
              + response.status());
    }
  }

  private Response request(String method, String path, Map<String, String> form)
      throws IOException {
    HttpsURLConnection connection =
        (HttpsURLConnection) URI.create(base + path).toURL().openConnection();
    connection.setSSLSocketFactory(sockets);
    // The certificate is pinned; its name ("Heritrix Ad-Hoc HTTPS Certificate") is not an address.
    connection.setHostnameVerifier((host, session) -> "127.0.0.1".equals(host));
    connection.setAuthenticator(authenticator);
    connection.setInstanceFollowRedirects(false);
    connection.setUseCaches(false);
    connection.setConnectTimeout(CONNECT_TIMEOUT_MS);
    connection.setReadTimeout(READ_TIMEOUT_MS);
    connection.setRequestMethod(method);
    connection.setRequestProperty("Accept", "application/xml");
    try {
      if (method.equals("POST")) {
        byte[] body =
            form.entrySet().stream()
                .map(
                    e ->
                        URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)
                            + "="
                            + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"))
                .getBytes(StandardCharsets.UTF_8);
        connection.setDoOutput(true);
        connection.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
        try (OutputStream out = connection.getOutputStream()) {
          out.write(body);
        }
      }
      int status = connection.getResponseCode();
      InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
      String text = "";
      if (in != null) {
        try (in) {
          text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
      }
      return new Response(status, text);
    } finally {
      connection.disconnect();
    }
  }

  private record Response(int status, String body) {}

  /** Trusts one certificate: the one Heritrix made for this job. */
  private record PinnedCertificate(X509Certificate certificate) implements X509TrustManager {

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      if (chain == null || chain.length == 0 || !chain[0].equals(certificate)) {
        throw new CertificateException(
            "The server on the REST port is not the Heritrix this agent started (certificate "
                + (chain == null || chain.length == 0
                    ? "missing"
                    : chain[0].getSubjectX500Principal())
                + " differs)");
      }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      throw new CertificateException("not a server");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[] {certificate};
    }
  }
}
