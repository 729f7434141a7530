package org.netarchive.ee.scheduler.domain.model.harvest;

import jakarta.persistence.Column;
import jakarta.persistence.DiscriminatorColumn;
import jakarta.persistence.DiscriminatorType;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Inheritance;
import jakarta.persistence.InheritanceType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import org.netarchive.ee.scheduler.domain.model.DisplayNames;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.StoredEntity;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.channel.HarvestChannel;

/**
 * What to harvest and when: a selective or a snapshot harvest. Names are unique across both kinds.
 * A harvest has a channel of its own kind, to whose queue its jobs go, and counts its runs.
 *
 * <p>Both kinds share one table, {@code harvest_definition}, told apart by its {@code kind} column
 * (single-table inheritance): the scheduler asks "which harvests are due" across both kinds, jobs
 * and the history refer to harvests of either kind by one id, and a name is unique across both with
 * one key. The few columns of one kind are NULL for the other, which CHECK constraints enforce.
 */
@Entity
@Table(name = "harvest_definition")
@Inheritance(strategy = InheritanceType.SINGLE_TABLE)
@DiscriminatorColumn(name = "kind", discriminatorType = DiscriminatorType.STRING, length = 16)
@NamedQuery(
    name = "HarvestDefinition.findByName",
    query = "SELECT h FROM HarvestDefinition h WHERE h.name = :name")
@NamedQuery(
    name = "HarvestDefinition.listByName",
    query =
        "SELECT h FROM HarvestDefinition h WHERE LOWER(h.name) LIKE :pattern ESCAPE '!'"
            + " ORDER BY LOWER(h.name), h.id")
@NamedQuery(
    name = "HarvestDefinition.countByName",
    query = "SELECT COUNT(h) FROM HarvestDefinition h WHERE LOWER(h.name) LIKE :pattern ESCAPE '!'")
public abstract class HarvestDefinition extends StoredEntity {

  public static final int MAX_NAME_LENGTH = 128;
  public static final int MAX_COMMENTS_LENGTH = 4000;
  public static final int MAX_AUDIENCE_LENGTH = 100;

  @Column(name = "name", nullable = false, length = MAX_NAME_LENGTH)
  private String name;

  @Column(name = "comments", length = MAX_COMMENTS_LENGTH)
  private String comments;

  /** Whom the harvest is for, as a curator says it ("researchers", "the public"); free text. */
  @Column(name = "audience", length = MAX_AUDIENCE_LENGTH)
  private String audience;

  @Column(name = "active", nullable = false)
  private boolean active;

  @ManyToOne(fetch = FetchType.LAZY, optional = false)
  @JoinColumn(name = "channel_id")
  private HarvestChannel channel;

