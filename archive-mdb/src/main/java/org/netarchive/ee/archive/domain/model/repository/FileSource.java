package org.netarchive.ee.archive.domain.model.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.util.Objects;

/**
 * Where the replicas fetch a file being stored: the remote file the client offers, kept until every
 * replica has it, so uploads can be repeated and resumed after a restart.
 */
@Embeddable
public class FileSource {

  @Column(name = "source_uri", length = 2000)
  private String uri;

  @Column(name = "source_token", length = 200)
  private String token;

  @Column(name = "source_local_path", length = 2000)
  private String localPath;

  @Column(name = "source_host", length = 255)
  private String host;

  protected FileSource() {}

  /**
   * @param uri where the file can be fetched
   * @param token what authenticates the fetch, or {@code null} if the location needs none
   */
  public FileSource(String uri, String token) {
    this(uri, token, null, null);
  }

  /**
   * @param uri where the file can be fetched
   * @param token what authenticates the fetch, or {@code null} if the location needs none
   * @param localPath the file's path on the offering machine, or {@code null}
   * @param host the offering machine, or {@code null}
   */
  public FileSource(String uri, String token, String localPath, String host) {
    if (uri == null || uri.isBlank()) {
      throw new IllegalArgumentException("A file source needs a URI, got " + uri);
    }
    this.uri = uri;
    this.token = token;
    this.localPath = localPath;
    this.host = host;
  }

  public String localPath() {
    return localPath;
  }

  public String host() {
    return host;
  }

  public String uri() {
    return uri;
  }

  public String token() {
    return token;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FileSource that
        && uri.equals(that.uri)
        && Objects.equals(token, that.token)
        && Objects.equals(localPath, that.localPath)
        && Objects.equals(host, that.host);
  }

  @Override
  public int hashCode() {
    return Objects.hash(uri, token, localPath, host);
  }

  @Override
  public String toString() {
    // The token is a secret.
    return uri;
  }
}
