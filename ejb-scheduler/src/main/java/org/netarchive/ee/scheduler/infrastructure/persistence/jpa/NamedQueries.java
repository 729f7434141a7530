package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.NameGlob;
import org.netarchive.ee.scheduler.domain.model.Page;

/**
 * The ways the repositories run the named queries declared on the entities: the results of a list
 * query with one or two parameters, the first of them (an aggregate by its name) or the newest few,
 * a bulk update or delete with one parameter, a slice of a list query and the total of a count
 * query with one parameter, and a page of a list query with the total of its count query, both with
 * the same parameter (a name glob's LIKE pattern, an owner's id), as the lists of the UI and the
 * REST API show them.
 *
 * <p>An entity listed by name declares {@code <Entity>.listByName} and {@code
 * <Entity>.countByName}, whose parameter {@code pattern} is the LIKE pattern of a name glob ({@link
 * NameGlob#toLikePattern}); {@link #pageByName}, {@link #sliceByName} and {@link #countByName} run
 * them.
 */
final class NamedQueries {

  private NamedQueries() {}

  /** The results of a named list query with one parameter. */
  static <T> List<T> list(
      EntityManager em, String query, Class<T> type, String parameter, Object value) {
    return em.createNamedQuery(query, type).setParameter(parameter, value).getResultList();
  }

  /** The results of a named list query with two parameters. */
  static <T> List<T> list(
      EntityManager em,
      String query,
      Class<T> type,
      String parameter,
      Object value,
      String otherParameter,
      Object otherValue) {
    return em.createNamedQuery(query, type)
        .setParameter(parameter, value)
        .setParameter(otherParameter, otherValue)
        .getResultList();
  }

  /** The first {@code max} results of a named list query without parameters. */
  static <T> List<T> atMost(EntityManager em, String query, Class<T> type, int max) {
    return em.createNamedQuery(query, type).setMaxResults(max).getResultList();
  }

  /** Runs a named UPDATE or DELETE with one parameter; returns how many rows it changed. */
  static int update(EntityManager em, String query, String parameter, Object value) {
    return em.createNamedQuery(query).setParameter(parameter, value).executeUpdate();
  }

  /** The first result of a named query with one parameter, if it has any. */
  static <T> Optional<T> first(
      EntityManager em, String query, Class<T> type, String parameter, Object value) {
    return em.createNamedQuery(query, type)
        .setParameter(parameter, value)
        .getResultStream()
        .findFirst();
  }

  /**
   * The results of a named list query with one parameter, from {@code first}, at most {@code max}.
   */
  static <T> List<T> slice(
      EntityManager em,
      String query,
      Class<T> type,
      String parameter,
      Object value,
      int first,
      int max) {
    return em.createNamedQuery(query, type)
        .setParameter(parameter, value)
        .setFirstResult(first)
        .setMaxResults(max)
        .getResultList();
  }

  /** The single result of a named count query with one parameter. */
  static long count(EntityManager em, String query, String parameter, Object value) {
    return em.createNamedQuery(query, Long.class).setParameter(parameter, value).getSingleResult();
  }

  /**
   * A page of a named list query and the total of its named count query.
   *
   * @param page from 0
   * @param size 1 to {@link Page#MAX_SIZE}
   * @throws IllegalArgumentException if the page or size is out of range, naming it
   */
  static <T> Page<T> page(
      EntityManager em,
      String listQuery,
      String countQuery,
      Class<T> type,
      String parameter,
      Object value,
      int page,
      int size) {
    Page.checkRequest(page, size);
    return new Page<>(
        slice(em, listQuery, type, parameter, value, page * size, size),
        count(em, countQuery, parameter, value),
        page,
        size);
  }

  /** A page of the entities whose names match a glob, by the entity's name queries. */
  static <T> Page<T> pageByName(
      EntityManager em, String entity, Class<T> type, String nameGlob, int page, int size) {
    return page(
        em,
        entity + ".listByName",
        entity + ".countByName",
        type,
        "pattern",
        NameGlob.toLikePattern(nameGlob),
        page,
        size);
  }

  /** The entities whose names match a glob, from {@code first}, at most {@code max}. */
  static <T> List<T> sliceByName(
      EntityManager em, String entity, Class<T> type, String nameGlob, int first, int max) {
    return slice(
        em, entity + ".listByName", type, "pattern", NameGlob.toLikePattern(nameGlob), first, max);
  }

  /** How many entities' names match a glob. */
  static long countByName(EntityManager em, String entity, String nameGlob) {
    return count(em, entity + ".countByName", "pattern", NameGlob.toLikePattern(nameGlob));
  }
}
