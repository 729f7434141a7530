/**
 * Rules of the archive that every part shares: which names an archived file may have, and how its
 * checksums are computed and written. The server's bitarchives, the repository, the archive client
 * and the harvester agent all apply the same rules, so a name or checksum refused by one is refused
 * by all.
 */
package org.netarchive.ee.common.archive;
