/**
 * Running SQL over plain JDBC in the few lines a store needs: {@link Sql} binds parameters, reads
 * rows with a mapper and writes batches, so each store keeps only its SQL text and what a row
 * means.
 *
 * <p>The stores that use it keep their connections and transactions (container-managed, or the
 * caller's): nothing here opens, commits or closes a connection.
 */
package org.netarchive.ee.common.jdbc;
