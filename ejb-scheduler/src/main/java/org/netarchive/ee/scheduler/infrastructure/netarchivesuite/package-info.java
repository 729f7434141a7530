/**
 * Reading a NetarchiveSuite harvest database (PostgreSQL, the schema of NetarchiveSuite 7.x and 8.x
 * as its {@code createHarvestDB.pgsql} defines it) for the import: plain JDBC, read only, streamed
 * in key order so that millions of domains never sit in memory at once.
 */
package org.netarchive.ee.scheduler.infrastructure.netarchivesuite;
