package org.netarchive.ee.scheduler.domain.model.domain;

import jakarta.persistence.Column;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Version;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * A named part of one domain: a configuration, a seed list or a password entry. Each belongs to its
 * domain for good, has a name checked as every such name is ({@link Names}), comments checked as
 * every curator's comment is ({@link Comments}), and a version for forms that edit a detached copy.
 * Each keeps its own id and sequence.
 */
@MappedSuperclass
public abstract class DomainPart {

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  @JoinColumn(name = "domain_id")
  private Domain domain;

  @Column(name = "name", nullable = false, length = 128)
  private String name;

  @Column(name = "comments", length = Comments.MAX_LENGTH)
  private String comments;

  @Version
  @Column(name = "version", nullable = false)
  private int version;

  protected DomainPart() {}

  /**
   * @param noun what the part is, for refusals, e.g. {@code noun.seedList}
   * @throws RuleViolation if the name is not valid
   */
  DomainPart(Domain domain, Text noun, String name) {
    this.domain = domain;
    this.name = Names.check(noun, name);
  }

  /** How refusals name the part, e.g. "seed list 'default' of domain 'kb.dk'". */
  abstract Text describe();

  /**
   * Replaces the comments.
   *
   * @throws RuleViolation if they are too long
   */
  public void changeComments(String newComments) {
    this.comments = Comments.checked(describe(), newComments);
  }

  public Domain domain() {
    return domain;
  }

  public String name() {
    return name;
  }

  public String comments() {
    return comments;
  }

  public int version() {
    return version;
  }
}