  @Column(name = "run_count", nullable = false)
  private int runCount;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "scheduling_failure", length = MAX_COMMENTS_LENGTH)
  private String schedulingFailure;

  @Column(name = "scheduling_failed_at")
  private Instant schedulingFailedAt;

  protected HarvestDefinition() {}

  /**
   * A new, inactive harvest that has not run.
   *
   * @throws IllegalArgumentException if the name is not valid or the channel is of another kind
   */
  protected HarvestDefinition(String name, HarvestChannel channel, Instant createdAt) {
    this.name = validName(name);
    this.createdAt = Objects.requireNonNull(createdAt, "createdAt");
    useChannel(channel);
  }

  /** Which kind of harvest this is. */
  public abstract HarvestKind kind();

  /**
   * Starts the harvest: it runs when it is due.
   *
   * @param now the time of activation
   * @throws IllegalArgumentException naming the harvest and what it lacks, if it cannot run
   */
  public abstract void activate(Instant now);

  /** Stops the harvest; it makes no more jobs until it is activated again. */
  public void deactivate() {
    this.active = false;
  }

  /** Whether the scheduler should make jobs for the harvest now. */
  public abstract boolean isDue(Instant now);

  /**
   * Counts a run, once the scheduler has made the run's jobs (whether or not they succeed).
   *
   * @param now when the jobs were made
   * @throws IllegalStateException if the harvest is not active
   */
  /**
   * Deactivates the harvest because scheduling or splitting it failed, and keeps why.
   *
   * @param reason what went wrong
   * @param now when
   */
  public void deactivateBecause(String reason, Instant now) {
    deactivate();
    String text = reason == null || reason.isBlank() ? "unknown error" : reason.strip();
    this.schedulingFailure =
        text.length() <= MAX_COMMENTS_LENGTH ? text : text.substring(0, MAX_COMMENTS_LENGTH);
    this.schedulingFailedAt = Objects.requireNonNull(now, "now");
  }

  /** Why the scheduler last deactivated the harvest, if it did. */
  public java.util.Optional<String> schedulingFailure() {
    return java.util.Optional.ofNullable(schedulingFailure);
  }

  /** When the scheduler last deactivated the harvest, if it did. */
  public java.util.Optional<Instant> schedulingFailedAt() {
    return java.util.Optional.ofNullable(schedulingFailedAt);
  }

  public void recordRun(Instant now) {
    if (!active) {
      throw new IllegalStateException(describe() + " is not active, so it does not run");
    }
    runCount++;
  }

  /**
   * Gives the harvest another name; it must be unique, which the caller checks.
   *
   * @throws IllegalArgumentException if the name is blank, too long or has control characters
   */
  public void rename(String newName) {
    this.name = validName(newName);
  }

  /**
   * Replaces the comments.
   *
   * @param newComments {@code null} or blank for none
   * @throws IllegalArgumentException if they are longer than 4000 characters
   */
  public void changeComments(String newComments) {
    this.comments = checkedText(Text.of("part.comments"), newComments, MAX_COMMENTS_LENGTH);
  }

  /**
   * Replaces the audience.
   *
   * @param newAudience {@code null} or blank for none
   * @throws IllegalArgumentException if it is longer than 100 characters
   */
  public void changeAudience(String newAudience) {
    this.audience = checkedText(Text.of("part.audience"), newAudience, MAX_AUDIENCE_LENGTH);
  }

  /**
   * Sends the harvest's future jobs to another channel.
   *
   * @throws IllegalArgumentException if the channel carries the other kind of harvests
   */
  public void useChannel(HarvestChannel newChannel) {
    Objects.requireNonNull(newChannel, "channel");
    newChannel.checkCarries(kind(), name);
    this.channel = newChannel;
  }

  /**
   * The form a harvest name is stored in: without surrounding blanks, 1 to 128 characters, no
   * control characters.
   *
   * @throws IllegalArgumentException naming the value and the rule
   */
  public static String validName(String name) {
    return DisplayNames.check(Text.of("noun.harvestName"), name, MAX_NAME_LENGTH);
  }

  private String checkedText(Text what, String text, int maxLength) {
    String checked = text == null || text.isBlank() ? null : text.strip();
    if (checked != null && checked.length() > maxLength) {
      throw new RuleViolation(
          null, Text.of("harvest.textTooLong", what, named(), checked.length(), maxLength));
    }
    return checked;
  }

  /** The harvest as messages name it, e.g. "selective harvest 'Election 2026'". */
  public String describe() {
    return named().english();
  }

  /** As {@link #describe()}, to be said in any language. */
  public Text named() {
    return kind().harvestNamed(name);
  }

  /** Sets the active flag; the subclasses check first whether the harvest can run. */
  protected void setActive(boolean active) {
    this.active = active;
  }

  public String name() {
    return name;
  }

  /** The comments; {@code null} if there are none. */
  public String comments() {
    return comments;
  }

  /** Whom the harvest is for; {@code null} if nobody said. */
  public String audience() {
    return audience;
  }

  public boolean isActive() {
    return active;
  }

  public HarvestChannel channel() {
    return channel;
  }

  /** How many times the scheduler has made jobs for the harvest. */
  public int runCount() {
    return runCount;
  }

  public Instant createdAt() {
    return createdAt;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName()
        + "[id="
        + id()
        + ", name="
        + name
        + ", active="
        + active
        + "]";
  }
}
