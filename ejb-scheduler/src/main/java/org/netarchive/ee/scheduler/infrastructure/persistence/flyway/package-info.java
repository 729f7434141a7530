/**
 * The database schema: Flyway migrations (db/migration) applied when the application is deployed,
 * before anything else uses the database, and checked on demand.
 */
package org.netarchive.ee.scheduler.infrastructure.persistence.flyway;
