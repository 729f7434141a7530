package org.netarchive.ee.agent.benchmark;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.netarchive.ee.agent.TestJobs;
import org.netarchive.ee.agent.demo.FastTemplate;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.agent.harvest.CopyingArchiveStore;
import org.netarchive.ee.agent.harvest.DedupIndexSource;
import org.netarchive.ee.agent.harvest.JobRunner;
import org.netarchive.ee.agent.heritrix.CrawlSupervisor;
import org.netarchive.ee.agent.heritrix.HeritrixSettings;
import org.netarchive.ee.agent.job.JobDirectory;
import org.netarchive.ee.agent.job.JobPreparation;
import org.netarchive.ee.agent.monitoring.AgentStatus;
import org.netarchive.ee.agent.report.MetadataWarc;
import org.netarchive.ee.agent.store.ArchiveStore;
import org.netarchive.ee.agent.store.JobUpload;
import org.netarchive.ee.agent.testsite.TestFixtures;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.JobFinished;

/**
 * Wall time of one crawl of a ~6,000-URI synthetic site run by the agent's job runner against bare
 * Heritrix ({@code -r}) with the same crawler-beans.cxml, on this machine in the same run. Not a
 * test: run it by hand (see BENCHMARKS.md), with the system property {@code heritrix.home}.
 *
 * <p>Arguments: a work directory, and optionally the number of rounds (default 1).
 */
public final class AgentBenchmark {

  private AgentBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path work = Path.of(args.length > 0 ? args[0] : "target/benchmark");
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    List<SyntheticSite.Host> hosts = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      hosts.add(new SyntheticSite.Host("bench" + i + ".test", 600, 1, 2000));
    }
    try (SyntheticSite site = new SyntheticSite(42, hosts)) {
      HeritrixSettings settings = TestFixtures.heritrix(site, Duration.ofSeconds(120));
      settings =
          new HeritrixSettings(
              settings.home(),
              settings.java(),
              "1g",
              settings.javaOptions(),
              settings.noResponseTimeout(),
              settings.inactivityTimeout(),
              settings.processTimeout(),
              Duration.ofSeconds(20));
      List<CrawlDomain> domains = new ArrayList<>();
      for (SyntheticSite.Host host : hosts) {
        domains.add(TestJobs.domain(host.name(), -1, -1, site.seed(host.name())));
      }
      int expected = hosts.stream().mapToInt(SyntheticSite.Host::fetchableObjects).sum();
      System.out.printf("Site: %d hosts, %d fetchable URIs%n", hosts.size(), expected);
      for (int round = 1; round <= rounds; round++) {
        CrawlRequest request =
            TestJobs.request(
                9000 + round, FastTemplate.text(), 0, domains.toArray(CrawlDomain[]::new));
        double bare = bare(settings, work.resolve("bare-" + round), request);
        long[] upload = new long[1];
        double agent = agent(settings, work.resolve("agent-" + round), request, upload);
        double uploadSeconds = upload[0] / 1e9;
        System.out.printf(
            "Round %d: bare Heritrix %.1f s; agent %.1f s, of which upload %.1f s; agent without"
                + " upload / bare = %.3f%n",
            round, bare, agent, uploadSeconds, (agent - uploadSeconds) / bare);
      }
    }
  }

  private static double bare(HeritrixSettings settings, Path work, CrawlRequest request)
      throws IOException, InterruptedException {
    JobPreparation preparation = new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK);
    JobDirectory dir = preparation.accept(request, Instant.now());
    preparation.writeCrawlerBeans(dir, request);
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    List<String> command = new ArrayList<>();
    command.add(settings.java().toString());
    command.add("-Xmx" + settings.heap());
    command.addAll(settings.javaOptions());
    command.add("-Dheritrix.home=" + settings.home().toAbsolutePath());
    command.add("-Djava.protocol.handler.pkgs=org.archive.net");
    command.add("-cp");
    command.add(settings.home().toAbsolutePath().resolve("lib") + "/*");
    command.add("org.archive.crawler.Heritrix");
    command.addAll(
        List.of(
            "-a",
            "admin:benchmark-" + System.nanoTime(),
            "-b",
            "127.0.0.1",
            "-p",
            Integer.toString(port),
            "-j",
            dir.heritrixJobs().toAbsolutePath().toString(),
            "-r",
            JobDirectory.HERITRIX_JOB));
    long start = System.nanoTime();
    Process heritrix =
        new ProcessBuilder(command)
            .directory(dir.path().toFile())
            .redirectErrorStream(true)
            .redirectOutput(dir.heritrixOut().toFile())
            .start();
    if (!heritrix.waitFor(30, TimeUnit.MINUTES)) {
      heritrix.destroyForcibly();
      throw new IllegalStateException("bare Heritrix did not finish within 30 minutes");
    }
    return (System.nanoTime() - start) / 1e9;
  }

  private static double agent(
      HeritrixSettings settings, Path work, CrawlRequest request, long[] uploadNanos) {
    CopyingArchiveStore copies = new CopyingArchiveStore(work.resolve("archive"), n -> false);
    AtomicLong spent = new AtomicLong();
    ArchiveStore timed =
        file -> {
          long t = System.nanoTime();
          copies.store(file);
          spent.addAndGet(System.nanoTime() - t);
        };
    Clock clock = Clock.systemUTC();
    JobRunner runner =
        new JobRunner(
            new JobPreparation(work.resolve("jobs"), TestJobs.BDB_FREE_DISK),
            new CrawlSupervisor(settings, clock),
            new MetadataWarc("3.13.0", "benchmark"),
            new JobUpload(timed),
            new AgentStatus(),
            "benchmark",
            clock,
            settings.processTimeout(),
            DedupIndexSource.NONE);
    long start = System.nanoTime();
    JobDirectory dir = runner.accept(request);
    JobFinished report = runner.run(dir, request, p -> {}, () -> false).orElseThrow();
    double seconds = (System.nanoTime() - start) / 1e9;
    uploadNanos[0] = spent.get();
    System.out.printf(
        "Agent: %s, %d objects%n",
        report.outcome(), report.domains().stream().mapToLong(d -> d.objects()).sum());
    try {
      Files.createDirectories(work);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return seconds;
  }
}
