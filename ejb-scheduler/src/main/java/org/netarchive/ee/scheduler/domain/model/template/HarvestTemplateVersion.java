package org.netarchive.ee.scheduler.domain.model.template;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import org.netarchive.ee.common.template.CrawlTemplate;

/**
 * One text of a {@link HarvestTemplate}, exactly as uploaded, numbered from 1. Never changed once
 * stored: a job refers to the version it was made from, so that it can be repeated exactly and its
 * configuration shown later.
 */
@Entity
@Table(name = "harvest_template_version")
@NamedQuery(
    name = "HarvestTemplateVersion.newestOfTemplate",
    query =
        "SELECT v FROM HarvestTemplateVersion v WHERE v.template.id = :templateId"
            + " ORDER BY v.number DESC")
@NamedQuery(
    name = "HarvestTemplateVersion.byNumber",
    query =
        "SELECT v FROM HarvestTemplateVersion v WHERE v.template.id = :templateId"
            + " AND v.number = :number")
@NamedQuery(
    name = "HarvestTemplateVersion.infoOfTemplate",
    query =
        "SELECT v.template.id, v.number, v.sha256, v.uploadedAt, v.uploadedBy"
            + " FROM HarvestTemplateVersion v WHERE v.template.id = :templateId"
            + " ORDER BY v.number")
@NamedQuery(
    name = "HarvestTemplateVersion.newestInfoOfTemplates",
    query =
        "SELECT v.template.id, v.number, v.sha256, v.uploadedAt, v.uploadedBy"
            + " FROM HarvestTemplateVersion v WHERE v.template.id IN :templateIds"
            + " AND v.number = (SELECT MAX(w.number) FROM HarvestTemplateVersion w"
            + " WHERE w.template.id = v.template.id)")
public class HarvestTemplateVersion {

  /** The longest user name (as in the accounts table). */
  static final int MAX_UPLOADED_BY_LENGTH = 64;

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  @Column(name = "id")
  private Long id;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  @JoinColumn(name = "template_id", nullable = false, updatable = false)
  private HarvestTemplate template;

  @Column(name = "version_number", nullable = false, updatable = false)
  private int number;

  @Column(
      name = "crawler_beans",
      nullable = false,
      updatable = false,
      length = CrawlTemplate.MAX_LENGTH)
  private String text;

  @Column(name = "sha256", nullable = false, updatable = false, length = 64)
  private String sha256;

  @Column(name = "uploaded_at", nullable = false, updatable = false)
  private Instant uploadedAt;

  @Column(name = "uploaded_by", nullable = false, updatable = false, length = 64)
  private String uploadedBy;

  protected HarvestTemplateVersion() {}

  HarvestTemplateVersion(
      HarvestTemplate template,
      int number,
      CrawlTemplate text,
      String uploadedBy,
      Instant uploadedAt) {
    Objects.requireNonNull(text, "text");
    if (uploadedBy == null
        || uploadedBy.isBlank()
        || uploadedBy.length() > MAX_UPLOADED_BY_LENGTH) {
      throw new IllegalArgumentException(
          "Version "
              + number
              + " of harvest template '"
              + template.name()
              + "' needs the user name of who uploads it (1 to "
              + MAX_UPLOADED_BY_LENGTH
              + " characters), not "
              + (uploadedBy == null ? "null" : "'" + uploadedBy + "'"));
    }
    this.template = template;
    this.number = number;
    this.text = text.text();
    this.sha256 = text.sha256();
    this.uploadedBy = uploadedBy;
    this.uploadedAt = Objects.requireNonNull(uploadedAt, "uploadedAt");
  }

  /**
   * The database id, which jobs refer to.
   *
   * @return the id, or {@code null} before the version is stored
   */
  public Long id() {
    return id;
  }

  public HarvestTemplate template() {
    return template;
  }

  /**
   * The version number: 1 for the first text of a template, then one more for each new text.
   *
   * @return the number
   */
  public int number() {
    return number;
  }

  /**
   * The crawler-beans.cxml exactly as uploaded.
   *
   * @return the text
   */
  public String text() {
    return text;
  }

  /**
   * Parses the text again, e.g. to render it for a job.
   *
   * @return the template
   * @throws org.netarchive.ee.common.template.CrawlTemplateException if the text does not pass
   *     today's checks (they may have become stricter since it was uploaded)
   */
  public CrawlTemplate crawlTemplate() {
    return CrawlTemplate.parse(text);
  }

  /**
   * The SHA-256 of the text's UTF-8 encoding, as {@link CrawlTemplate#sha256()}.
   *
   * @return 64 lower-case hexadecimal digits
   */
  public String sha256() {
    return sha256;
  }

  public Instant uploadedAt() {
    return uploadedAt;
  }

  /**
   * Who uploaded this text.
   *
   * @return a user name
   */
  public String uploadedBy() {
    return uploadedBy;
  }

  @Override
  public String toString() {
    return "HarvestTemplateVersion[id="
        + id
        + ", template="
        + template.name()
        + ", number="
        + number
        + ", sha256="
        + sha256
        + "]";
  }
}
