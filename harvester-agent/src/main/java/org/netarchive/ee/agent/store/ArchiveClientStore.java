package org.netarchive.ee.agent.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.logging.Logger;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.ServerUploads;
import org.netarchive.ee.common.archive.TlsTrust;
import org.netarchive.ee.common.channel.Channels;

/**
 * The agent's archive: the archive's own client ({@link ArchiveClient}) over the server's broker,
 * uploading the job's files to the server ({@link ServerUploads}), which offers them to the
 * replicas. The agent opens every connection itself and listens on no port.
 *
 * <p>A store is the two stages of the archive client's store-and-delete: the file is stored (the
 * repository answers OK only when every replica holds it with the SHA-512 computed here), then its
 * SHA-512 is computed again and must still be the one the archive confirmed. Only then does {@link
 * #store} return, and the agent records the confirmation in the job directory and deletes the file
 * (in that order, so that a crash in between never leaves a deleted file unrecorded).
 */
public final class ArchiveClientStore implements ArchiveStore {

  private static final Logger LOG = Logger.getLogger(ArchiveClientStore.class.getName());

  private final ActiveMQConnectionFactory factory;
  private final ArchiveClient client;

  private ArchiveClientStore(ActiveMQConnectionFactory factory, ArchiveClient client) {
    this.factory = factory;
    this.client = client;
  }

  /**
   * Makes the client.
   *
   * @param settings the archive settings
   * @param channels the installation's channel names
   * @return the store; {@link #close()} closes its broker connections
   */
  public static ArchiveClientStore open(ArchiveSettings settings, Channels channels) {
    ServerUploads files =
        new ServerUploads(
            settings.serverUrl(),
            settings.brokerUser(),
            settings.brokerPassword(),
            Optional.ofNullable(settings.trustedCertificates())
                .map(file -> TlsTrust.trusting(ArchiveSettings.TRUSTED_CERTIFICATES, file)),
            1000L * settings.uploadMinKilobytesPerSecond(),
            ServerUploads.UPLOAD_GRACE,
            settings.uploadSourceAddress());
    ActiveMQConnectionFactory factory =
        new ActiveMQConnectionFactory(settings.brokerConnectionUrl());
    ArchiveClient client =
        new ArchiveClient(
            factory,
            settings.brokerUser(),
            settings.brokerPassword(),
            channels,
            files,
            settings.storeTimeout(),
            settings.storeRetries());
    LOG.info(
        () ->
            "Archive client ready: "
                + settings
                + ", files uploaded to "
                + settings.serverUrl()
                + ServerUploads.PATH
                + ", repository queue "
                + channels.theRepos().name());
    return new ArchiveClientStore(factory, client);
  }

  @Override
  public void store(Path file) throws ArchiveStoreException {
    String name = file.getFileName().toString();
    String confirmed;
    try {
      confirmed = client.store(file);
    } catch (org.netarchive.ee.common.archive.ArchiveStoreException e) {
      throw new ArchiveStoreException(e.getMessage(), e);
    } catch (IOException | RuntimeException e) {
      throw new ArchiveStoreException("File '" + name + "' was not stored: " + e.getMessage(), e);
    }
    String now;
    try {
      now = ChecksumAlgorithm.SHA512.of(file);
    } catch (IOException e) {
      throw new ArchiveStoreException(
          "File '" + name + "' was stored but cannot be read again to verify it: " + e, e);
    }
    if (!now.equals(confirmed)) {
      throw new ArchiveStoreException(
          "File '"
              + name
              + "' changed after the archive stored it (SHA-512 now "
              + now
              + ", stored "
              + confirmed
              + "); it is kept");
    }
  }

  @Override
  public void close() {
    factory.close();
  }
}
