/**
 * Bit preservation (reference/004, "ActiveBitPreservation"): audits of each replica as batch jobs,
 * their findings applied set-based, the vote on copies that disagree, repair from a good copy
 * through the archive's own store and correction, the fixity ledger, schedules and settings.
 *
 * <p>An audit lists the replica's disk, checks file by file (a file-list audit the names and sizes,
 * a checksum audit the SHA-512 computed again from the disk) and writes what it found to a staging
 * table in the transaction of each chunk. When the disk is done, the findings are compared with the
 * admin data in a handful of statements, whatever the number of files: per copy a state (OK,
 * MISSING, CORRUPT, UNKNOWN_FILE), the ledger's entries for what is wrong or changed, and the
 * archive's own store and checksum state of the copies, so that the repository never picks a
 * missing or corrupt copy as a good one.
 *
 * <p>A replica held on a bitarchive node is read by its own instances: a batch job over it ({@link
 * org.netarchive.ee.archive.application.preservation.ReplicaBatches}) gives the findings ({@link
 * org.netarchive.ee.archive.application.preservation.BatchResultFindings}) and the checksums a
 * repair checks.
 */
package org.netarchive.ee.archive.application.preservation;
