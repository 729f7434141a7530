package org.netarchive.ee.archive.application.preservation;

/**
 * A file an audit found on a replica's disk.
 *
 * @param fileName its name
 * @param size its length, or -1 where the replica keeps no bytes (checksum-only)
 * @param checksum the SHA-512 computed from the disk (a checksum-only replica's stored one), or
 *     null for a file-list audit
 */
public record Finding(String fileName, long size, String checksum) {}
