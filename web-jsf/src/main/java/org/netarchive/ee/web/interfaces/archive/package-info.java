/**
 * The Archive section's access to the archive, shared by its pages and its REST resource: the admin
 * data through the archive module's {@code ArchiveAdmin}, and stores, records, files and batch jobs
 * through the archive client over the server's in-VM broker connection, long ones as tasks that run
 * in the background.
 */
package org.netarchive.ee.web.interfaces.archive;
