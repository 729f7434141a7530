package org.netarchive.ee.agent.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The demo site of {@code bin/netarchive-demo-site}: a few hosts of the {@link SyntheticSite} on
 * 127.0.0.1, with the {@link LoopbackDns} that resolves their names (and only theirs) to loopback,
 * for a harvester agent's Heritrix ({@code -Ddns.server}). Nothing it serves or answers leaves the
 * machine. Runs until it is stopped (TERM or Ctrl-C).
 */
public final class DemoSite {

  /** The demo hosts: made-up names under .dk, which the server accepts as domains. */
  public static final List<SyntheticSite.Host> HOSTS =
      List.of(
          new SyntheticSite.Host("netarchive-demo-news.dk", 20, 1, 2000, 5),
          new SyntheticSite.Host("netarchive-demo-library.dk", 30, 2, 1500, 3),
          new SyntheticSite.Host("netarchive-demo-shop.dk", 80, 1, 1000));

  /** Makes the content: the same bytes at every start. */
  static final long CONTENT_SEED = 2026;

  static final int OK = 0;
  static final int USAGE = 2;
  static final int CANNOT_START = 3;

  static final String USAGE_TEXT =
      """
      Usage: netarchive-demo-site [options]

      Serves the synthetic demo site on 127.0.0.1 and a DNS server on 127.0.0.1 that resolves the
      demo host names (and only them) to loopback; every other name gets NXDOMAIN. Point a
      harvester agent's Heritrix at it with heritrix.javaOptions = -Ddns.server=127.0.0.1:PORT.
      Runs until stopped (Ctrl-C or TERM).

      Options:
        --port PORT        TCP port of the site on 127.0.0.1 (default: one the system chooses)
        --dns-port PORT    UDP port of the DNS server on 127.0.0.1 (default: one the system chooses)
        --edition N        serve edition N of the pages (default 0): a later edition changes every
                           HTML page and keeps the images and PDFs byte for byte, for a second
                           harvest that deduplicates against the first
        --info FILE        once serving, write the ports, the DNS address and the seeds to FILE
                           (Java properties: port, dns.server, seed.1, seed.2, ...)
        --print-template   print the crawl template for demo crawls (the default template without
                           politeness delays, quick retries) and exit
        --help             this text

      Exit codes: 0 stopped or done; 2 wrong command line; 3 a port could not be bound.
      """;

  private DemoSite() {}

  /**
   * The parsed command line.
   *
   * @param port the site's port, 0 for any
   * @param dnsPort the DNS server's port, 0 for any
   * @param info where to write the addresses, or null
   * @param printTemplate only print the template
   * @param edition the site's edition
   */
  record Options(int port, int dnsPort, Path info, boolean printTemplate, int edition) {

    /** The options of edition 0. */
    Options(int port, int dnsPort, Path info, boolean printTemplate) {
      this(port, dnsPort, info, printTemplate, 0);
    }

    /**
     * Parses the arguments.
     *
     * @return the options, or null if help was asked for
     * @throws IllegalArgumentException naming the wrong option and value
     */
    static Options parse(String... args) {
      int port = 0;
      int dnsPort = 0;
      Path info = null;
      boolean printTemplate = false;
      int edition = 0;
      for (int i = 0; i < args.length; i++) {
        String arg = args[i];
        switch (arg) {
          case "--help", "-h" -> {
            return null;
          }
          case "--port" -> port = port(arg, value(args, ++i, arg));
          case "--dns-port" -> dnsPort = port(arg, value(args, ++i, arg));
          case "--info" -> info = Path.of(value(args, ++i, arg));
          case "--print-template" -> printTemplate = true;
          case "--edition" -> edition = edition(value(args, ++i, arg));
          default ->
              throw new IllegalArgumentException(
                  arg.startsWith("-")
                      ? "unknown option '" + arg + "'"
                      : "unexpected argument '" + arg + "' (this command takes options only)");
        }
      }
      if (port != 0 && port == dnsPort) {
        // TCP and UDP could share the number, but one number for two things is a typo more often
        throw new IllegalArgumentException(
            "--port and --dns-port are both " + port + "; give them different ports");
      }
      return new Options(port, dnsPort, info, printTemplate, edition);
    }

