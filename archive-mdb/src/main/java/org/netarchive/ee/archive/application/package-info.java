/**
 * The archive's services: the repository (store state machine over the admin data), the bitarchives
 * of this server, their configuration and start-up recovery.
 */
package org.netarchive.ee.archive.application;
