package org.netarchive.ee.agent.store;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.logging.Logger;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ChecksumAlgorithm;
import org.netarchive.ee.common.archive.FileServer;
import org.netarchive.ee.common.channel.Channels;

/**
 * The agent's archive: the archive's own client ({@link ArchiveClient}) over the server's broker,
 * with a {@link FileServer} offering the job's files to the replicas.
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
  private final FileServer files;
  private final ArchiveClient client;

  private ArchiveClientStore(
      ActiveMQConnectionFactory factory, FileServer files, ArchiveClient client) {
    this.factory = factory;
    this.files = files;
    this.client = client;
  }

  /**
   * Starts the file server and makes the client.
   *
   * @param settings the archive settings
   * @param channels the installation's channel names
   * @return the store; {@link #close()} stops its file server
   * @throws IOException if the file server cannot listen at the configured address and port
   */
  public static ArchiveClientStore open(ArchiveSettings settings, Channels channels)
      throws IOException {
    FileServer files =
        FileServer.start(
            new InetSocketAddress(settings.fileServerAddress(), settings.fileServerPort()),
            settings.offerLocalPaths());
    ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(settings.brokerUrl());
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
                + ", files offered at "
                + files.baseUri()
                + ", repository queue "
                + channels.theRepos().name());
    return new ArchiveClientStore(factory, files, client);
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

  /** The base URI the files are offered at, e.g. {@code http://127.0.0.1:41234/files/}. */
  public String offeredAt() {
    return files.baseUri();
  }

  @Override
  public void close() {
    files.close();
    factory.close();
  }
}
