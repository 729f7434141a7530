/**
 * The artifacts of the replica audit job (META-INF/batch-jobs/replica-audit.xml): a reader of the
 * replica's file names, a processor checking each file on the disk, a writer staging what it found
 * in the chunk's transaction, the batchlet applying a finished run, and a listener recording a
 * failed one.
 */
package org.netarchive.ee.archive.interfaces.preservation.batch;
