package org.netarchive.ee.scheduler.domain.model.trap;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;
import java.util.ArrayList;
import java.util.List;
import org.netarchive.ee.scheduler.domain.model.DisplayNames;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.StoredEntity;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlerTraps;

/**
 * A named list of crawler traps that applies to every harvest while it is active. Each expression
 * is a Java regular expression, checked as domains' traps are ({@link CrawlerTraps#validate}); a
 * list has at least one.
 */
@Entity
@Table(name = "global_crawler_trap_list")
@NamedQuery(
    name = "GlobalCrawlerTrapList.findByName",
    query = "SELECT l FROM GlobalCrawlerTrapList l WHERE l.name = :name")
@NamedQuery(
    name = "GlobalCrawlerTrapList.listByName",
    query =
        "SELECT l FROM GlobalCrawlerTrapList l WHERE LOWER(l.name) LIKE :pattern ESCAPE '!'"
            + " ORDER BY LOWER(l.name), l.id")
@NamedQuery(
    name = "GlobalCrawlerTrapList.countByName",
    query =
        "SELECT COUNT(l) FROM GlobalCrawlerTrapList l WHERE LOWER(l.name) LIKE :pattern ESCAPE '!'")
@NamedQuery(
    name = "GlobalCrawlerTrapList.activeExpressions",
    query =
        "SELECT DISTINCT e FROM GlobalCrawlerTrapList l JOIN l.expressions e"
            + " WHERE l.active = TRUE ORDER BY e")
public class GlobalCrawlerTrapList extends StoredEntity {

  public static final int MAX_NAME_LENGTH = 128;
  public static final int MAX_DESCRIPTION_LENGTH = 4000;

  @Column(name = "name", nullable = false, length = MAX_NAME_LENGTH)
  private String name;

  @Column(name = "description", length = MAX_DESCRIPTION_LENGTH)
  private String description;

  @Column(name = "active", nullable = false)
  private boolean active;

  @ElementCollection(fetch = FetchType.LAZY)
  @CollectionTable(name = "global_crawler_trap", joinColumns = @JoinColumn(name = "list_id"))
  @OrderColumn(name = "position")
  @Column(name = "expression", nullable = false, length = CrawlerTraps.MAX_LENGTH)
  private List<String> expressions = new ArrayList<>();

  protected GlobalCrawlerTrapList() {}

  /**
   * A new, active list.
   *
   * @param name 1 to 128 characters without tabs or line breaks; unique (the caller checks)
   * @param description what the list is for; {@code null} or blank for none
   * @param expressions the traps, one regular expression each; blank ones and repetitions are
   *     dropped, at least one must remain
   * @throws IllegalArgumentException naming the list and what is wrong
   */
  public GlobalCrawlerTrapList(String name, String description, List<String> expressions) {
    this.name = validName(name);
    this.active = true;
    describe(description);
    changeExpressions(expressions);
  }

  /**
   * Replaces the traps.
   *
   * @param newExpressions one regular expression each; blank ones and repetitions are dropped
   * @throws IllegalArgumentException naming the list and the expression that does not compile, or
   *     if none remains
   */
  public void changeExpressions(List<String> newExpressions) {
    List<String> valid = CrawlerTraps.validate(owner(), newExpressions);
    if (valid.isEmpty()) {
      throw new RuleViolation(null, Text.of("trapList.empty", owner()));
    }
    expressions.clear();
    expressions.addAll(valid);
  }

  /**
   * Gives the list another name; it must be unique, which the caller checks.
   *
   * @throws IllegalArgumentException if the name is not valid
   */
  public void rename(String newName) {
    this.name = validName(newName);
  }

  /**
   * Replaces the description.
   *
   * @param newDescription {@code null} or blank for none
   * @throws IllegalArgumentException if it is longer than 4000 characters
   */
  public void describe(String newDescription) {
    String checked =
        newDescription == null || newDescription.isBlank() ? null : newDescription.strip();
    if (checked != null && checked.length() > MAX_DESCRIPTION_LENGTH) {
      throw new RuleViolation(
          null,
          Text.of(
              "trapList.descriptionTooLong", owner(), checked.length(), MAX_DESCRIPTION_LENGTH));
    }
    this.description = checked;
  }

  /** New jobs get the list's traps. */
  public void activate() {
    this.active = true;
  }

  /** New jobs no longer get the list's traps; the list is kept. */
  public void deactivate() {
    this.active = false;
  }

  /**
   * The form a list name is stored in: without surrounding blanks, 1 to 128 characters, no control
   * characters.
   *
   * @throws IllegalArgumentException naming the value and the rule
   */
  public static String validName(String name) {
    return DisplayNames.check(Text.of("noun.trapListName"), name, MAX_NAME_LENGTH);
  }

  private Text owner() {
    return Text.of("owner.trapList", name);
  }

  public String name() {
    return name;
  }

  /** What the list is for; {@code null} if nobody said. */
  public String description() {
    return description;
  }

  public boolean isActive() {
    return active;
  }

  /** The traps, in the order given. */
  public List<String> expressions() {
    return List.copyOf(expressions);
  }

  @Override
  public String toString() {
    return "GlobalCrawlerTrapList[id=" + id() + ", name=" + name + ", active=" + active + "]";
  }
}
