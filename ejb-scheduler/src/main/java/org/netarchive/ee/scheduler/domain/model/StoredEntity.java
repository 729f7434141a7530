package org.netarchive.ee.scheduler.domain.model;

import jakarta.persistence.Column;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Version;

/**
 * An entity that curators edit through forms: its table numbers its rows (an {@code id} identity
 * column, so each entity keeps its own numbering) and a {@code version} column guards the detached
 * copy a form edits (optimistic locking).
 */
@MappedSuperclass
public abstract class StoredEntity {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  @Column(name = "id")
  private Long id;

  @Version
  @Column(name = "version", nullable = false)
  private int version;

  protected StoredEntity() {}

  /** The database id; {@code null} until the entity is stored. */
  public Long id() {
    return id;
  }

  /** The optimistic-locking version, for forms that edit a detached copy. */
  public int version() {
    return version;
  }
}
