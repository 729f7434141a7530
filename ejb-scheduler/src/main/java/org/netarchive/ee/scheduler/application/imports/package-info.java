/**
 * Switching from NetarchiveSuite: the import of a NetarchiveSuite harvest database (domains with
 * their configurations, seed lists, passwords, aliases and crawler traps; crawl templates;
 * schedules; harvest channels; global crawler trap lists; selective and snapshot harvests; the
 * harvest history). Idempotent (objects are matched by their NetarchiveSuite names), with a dry
 * run, and with a report of every source row it did not take, kept with the import.
 */
package org.netarchive.ee.scheduler.application.imports;
