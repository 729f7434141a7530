package org.netarchive.ee.scheduler.domain.model.channel;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.RuleViolation;
import org.netarchive.ee.scheduler.domain.model.StoredEntity;
import org.netarchive.ee.scheduler.domain.model.Text;

/**
 * A job queue for harvests of one kind. Selective harvests use selective channels and snapshot
 * harvests snapshot channels; harvester agents listen on the queue of one channel.
 *
 * <p>The name becomes part of the queue's name, so it is upper-case letters and digits (names are
 * upper-cased when given) and cannot change, nor can the kind: agents and harvests rely on both.
 * Each kind has at most one default channel, which new harvests of that kind use; the default moves
 * with {@link #makeDefaultInsteadOf}, so once a kind has a default it always has one.
 */
@Entity
@Table(name = "harvest_channel")
@NamedQuery(
    name = "HarvestChannel.findByName",
    query = "SELECT c FROM HarvestChannel c WHERE c.name = :name")
@NamedQuery(
    name = "HarvestChannel.findDefault",
    query = "SELECT c FROM HarvestChannel c WHERE c.defaultFor = :kind")
@NamedQuery(name = "HarvestChannel.all", query = "SELECT c FROM HarvestChannel c ORDER BY c.name")
@NamedQuery(
    name = "HarvestChannel.ofKind",
    query = "SELECT c FROM HarvestChannel c WHERE c.kind = :kind ORDER BY c.name")
@NamedQuery(
    name = "HarvestChannel.listByName",
    query =
        "SELECT c FROM HarvestChannel c WHERE LOWER(c.name) LIKE :pattern ESCAPE '!'"
            + " ORDER BY c.name, c.id")
@NamedQuery(
    name = "HarvestChannel.countByName",
    query = "SELECT COUNT(c) FROM HarvestChannel c WHERE LOWER(c.name) LIKE :pattern ESCAPE '!'")
@NamedQuery(
    name = "HarvestChannel.clearDefault",
    query = "UPDATE HarvestChannel c SET c.defaultFor = NULL WHERE c.defaultFor = :kind")
public class HarvestChannel extends StoredEntity {

  /** The default selective channel of a new installation (queue {@code ANY_HIGHPRIORITY_HACO}). */
  public static final String HIGH_PRIORITY = "HIGHPRIORITY";

  /** The default snapshot channel of a new installation (queue {@code ANY_LOWPRIORITY_HACO}). */
  public static final String LOW_PRIORITY = "LOWPRIORITY";

  public static final int MAX_NAME_LENGTH = 60;
  public static final int MAX_COMMENTS_LENGTH = 4000;

  /**
   * What a queue name part may be (see {@code Channels.harvestJobs}): letters A-Z and digits. No
   * '_', which separates the parts of a queue name.
   */
  private static final Pattern NAME = Pattern.compile("[A-Z0-9]{1," + MAX_NAME_LENGTH + "}");

  @Column(name = "name", nullable = false, updatable = false, length = MAX_NAME_LENGTH)
  private String name;

  @Enumerated(EnumType.STRING)
  @Column(name = "kind", nullable = false, updatable = false, length = 16)
  private HarvestKind kind;

  /**
   * The kind this channel is the default of, or {@code null}. A column of its own rather than a
   * flag, so that a unique key on it allows one default per kind on every database.
   */
  @Enumerated(EnumType.STRING)
  @Column(name = "default_kind", length = 16)
  private HarvestKind defaultFor;

  @Column(name = "comments", length = MAX_COMMENTS_LENGTH)
  private String comments;

  protected HarvestChannel() {}

  /**
   * A new channel, not the default of its kind.
   *
   * @param name 1 to 60 letters A-Z and digits; lower case is upper-cased
   * @param kind the kind of harvests whose jobs it carries
   * @param comments what it is for; {@code null} or blank for none
   * @throws IllegalArgumentException if the name or comments are not valid
   */
  public HarvestChannel(String name, HarvestKind kind, String comments) {
    this.name = validName(name);
    this.kind = Objects.requireNonNull(kind, "kind");
    changeComments(comments);
  }

  /**
   * The form a channel name is stored in: upper-cased and checked.
   *
   * @throws IllegalArgumentException naming the value, if it is not 1 to 60 letters and digits
   */
  public static String validName(String name) {
    String upper = name == null ? null : name.strip().toUpperCase(Locale.ROOT);
    if (upper == null || !NAME.matcher(upper).matches()) {
      throw new RuleViolation(
          null,
          name == null
              ? Text.of("channel.nameMissing", MAX_NAME_LENGTH)
              : Text.of("channel.nameInvalid", name, MAX_NAME_LENGTH));
    }
    return upper;
  }

  /**
   * Makes this channel the default of its kind in place of {@code current}, which stops being it.
   * Nothing changes if this channel is the default already.
   *
   * @param current the present default of this channel's kind, or {@code null} if it has none
   * @throws IllegalArgumentException if {@code current} is of another kind or is not a default
   */
  public void makeDefaultInsteadOf(HarvestChannel current) {
    if (current == this || isDefault()) {
      return;
    }
    if (current != null) {
      // Through methods: a lazily loaded channel is a proxy whose fields are not set.
      if (current.kind() != kind) {
        throw new RuleViolation(
            null,
            Text.of(
                "channel.defaultOfOtherKind",
                name,
                kind.harvests(),
                current.name(),
                current.kind().harvests()));
      }
      if (!current.isDefault()) {
        throw new RuleViolation(
            null, Text.of("channel.notDefault", current.name(), kind.channel(), name));
      }
      current.stopBeingDefault();
    }
    this.defaultFor = kind;
  }

  void stopBeingDefault() {
    this.defaultFor = null;
  }

  /**
   * Replaces the comments.
   *
   * @param newComments what the channel is for; {@code null} or blank for none
   * @throws IllegalArgumentException if they are longer than 4000 characters
   */
  public void changeComments(String newComments) {
    String checked = newComments == null || newComments.isBlank() ? null : newComments.strip();
    if (checked != null && checked.length() > MAX_COMMENTS_LENGTH) {
      throw new RuleViolation(
          null, Text.of("channel.commentsTooLong", name, checked.length(), MAX_COMMENTS_LENGTH));
    }
    this.comments = checked;
  }

  /**
   * Whether harvests of {@code harvestKind} may use this channel.
   *
   * @throws IllegalArgumentException naming the harvest and the channel, if they differ in kind
   */
  public void checkCarries(HarvestKind harvestKind, String harvestName) {
    if (harvestKind != kind) {
      throw new RuleViolation(
          null,
          Text.of(
              "channel.otherKind", harvestKind.harvestNamed(harvestName), name, kind.harvests()));
    }
  }

  /** The name, upper-case, e.g. {@code HIGHPRIORITY}. */
  public String name() {
    return name;
  }

  public HarvestKind kind() {
    return kind;
  }

  /** Whether new harvests of this channel's kind use it. */
  public boolean isDefault() {
    return defaultFor != null;
  }

  /** What the channel is for; {@code null} if nobody said. */
  public String comments() {
    return comments;
  }

  @Override
  public String toString() {
    return "HarvestChannel[id="
        + id()
        + ", name="
        + name
        + ", kind="
        + kind
        + (isDefault() ? ", default" : "")
        + "]";
  }
}
