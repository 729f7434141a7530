/**
 * Plain JDBC for bulk work where per-entity JPA would be too slow (millions of domains): batched or
 * multi-row inserts that follow the same id conventions as the JPA mappings, and lookups by lists
 * of keys that stay quick as the tables grow.
 */
package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;
