package org.netarchive.ee.archive.interfaces.preservation.batch;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.ItemProcessor;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Optional;
import org.netarchive.ee.archive.application.Bitarchives;
import org.netarchive.ee.archive.application.preservation.AuditRun;
import org.netarchive.ee.archive.application.preservation.Finding;
import org.netarchive.ee.archive.application.preservation.PreservationSettings;
import org.netarchive.ee.archive.domain.model.bitarchive.BitarchiveStorage;
import org.netarchive.ee.archive.domain.model.preservation.AuditKind;
import org.netarchive.ee.archive.domain.model.preservation.Throttle;
import org.netarchive.ee.archive.infrastructure.persistence.jdbc.PreservationRecords;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;

/**
 * Checks one file on the replica's disk: its size (file-list audit), or its SHA-512 computed from
 * the bytes on the disk (checksum audit), at most at the settings' rate; a checksum-only replica
 * gives its stored checksum. A file gone since the listing is left out (the admin data then finds
 * it missing). A finding already made from a batch job over a node's replica is passed on.
 */
@Named("copyCheckProcessor")
@Dependent
public class CopyCheckProcessor implements ItemProcessor {

  private static final int BLOCK = 1 << 20;

  /** How often the rate limit is read again, so a change applies to a running audit. */
  private static final long SETTINGS_NANOS = 5_000_000_000L;

  @Inject
  @BatchProperty(name = "runId")
  private String runId;

  @Inject private PreservationRecords records;
  @Inject private PreservationSettings settings;
  @Inject private Bitarchives bitarchives;

  private BitarchiveStorage storage;
  private AuditKind kind;
  private Throttle throttle;
  private long settingsReadAt;
  private boolean rateRead;
  private final byte[] buffer = new byte[BLOCK];

  @Override
  public Object processItem(Object item) throws Exception {
    if (item instanceof Finding finding) {
      return finding;
    }
    if (storage == null) {
      long id = AuditRunId.parse(runId);
      AuditRun run = records.run(id).orElseThrow();
      storage = bitarchives.of(run.replica());
      kind = run.kind();
      throttle = Throttle.of(0);
    }
    String name = (String) item;
    if (storage.checksumOnly()) {
      if (kind == AuditKind.LIST) {
        return new Finding(name, -1, null);
      }
      Optional<String> stored = storage.sha512(name);
      return stored.map(s -> new Finding(name, -1, s)).orElse(null);
    }
    Optional<Path> file = storage.find(name);
    if (file.isEmpty()) {
      return null;
    }
    try {
      if (kind == AuditKind.LIST) {
        return new Finding(name, Files.size(file.get()), null);
      }
      return sha512(name, file.get());
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  private Finding sha512(String name, Path file) throws IOException, InterruptedException {
    MessageDigest digest = ChecksumAlgorithm.SHA512.newDigest();
    long size = 0;
    try (InputStream in = Files.newInputStream(file)) {
      int n;
      while (true) {
        // Also within a file: a file of gigabytes read at a low limit takes long, and a change of
        // the limit (or a limit set again after a restart) applies to it at once.
        readRateIfDue();
        if ((n = in.readNBytes(buffer, 0, buffer.length)) <= 0) {
          break;
        }
        digest.update(buffer, 0, n);
        size += n;
        throttle.read(n);
      }
    }
    return new Finding(name, size, ChecksumAlgorithm.SHA512.hex(digest));
  }

  /** Reads the rate limit again if it was read longer ago than {@link #SETTINGS_NANOS}. */
  private void readRateIfDue() {
    long now = System.nanoTime();
    if (!rateRead || now - settingsReadAt > SETTINGS_NANOS) {
      throttle.rate(settings.values().rateMegabytesPerSecond() * 1_000_000L);
      settingsReadAt = now;
      rateRead = true;
    }
  }
}
