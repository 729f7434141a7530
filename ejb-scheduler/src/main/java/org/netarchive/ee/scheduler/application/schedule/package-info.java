/**
 * Use cases on schedules: list, read, create and change them, and describe a definition before it
 * is stored. Views are plain records made inside the transaction, with the schedule described in
 * words and its next runs from now.
 */
package org.netarchive.ee.scheduler.application.schedule;
