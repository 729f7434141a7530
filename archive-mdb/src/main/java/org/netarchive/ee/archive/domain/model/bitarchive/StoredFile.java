package org.netarchive.ee.archive.domain.model.bitarchive;

import java.nio.file.Path;

/**
 * A file as a bitarchive holds it.
 *
 * @param name the archived file's name
 * @param path where it is on disk
 * @param size its length in bytes
 * @param sha512 its SHA-512 checksum, computed by reading the synced copy back (for a checksum-only
 *     storage, from the bytes as they arrived, which its record holds)
 */
public record StoredFile(String name, Path path, long size, String sha512) {}
