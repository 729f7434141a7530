import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.netarchive.ee.agent.demo.SyntheticSite;

/**
 * The synthetic site of crawl-scaling-benchmark.sh: HOSTS hosts named crawl-bench-1.dk,
 * crawl-bench-2.dk, ... of PAGES pages each (about 2 KB, one image each), served by the agent's
 * {@link SyntheticSite} on 127.0.0.1 with its DNS server on 127.0.0.1 (the hosts resolve to
 * loopback, every other name is NXDOMAIN). Once serving it writes INFO (Java properties: port,
 * dns.server, objects = the fetchable objects of one host, seed.1, seed.2, ...) and runs until it
 * is stopped (TERM). Run with the demo distribution's lib/ on the class path:
 *
 * <pre>java -cp 'DEMO/lib/*' CrawlSite.java PAGES HOSTS INFO</pre>
 */
public class CrawlSite {
  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("Usage: CrawlSite.java PAGES HOSTS INFO");
      System.exit(2);
    }
    int pages = positive("PAGES", args[0]);
    int count = positive("HOSTS", args[1]);
    Path info = Path.of(args[2]).toAbsolutePath();
    List<SyntheticSite.Host> hosts = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      hosts.add(new SyntheticSite.Host("crawl-bench-" + i + ".dk", pages, 1, 2000));
    }
    SyntheticSite site = new SyntheticSite(2026, hosts, 0, 0);
    StringBuilder text = new StringBuilder("# Written by CrawlSite.java while it runs\n");
    text.append("port=").append(site.port()).append('\n');
    text.append("dns.server=").append(site.dnsServer()).append('\n');
    text.append("objects=").append(hosts.getFirst().fetchableObjects()).append('\n');
    for (int i = 1; i <= count; i++) {
      text.append("seed.").append(i).append('=');
      text.append(site.seed(hosts.get(i - 1).name())).append('\n');
    }
    Path partial = info.resolveSibling(info.getFileName() + ".partial");
    Files.writeString(partial, text, StandardCharsets.UTF_8);
    Files.move(partial, info, StandardCopyOption.ATOMIC_MOVE);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            Thread.ofPlatform()
                .unstarted(
                    () -> {
                      site.close();
                      System.out.println("Site stopped after " + site.requests() + " requests");
                      stopped.countDown();
                    }));
    stopped.await();
  }

  private static int positive(String name, String value) {
    try {
      int n = Integer.parseInt(value.strip());
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new IllegalArgumentException(
        name + " must be a whole number above 0, not '" + value + "'");
  }
}