    private static int edition(String value) {
      try {
        int edition = Integer.parseInt(value.strip());
        if (edition >= 0) {
          return edition;
        }
      } catch (NumberFormatException e) {
        // refused below
      }
      throw new IllegalArgumentException(
          "--edition must be a whole number, 0 or more, not '" + value + "'");
    }

    private static String value(String[] args, int i, String option) {
      if (i >= args.length || args[i].startsWith("--")) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return args[i];
    }

    private static int port(String option, String value) {
      int port;
      try {
        port = Integer.parseInt(value.strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            option + " must be a port number (1-65535), not '" + value + "'");
      }
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException(
            option + " must be a port number (1-65535), not '" + value + "'");
      }
      return port;
    }
  }

  public static void main(String[] args) throws InterruptedException {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("netarchive-demo-site: " + e.getMessage());
      System.err.println();
      System.err.print(USAGE_TEXT);
      System.exit(USAGE);
      return;
    }
    if (options == null) {
      System.out.print(USAGE_TEXT);
      return;
    }
    if (options.printTemplate()) {
      System.out.print(FastTemplate.text());
      return;
    }
    SyntheticSite site;
    try {
      site = start(options, System.out);
    } catch (IOException e) {
      System.err.println(
          "netarchive-demo-site: cannot start on 127.0.0.1 (port "
              + (options.port() == 0 ? "any" : options.port())
              + ", DNS port "
              + (options.dnsPort() == 0 ? "any" : options.dnsPort())
              + "): "
              + e.getMessage());
      System.exit(CANNOT_START);
      return;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            Thread.ofPlatform()
                .unstarted(
                    () -> {
                      site.close();
                      System.out.println("Demo site stopped.");
                      stopped.countDown();
                    }));
    stopped.await();
  }

  /**
   * Starts the site, writes the info file if asked and prints where it is.
   *
   * @throws IOException if a port cannot be bound or the info file cannot be written
   */
  static SyntheticSite start(Options options, PrintStream out) throws IOException {
    SyntheticSite site = new SyntheticSite(CONTENT_SEED, HOSTS, options.port(), options.dnsPort());
    site.setEdition(options.edition());
    try {
      if (options.info() != null) {
        writeInfo(site, options.info());
      }
    } catch (IOException | RuntimeException e) {
      site.close();
      throw e;
    }
    out.println(
        "Netarchive EE demo site on 127.0.0.1:"
            + site.port()
            + (site.edition() == 0 ? "" : ", edition " + site.edition())
            + ", seeds:");
    for (SyntheticSite.Host host : site.hosts()) {
      out.println(
          "  "
              + site.seed(host.name())
              + "  ("
              + host.pages()
              + " pages, "
              + host.fetchableObjects()
              + " objects)");
    }
    out.println(
        "DNS for the crawler: "
            + site.dnsServer()
            + " (the demo hosts only; any other name: NXDOMAIN)");
    out.println("  harvester agent: heritrix.javaOptions = -Ddns.server=" + site.dnsServer());
    out.println("Stop with Ctrl-C (or TERM).");
    out.flush();
    return site;
  }

  /** Writes the addresses as Java properties, atomically (a reader never sees half a file). */
  private static void writeInfo(SyntheticSite site, Path info) throws IOException {
    StringBuilder text = new StringBuilder("# Written by netarchive-demo-site while it runs\n");
    text.append("port=").append(site.port()).append('\n');
    text.append("dns.server=").append(site.dnsServer()).append('\n');
    int n = 1;
    for (SyntheticSite.Host host : site.hosts()) {
      text.append("seed.").append(n++).append('=').append(site.seed(host.name())).append('\n');
    }
    Path absolute = info.toAbsolutePath();
    Path partial = absolute.resolveSibling(absolute.getFileName() + ".partial");
    Files.writeString(partial, text, StandardCharsets.UTF_8);
    Files.move(
        partial, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
