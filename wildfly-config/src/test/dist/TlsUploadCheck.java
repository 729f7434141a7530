import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.netarchive.ee.agent.messaging.BrokerUrl;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ServerUploads;
import org.netarchive.ee.common.archive.TlsTrust;
import org.netarchive.ee.common.channel.Channels;

/**
 * One file stored in the archive as a harvester agent stores it (its {@link ArchiveClient} and
 * {@link ServerUploads}, from the agent distribution's lib/): uploaded to the server, then stored by
 * every replica, which fetch it from the server. For check-server-distribution.sh:
 *
 * <pre>
 *   java -cp 'AGENT/lib/*' TlsUploadCheck.java SERVER_URL BROKER_URL CA_PEM|- PASSWORD_FILE FILE
 * </pre>
 *
 * <p>CA_PEM is what the agent trusts (archive.server.trustedCertificates), for HTTPS and, with a
 * BROKER_URL of ?sslEnabled=true, for the broker; {@code -} for the JVM's default authorities. Prints {@code stored NAME} and exits 0 when every replica confirmed the
 * file's SHA-512, else prints the agent's message and exits 2.
 */
public class TlsUploadCheck {
  public static void main(String[] args) throws Exception {
    URI server = ServerUploads.serverRoot("SERVER_URL", args[0]);
    Optional<SSLContext> tls =
        "-".equals(args[2])
            ? Optional.empty()
            : Optional.of(TlsTrust.trusting(ServerUploads.TRUSTED_CERTIFICATES, Path.of(args[2])));
    String password = Files.readString(Path.of(args[3])).strip();
    Path file = Path.of(args[4]);
    Path trusted = "-".equals(args[2]) ? null : Path.of(args[2]);
    try (ActiveMQConnectionFactory broker =
        new ActiveMQConnectionFactory(BrokerUrl.connecting(args[1], trusted))) {
      String sha512 =
          new ArchiveClient(
                  broker,
                  "agent",
                  password,
                  Channels.forEnvironment("DEV"),
                  new ServerUploads(server, "agent", password, tls),
                  Duration.ofSeconds(120),
                  0)
              .store(file);
      System.out.println("stored " + file.getFileName() + " " + sha512.length());
    } catch (java.io.IOException e) {
      System.out.println(e.getMessage());
      System.exit(2);
    }
  }
}
