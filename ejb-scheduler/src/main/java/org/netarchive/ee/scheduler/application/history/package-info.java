/**
 * Use cases on the harvest history: import an earlier system's history from CSV, read a domain's
 * history.
 */
package org.netarchive.ee.scheduler.application.history;
