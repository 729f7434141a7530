/**
 * Storing a job's files in the archive: the {@link org.netarchive.ee.agent.store.ArchiveStore} the
 * agent needs from the archive's client, and the upload of a job directory through it.
 */
package org.netarchive.ee.agent.store;
