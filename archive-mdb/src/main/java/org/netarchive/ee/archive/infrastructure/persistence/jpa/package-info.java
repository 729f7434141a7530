/** JPA repositories of the archive's admin data (persistence unit "archive"). */
package org.netarchive.ee.archive.infrastructure.persistence.jpa;
