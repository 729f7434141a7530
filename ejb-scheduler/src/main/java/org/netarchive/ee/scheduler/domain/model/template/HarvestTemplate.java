package org.netarchive.ee.scheduler.domain.model.template;

import jakarta.persistence.CascadeType;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * A named Heritrix 3 crawl template that harvests are configured with, and every text uploaded for
 * it. Uploading a text that differs from the current one adds a version; the current text is the
 * newest version. Inactive templates are kept (jobs refer to their versions) but are not offered
 * for new harvests.
 */
@Entity
@Table(name = "harvest_template")
@NamedQuery(
    name = "HarvestTemplate.findByName",
    query = "SELECT t FROM HarvestTemplate t WHERE t.name = :name")
@NamedQuery(
    name = "HarvestTemplate.listByName",
    query =
        "SELECT t FROM HarvestTemplate t WHERE LOWER(t.name) LIKE :pattern ESCAPE '!'"
            + " ORDER BY t.name, t.id")
@NamedQuery(
    name = "HarvestTemplate.countByName",
    query = "SELECT COUNT(t) FROM HarvestTemplate t WHERE LOWER(t.name) LIKE :pattern ESCAPE '!'")
public class HarvestTemplate {

  /** The longest name, in characters. */
  public static final int MAX_NAME_LENGTH = 128;

  /** The longest description, in characters. */
  public static final int MAX_DESCRIPTION_LENGTH = 2000;

  /** Letters, digits, ' ', '_', '-', '.'; no space at either end, so names look as they are. */
  private static final Pattern NAME =
      Pattern.compile("[\\p{L}\\p{Nd}_.-]([\\p{L}\\p{Nd} _.-]{0,126}[\\p{L}\\p{Nd}_.-])?");

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  @Column(name = "id")
  private Long id;

  @Column(name = "name", nullable = false, unique = true, length = MAX_NAME_LENGTH)
  private String name;

  @Column(name = "description", nullable = false, length = MAX_DESCRIPTION_LENGTH)
  private String description;

  @Column(name = "active", nullable = false)
  private boolean active;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  /** Loaded only when uploading or listing versions; new versions are persisted with it. */
  @OneToMany(mappedBy = "template", cascade = CascadeType.PERSIST)
  @OrderBy("number ASC")
  private List<HarvestTemplateVersion> versions = new ArrayList<>();

  @Version
  @Column(name = "version", nullable = false)
  private int version;

  protected HarvestTemplate() {}

  /**
   * A new, active template with its first version.
   *
   * @param name 1 to 128 letters, digits, spaces, '_', '-' or '.', not starting or ending with a
   *     space
   * @param description what the template is for; {@code null} for none; at most 2000 characters
   * @param text the first text, already checked by {@link CrawlTemplate#parse(String)}
   * @param uploadedBy the user name of who uploads it
   * @param createdAt when it is uploaded
   * @throws IllegalArgumentException if the name, description or user name is not valid
   */
  public HarvestTemplate(
      String name, String description, CrawlTemplate text, String uploadedBy, Instant createdAt) {
    this.name = validName(name);
    this.description = validDescription(name, description);
    this.active = true;
    this.createdAt = Objects.requireNonNull(createdAt, "createdAt");
    versions.add(new HarvestTemplateVersion(this, 1, text, uploadedBy, createdAt));
  }

  /**
   * Uploads a text for this template. It becomes a new version, numbered one more than the current
   * one, unless it is exactly the current text.
   *
   * @param text the text, already checked by {@link CrawlTemplate#parse(String)}
   * @param uploadedBy the user name of who uploads it
   * @param uploadedAt when it is uploaded
   * @return the new version, or empty if the text is the current one
   * @throws IllegalArgumentException if the user name is not valid
   */
  public Optional<HarvestTemplateVersion> upload(
      CrawlTemplate text, String uploadedBy, Instant uploadedAt) {
    Objects.requireNonNull(text, "text");
    HarvestTemplateVersion current = currentVersion();
    if (current.sha256().equals(text.sha256()) && current.text().equals(text.text())) {
      return Optional.empty();
    }
    HarvestTemplateVersion next =
        new HarvestTemplateVersion(this, current.number() + 1, text, uploadedBy, uploadedAt);
    versions.add(next);
    return Optional.of(next);
  }

  /**
   * The newest version, whose text is the template's current text.
   *
   * @return the current version
   */
  public HarvestTemplateVersion currentVersion() {
    return versions.get(versions.size() - 1);
  }

  /**
   * A version by its number.
   *
   * @param number the version number, from 1
   * @return the version, or empty if there is none of that number
   */
  public Optional<HarvestTemplateVersion> version(int number) {
    return versions.stream().filter(v -> v.number() == number).findFirst();
  }

  /**
   * All versions, oldest first.
   *
   * @return an unmodifiable list of at least one version
   */
  public List<HarvestTemplateVersion> versions() {
    return List.copyOf(versions);
  }

  /**
   * Changes the description.
   *
   * @param description what the template is for; {@code null} for none; at most 2000 characters
   * @throws IllegalArgumentException if it is too long
   */
  public void describe(String description) {
    this.description = validDescription(name, description);
  }

  /** Offers the template for new harvests. */
  public void activate() {
    this.active = true;
  }

  /** Stops offering the template for new harvests; existing harvests and jobs keep it. */
  public void deactivate() {
    this.active = false;
  }

  /**
   * The database id.
   *
   * @return the id, or {@code null} before the template is stored
   */
  public Long id() {
    return id;
  }

  public String name() {
    return name;
  }

  /**
   * What the template is for.
   *
   * @return the description, empty if there is none
   */
  public String description() {
    return description;
  }

  public boolean active() {
    return active;
  }

  public Instant createdAt() {
    return createdAt;
  }

  /**
   * Checks a template name.
   *
   * @param name the name to check
   * @return the name
   * @throws IllegalArgumentException naming the name and what is allowed
   */
  public static String validName(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new RuleViolation(
          null,
          name == null
              ? Text.of("template.nameMissing", MAX_NAME_LENGTH)
              : Text.of("template.nameInvalid", name, MAX_NAME_LENGTH));
    }
    return name;
  }

  private static String validDescription(String name, String description) {
    if (description == null) {
      return "";
    }
    if (description.length() > MAX_DESCRIPTION_LENGTH) {
      throw new RuleViolation(
          null,
          Text.of(
              "template.descriptionTooLong", name, description.length(), MAX_DESCRIPTION_LENGTH));
    }
    return description;
  }

  @Override
  public String toString() {
    return "HarvestTemplate[id=" + id + ", name=" + name + ", active=" + active + "]";
  }
}
