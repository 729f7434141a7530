/**
 * Sending the archive's messages: to the repository, to the bitarchives of a replica, to clients.
 */
package org.netarchive.ee.archive.infrastructure.messaging.jms;
