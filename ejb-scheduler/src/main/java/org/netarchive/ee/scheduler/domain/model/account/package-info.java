/**
 * User accounts of the admin UI, the REST API and the broker: name, salted password digest and
 * roles. The server's JDBC security realm reads the same tables.
 */
package org.netarchive.ee.scheduler.domain.model.account;
