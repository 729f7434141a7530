package org.netarchive.ee.agent.testsite;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.netarchive.ee.agent.demo.SyntheticSite;
import org.netarchive.ee.agent.heritrix.HeritrixSettings;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;

/** Shared fixtures of the agent's tests: Heritrix settings for test crawls, small WARC files. */
public final class TestFixtures {

  private TestFixtures() {}

  /**
   * Settings for crawling the synthetic site with the Heritrix unpacked by the build (system
   * property {@code heritrix.home}), reporting every second.
   */
  public static HeritrixSettings heritrix(SyntheticSite site, Duration processTimeout) {
    return new HeritrixSettings(
        Path.of(System.getProperty("heritrix.home")),
        Path.of(System.getProperty("java.home"), "bin", "java"),
        "256m",
        List.of("-Ddns.server=" + site.dnsServer()),
        Duration.ofSeconds(60),
        Duration.ofSeconds(60),
        processTimeout,
        Duration.ofSeconds(1));
  }

  /** Writes a gzipped WARC file with one HTTP response record of a short HTML body. */
  public static void writeResponseWarc(Path file, String uri, Instant date) throws IOException {
    try (WarcWriter writer =
        new WarcWriter(
            Files.newByteChannel(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
            WarcCompression.GZIP)) {
      writer.write(
          new WarcResponse.Builder(URI.create(uri))
              .date(date)
              .body(
                  MediaType.HTTP_RESPONSE,
                  "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\n\r\nhello"
                      .getBytes(StandardCharsets.US_ASCII))
              .build());
    }
  }
}
