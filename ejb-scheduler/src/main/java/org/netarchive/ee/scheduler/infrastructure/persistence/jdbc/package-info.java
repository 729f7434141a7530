/**
 * Plain JDBC for bulk work where per-entity JPA would be too slow (millions of domains): batched
 * inserts that follow the same id conventions as the JPA mappings.
 */
package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;
