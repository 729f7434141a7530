import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ServerUploads;
import org.netarchive.ee.common.channel.Channels;

/**
 * The benchmark's harvester agent: stores files the way an agent does (ArchiveClient over
 * ServerUploads: the client's SHA-512, the upload to the server's staging area, the store request,
 * the wait for OK from every replica), without a crawl. Run with the agent distribution's lib/ on
 * the class path (archive-store-benchmark.sh):
 *
 * <pre>java -cp 'classes:tools/lib/*' AgentUploadStore BROKER_URL SERVER_URL FILE...</pre>
 *
 * The agents' password is NAS_AGENT_PASSWORD; the environment NAS_ENVIRONMENT (default DEV).
 */
public class AgentUploadStore {
  public static void main(String[] args) throws Exception {
    String password = System.getenv("NAS_AGENT_PASSWORD");
    String environment = System.getenv().getOrDefault("NAS_ENVIRONMENT", "DEV");
    try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(args[0])) {
      ArchiveClient client =
          new ArchiveClient(
              factory,
              "agent",
              password,
              Channels.forEnvironment(environment),
              new ServerUploads(ServerUploads.serverRoot("server", args[1]), "agent", password),
              Duration.ofSeconds(600),
              0);
      for (int i = 2; i < args.length; i++) {
        long t0 = System.nanoTime();
        String sha512 = client.store(Path.of(args[i]));
        System.out.printf(
            "stored %s sha512:%s in %.2f s%n", args[i], sha512, (System.nanoTime() - t0) / 1e9);
      }
    }
  }
}
