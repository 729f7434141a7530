import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.netarchive.ee.agent.messaging.BrokerLink;

/**
 * A harvester agent's connection to the server's broker, made by the agent's own {@link BrokerLink}
 * (from the agent distribution's lib/). For check-server-distribution.sh:
 *
 * <pre>
 *   java -cp 'AGENT/lib/*' TlsBrokerCheck.java BROKER_URL CA_PEM|- PASSWORD_FILE
 * </pre>
 *
 * <p>CA_PEM is what the agent trusts (archive.server.trustedCertificates); {@code -} for the JVM's
 * default authorities. Prints {@code connected} and exits 0 when the broker took the agent's
 * account, else prints the agent's first warning after one attempt and exits 2.
 */
public class TlsBrokerCheck {
  public static void main(String[] args) throws Exception {
    String password = Files.readString(Path.of(args[2])).strip();
    List<LogRecord> warnings = new CopyOnWriteArrayList<>();
    Logger log = Logger.getLogger(BrokerLink.class.getName());
    log.setUseParentHandlers(false);
    log.addHandler(
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
              warnings.add(record);
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        });
    Path trusted = "-".equals(args[1]) ? null : Path.of(args[1]);
    try (BrokerLink link = new BrokerLink(args[0], trusted, "agent", password)) {
      if (link.connect(() -> !warnings.isEmpty())) {
        System.out.println("connected");
        return;
      }
    }
    System.out.println(warnings.getFirst().getMessage());
    System.exit(2);
  }
}
