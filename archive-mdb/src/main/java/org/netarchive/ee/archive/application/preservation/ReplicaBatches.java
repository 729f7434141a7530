package org.netarchive.ee.archive.application.preservation;

import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.ConnectionFactory;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.netarchive.ee.archive.application.ArchiveSettings;
import org.netarchive.ee.archive.application.ArchiveTransfers;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.message.BatchReply;

/**
 * Reads a replica whose disks this server does not read (a bitarchive node's) for the audits and
 * repairs, through the archive's own batch service as any client would: the request goes over the
 * broker to the replica's monitor, every instance of the replica runs the job and delivers its part
 * to the transfer endpoint. Outside any transaction, so that the request is sent at once and not at
 * the commit of a caller's transaction (an audit's chunk).
 */
@PermitAll
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ReplicaBatches {

  /** How long a job over a whole replica may take (SHA-512 of every file: hours). */
  private static final Duration PATIENCE = Duration.ofHours(24);

  @Resource(lookup = "java:/ConnectionFactory")
  private ConnectionFactory factory;

  @Inject private ArchiveSettings settings;
  @EJB private ArchiveTransfers transfers;

  private ArchiveClient client;

  private synchronized ArchiveClient client() {
    if (client == null) {
      // Delivered over the application's transfer endpoint, as the repairs' and the UI's clients.
      client = new ArchiveClient(factory, null, null, settings.channels(), transfers, PATIENCE, 0);
    }
    return client;
  }

  /**
   * Runs a batch job without parameters over a replica's files and waits for its whole result.
   *
   * @param replica the replica
   * @param job the job, {@code checksum} (SHA-512) or {@code sizes}
   * @param filePattern which files, or null for all
   * @param target where the result goes; must not exist
   * @return the archive's answer
   * @throws IOException if the job did not run, its result did not arrive, or it failed on a file:
   *     a result without a file would have an audit find that copy missing
   */
  public BatchReply run(String replica, String job, String filePattern, Path target)
      throws IOException {
    return requireEveryFile(client().batch(job, Map.of(), filePattern, replica, target));
  }

  /**
   * The answer of a job that processed every file it was given.
   *
   * @throws IOException naming the job, the replica and some of the files if it failed on any
   */
  static BatchReply requireEveryFile(BatchReply reply) throws IOException {
    List<String> failures = reply.fileFailures();
    if (!failures.isEmpty()) {
      throw new IOException(
          "Batch job '"
              + reply.job()
              + "' on replica "
              + reply.replicaId()
              + " failed on "
              + failures.size()
              + " files, e.g. "
              + failures.subList(0, Math.min(3, failures.size()))
              + "; its result cannot be trusted to list every copy (see the log of the"
              + " replica's bitarchive)");
    }
    return reply;
  }

  /**
   * The SHA-512 of a replica's copy of a file, computed from the replica's disks now (a
   * checksum-only replica gives the checksum it keeps).
   *
   * @param work a directory for the result
   * @return the checksum, or empty if no instance of the replica holds the file
   * @throws IOException if the job did not run, or the instances' copies differ
   */
  public Optional<String> sha512(String replica, String fileName, Path work) throws IOException {
    Path result = work.resolve("sha512-" + replica + "-" + UUID.randomUUID() + ".txt");
    try {
      run(replica, "checksum", Pattern.quote(fileName), result);
      String found = null;
      try (BufferedReader lines = Files.newBufferedReader(result, StandardCharsets.UTF_8)) {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          if (!line.startsWith(fileName + "##")) {
            continue;
          }
          String sha512 = line.substring(fileName.length() + 2);
          if (found != null && !found.equals(sha512)) {
            throw new IOException(
                "The copies of '"
                    + fileName
                    + "' in the instances of replica "
                    + replica
                    + " differ: "
                    + found
                    + " and "
                    + sha512);
          }
          found = sha512;
        }
      }
      return Optional.ofNullable(found);
    } finally {
      Files.deleteIfExists(result);
    }
  }
}
