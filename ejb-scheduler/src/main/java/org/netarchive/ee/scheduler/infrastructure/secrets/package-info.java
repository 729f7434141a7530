/**
 * Secrets the server keeps outside its database: the key that seals the domains' crawler passwords,
 * in the installation's secrets directory.
 */
package org.netarchive.ee.scheduler.infrastructure.secrets;
