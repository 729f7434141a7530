/** The archive's tables written with plain JDBC where bulk work needs set-based SQL. */
package org.netarchive.ee.archive.infrastructure.persistence.jdbc;
