/**
 * A bitarchive's files on its disks: write-once storage in a set of directories, the files'
 * checksums, and the WARC/ARC records inside them. Pure Java SE, so every rule here is unit-tested
 * without a server.
 */
package org.netarchive.ee.archive.domain.model.bitarchive;
