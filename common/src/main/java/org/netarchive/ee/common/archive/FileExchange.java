package org.netarchive.ee.common.archive;

import java.io.IOException;
import java.nio.file.Path;
import org.netarchive.ee.common.message.DeliveryTarget;
import org.netarchive.ee.common.message.RemoteFileRef;

/**
 * Where an {@link ArchiveClient} offers files to the archive and receives what the archive
 * delivers: the agent's and the command-line tools' own {@link FileServer}, or the server
 * application's transfer endpoint.
 */
public interface FileExchange {

  /**
   * Offers a file whose SHA-512 checksum is known, until {@link #withdraw(RemoteFileRef)}.
   *
   * @param file a regular file
   * @param sha512 its checksum
   * @return what the receiver needs to fetch and verify it
   * @throws IOException if the file cannot be read
   */
  RemoteFileRef offer(Path file, String sha512) throws IOException;

  /**
   * Offers a file whose checksum is not known yet: by default computes its SHA-512 and {@link
   * #offer(Path, String) offers} it; an exchange that sends the file away computes the checksum
   * while sending (one read of the file instead of two) and has the receiver confirm it.
   *
   * @param file a regular file
   * @return what the receiver needs to fetch and verify it, with the SHA-512 computed here from the
   *     file's bytes
   * @throws IOException if the file cannot be read or offered
   */
  default RemoteFileRef offer(Path file) throws IOException {
    return offer(file, ChecksumAlgorithm.SHA512.of(file));
  }

  /**
   * Stops offering a file.
   *
   * @param ref what {@link #offer(Path, String)} returned
   */
  void withdraw(RemoteFileRef ref);

  /**
   * Waits for the archive to deliver bytes into a file: one PUT to the returned delivery's {@link
   * DeliveryTarget}, received by {@link Delivery#receive}.
   *
   * @param file where the delivered bytes go; must not exist
   * @return the delivery, with the target to send to the archive
   * @throws IOException if the file exists already
   */
  Delivery expect(Path file) throws IOException;

  /**
   * Stops waiting for a delivery: a later PUT to its target is refused.
   *
   * @param delivery what {@link #expect(Path)} returned
   */
  void forget(Delivery delivery);
}
