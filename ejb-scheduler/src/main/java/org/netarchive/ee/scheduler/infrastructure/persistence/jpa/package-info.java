/** JPA implementations of the domain repositories, on the "netarchive" persistence unit. */
package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;
