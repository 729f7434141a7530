package org.netarchive.ee.agent.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoSiteTest {

  @Test
  void givenNoArguments_whenParsed_thenAnyPortsAndNoInfoFile() {
    assertThat(DemoSite.Options.parse()).isEqualTo(new DemoSite.Options(0, 0, null, false));
    assertThat(DemoSite.Options.parse("--port", "8088", "--dns-port", "5353", "--info", "x"))
        .isEqualTo(new DemoSite.Options(8088, 5353, Path.of("x"), false));
    assertThat(DemoSite.Options.parse("--help")).isNull();
  }

  @Test
  void givenAnEdition_whenParsed_thenTheSiteServesIt() {
    assertThat(DemoSite.Options.parse("--edition", "2"))
        .isEqualTo(new DemoSite.Options(0, 0, null, false, 2));
    assertThatThrownBy(() -> DemoSite.Options.parse("--edition", "-1"))
        .hasMessage("--edition must be a whole number, 0 or more, not '-1'");
  }

  @Test
  void givenTheNextEdition_whenServed_thenPagesChangeAndImagesAndPdfsKeepTheirBytes()
      throws Exception {
    try (SyntheticSite site = new SyntheticSite(5, DemoSite.HOSTS)) {
      String host = "netarchive-demo-news.dk";
      byte[] page = get(site, host, "/page/5.html");
      byte[] image = get(site, host, "/img/5-0.png");
      byte[] pdf = get(site, host, "/doc/5.pdf");

      site.setEdition(1);

      assertThat(new String(page, StandardCharsets.UTF_8))
          .contains("<a href=\"/doc/5.pdf\">")
          .doesNotContain("Edition");
      assertThat(new String(get(site, host, "/page/5.html"), StandardCharsets.UTF_8))
          .contains("<p>Edition 1</p>");
      assertThat(get(site, host, "/img/5-0.png")).isEqualTo(image);
      assertThat(get(site, host, "/doc/5.pdf")).isEqualTo(pdf);
      String text = new String(pdf, StandardCharsets.ISO_8859_1);
      assertThat(text).startsWith("%PDF-1.4").endsWith("%%EOF\n").contains("/Type /Catalog");
      int xref = Integer.parseInt(text.replaceAll("(?s).*startxref\n(\\d+)\n%%EOF\n", "$1"));
      assertThat(text.substring(xref)).startsWith("xref\n0 7\n");
      assertThat(site.hosts().getFirst().fetchableObjects()).isEqualTo(2 + 20 + 20 + 4);
    }
  }

  @Test
  void givenAGatedHost_whenTheGateIsShut_thenItHoldsItsAnswers_andAnswersAtOnceWhenOpen()
      throws Exception {
    List<SyntheticSite.Host> hosts =
        List.of(
            new SyntheticSite.Host("gated.test", 2, 0, 500),
            new SyntheticSite.Host("open.test", 2, 0, 500));
    try (SyntheticSite site = new SyntheticSite(5, hosts)) {
      get(site, "open.test", "/");
      assertThat(site.heldAtGate()).as("other hosts pass the shut gate").isZero();

      long start = System.nanoTime();
      get(site, "gated.test", "/");
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .isGreaterThanOrEqualTo(SyntheticSite.GATE_HOLD);
      assertThat(site.heldAtGate()).isEqualTo(1);

      site.openGate();
      assertThat(new String(get(site, "gated.test", "/page/1.html"), StandardCharsets.UTF_8))
          .contains("/page/2.html");
      assertThat(site.heldAtGate()).as("held nothing once open").isEqualTo(1);
      assertThat(site.requests("GATED.test")).isEqualTo(2);
      assertThat(site.requests("open.test")).isEqualTo(1);
    }
  }

  @Test
  void givenAnImage_whenServed_thenItIsAPngBrowsersDrawOfItsOwnSize() throws Exception {
    try (SyntheticSite site = new SyntheticSite(5, DemoSite.HOSTS)) {
      String host = "netarchive-demo-news.dk";
      byte[] one = get(site, host, "/img/5-0.png");
      byte[] two = get(site, host, "/img/6-0.png");
      java.awt.image.BufferedImage image =
          javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(one));
      assertThat(image).as("decodable").isNotNull();
      assertThat(image.getWidth()).isEqualTo(32);
      assertThat(image.getHeight()).isEqualTo(32);
      assertThat(one.length).isBetween(1000, 2999);
      assertThat(two).isNotEqualTo(one);
    }
  }

  /** The body of a page asked for on 127.0.0.1 by its host's name. */
  private static byte[] get(SyntheticSite site, String host, String path) throws Exception {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), site.port())) {
      socket
          .getOutputStream()
          .write(
              ("GET "
                      + path
                      + " HTTP/1.1\r\nHost: "
                      + host
                      + ":"
                      + site.port()
                      + "\r\nConnection: close\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      byte[] response = socket.getInputStream().readAllBytes();
      String head = new String(response, StandardCharsets.ISO_8859_1);
      assertThat(head).startsWith("HTTP/1.1 200");
      int body = head.indexOf("\r\n\r\n") + 4;
      return java.util.Arrays.copyOfRange(response, body, response.length);
    }
  }

  @Test
  void givenBadArguments_whenParsed_thenTheErrorNamesTheOptionAndTheValue() {
    assertThatThrownBy(() -> DemoSite.Options.parse("--port", "http"))
        .hasMessage("--port must be a port number (1-65535), not 'http'");
    assertThatThrownBy(() -> DemoSite.Options.parse("--dns-port", "70000"))
        .hasMessage("--dns-port must be a port number (1-65535), not '70000'");
    assertThatThrownBy(() -> DemoSite.Options.parse("--port")).hasMessage("--port needs a value");
    assertThatThrownBy(() -> DemoSite.Options.parse("--verbose"))
        .hasMessage("unknown option '--verbose'");
    assertThatThrownBy(() -> DemoSite.Options.parse("8088"))
        .hasMessageContaining("unexpected argument '8088'");
    assertThatThrownBy(() -> DemoSite.Options.parse("--port", "8088", "--dns-port", "8088"))
        .hasMessageContaining("both 8088");
  }

  @Test
  void givenAnInfoFile_whenStarted_thenItNamesTheSeedsServedOnLoopbackAndTheDns(@TempDir Path dir)
      throws Exception {
    Path info = dir.resolve("demo-site.properties");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (SyntheticSite site =
        DemoSite.start(
            new DemoSite.Options(0, 0, info, false),
            new PrintStream(printed, true, StandardCharsets.UTF_8))) {
      Properties written = new Properties();
      try (Reader reader = Files.newBufferedReader(info)) {
        written.load(reader);
      }
      assertThat(written.getProperty("port")).isEqualTo(String.valueOf(site.port()));
      assertThat(written.getProperty("dns.server")).isEqualTo(site.dnsServer());
      assertThat(written.getProperty("seed.1"))
          .isEqualTo("http://netarchive-demo-news.dk:" + site.port() + "/");
      assertThat(written.getProperty("seed." + DemoSite.HOSTS.size())).isNotNull();
      assertThat(printed.toString(StandardCharsets.UTF_8))
          .contains(written.getProperty("seed.1"))
          .contains("-Ddns.server=" + site.dnsServer());

      // The front page of a demo host, asked for on 127.0.0.1 by its name.
      try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), site.port())) {
        socket
            .getOutputStream()
            .write(
                ("GET / HTTP/1.1\r\nHost: netarchive-demo-news.dk:"
                        + site.port()
                        + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
        String response =
            new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(response)
            .startsWith("HTTP/1.1 200")
            .contains("<title>netarchive-demo-news.dk - Front page</title>");
      }
    }
  }
}
