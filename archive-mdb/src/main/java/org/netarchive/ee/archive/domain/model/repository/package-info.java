/**
 * The repository's record of every archived file and its copy on each replica, and the store state
 * machine that drives a file onto every replica: upload, verify the checksum, answer the client.
 * The state machine is plain Java (unit-tested) mapped to the database with JPA; it never sends
 * anything itself but returns the {@link
 * org.netarchive.ee.archive.domain.model.repository.StoreAction}s the caller carries out in the
 * same transaction.
 */
package org.netarchive.ee.archive.domain.model.repository;
