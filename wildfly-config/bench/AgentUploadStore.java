import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.netarchive.ee.common.archive.ArchiveClient;
import org.netarchive.ee.common.archive.ServerUploads;
import org.netarchive.ee.common.channel.Channels;

/**
 * The benchmark's harvester agent: stores files the way an agent does (ArchiveClient over
 * ServerUploads: the upload to the server's staging area, hashed as it is sent and confirmed, the
 * store request, the wait for OK from every replica), without a crawl. Run with the agent distribution's lib/ on
 * the class path (archive-store-benchmark.sh):
 *
 * <pre>java -cp 'classes:tools/lib/*' AgentUploadStore BROKER_URL SERVER_URL FILE...</pre>
 *
 * The agents' password is NAS_AGENT_PASSWORD; the environment NAS_ENVIRONMENT (default DEV).
 *
 * <p>A harvester agent is a running JVM that has talked to the broker and the server before it
 * stores a WARC: so a 1 MiB file is stored first (its own name, next to the first file) to warm
 * this JVM up, and each store after it is timed from ArchiveClient.store to its return.
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
      Path first = Path.of(args[2]).toAbsolutePath();
      Path warmUp = first.resolveSibling("warm-up-" + first.getFileName());
      byte[] bytes = new byte[1 << 20];
      new java.util.Random().nextBytes(bytes);
      java.nio.file.Files.write(warmUp, bytes);
      long w0 = System.nanoTime();
      client.store(warmUp);
      System.out.printf("warm-up store of %s in %.2f s%n", warmUp, (System.nanoTime() - w0) / 1e9);
      for (int i = 2; i < args.length; i++) {
        long t0 = System.nanoTime();
        String sha512 = client.store(Path.of(args[i]));
        System.out.printf(
            "stored %s sha512:%s in %.2f s%n", args[i], sha512, (System.nanoTime() - t0) / 1e9);
      }
    }
  }
}
