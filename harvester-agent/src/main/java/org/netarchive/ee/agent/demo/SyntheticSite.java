package org.netarchive.ee.agent.demo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A deterministic synthetic web site for crawl tests and the demo ({@link DemoSite}), served by the
 * JDK's HTTP server on 127.0.0.1 only, with several hosts told apart by their names (resolved to
 * loopback by {@link LoopbackDns}).
 *
 * <p>Each host has a {@code robots.txt} that disallows {@code /private/}, a front page linking to
 * page 1, and pages 1..n in a binary tree (page k links to 2k and 2k+1), so every page is
 * reachable; each page embeds its images, links to a private page, to an endless calendar (the
 * crawler trap: every month links to the next one) and to the host that is down. The same seed
 * always gives the same bytes. Hosts whose names start with {@code slow} answer after a pause. One
 * more host name, {@link #DOWN_HOST}, resolves to 127.0.0.9, where nothing listens.
 *
 * <p>Hosts whose names start with {@code gated} hold every answer until {@link #openGate()} is
 * called, each at most {@link #GATE_HOLD} (less than the fast crawl template's socket timeout): a
 * crawl of them lasts until a test has seen what it waits for, then ends at once.
 *
 * <p>Hosts whose names start with {@code guarded} also have what the per-domain crawl settings are
 * tested with: their front page links to {@code /basic/secret.html} (HTTP Basic, realm {@link
 * #REALM}), to {@code /members/secret.html} (only with the session cookie the login form {@code
 * /login} sets when posted {@code user} and {@code password}) and loads {@code /app.js}, whose only
 * link is {@code /from-script.html}. The same user and password ({@link #USER}, {@link #PASSWORD})
 * open both. Private pages answer on every host, so a crawl that ignores robots.txt gets them.
 *
 * <p>Hosts may also have PDF documents ({@link Host#pdfEvery()}): every such page links to one. The
 * site has an {@linkplain #setEdition edition}, 0 at the start: a later edition changes every HTML
 * page (it says which edition it is) while the images and PDFs stay byte for byte the same, as a
 * site does between two harvests, which is what deduplication is tested with.
 */
public final class SyntheticSite implements AutoCloseable {

  /** A host that resolves but does not answer. */
  public static final String DOWN_HOST = "down.test";

  /** The HTTP Basic realm of the guarded hosts' {@code /basic/} pages. */
  public static final String REALM = "synthetic";

  /** The user name that opens the guarded hosts' protected pages. */
  public static final String USER = "curator";

  /** The password that opens the guarded hosts' protected pages. */
  public static final String PASSWORD = "s3cret-Pw!";

  /** How long a gated host holds one answer at most while the gate is shut. */
  public static final Duration GATE_HOLD = Duration.ofSeconds(4);

  private static final String SESSION_COOKIE = "session=member-" + USER;

  private static final Pattern PAGE = Pattern.compile("/page/(\\d+)\\.html");
  private static final Pattern IMAGE = Pattern.compile("/img/(\\d+)-(\\d+)\\.png");
  private static final Pattern PDF = Pattern.compile("/doc/(\\d+)\\.pdf");
  private static final Pattern CALENDAR = Pattern.compile("/calendar/(\\d+)\\.html");

  /**
   * One host of the site.
   *
   * @param name its name, e.g. {@code site1.test}
   * @param pages how many pages it has
   * @param imagesPerPage how many images each page embeds
   * @param pageBytes about how large a page is
   * @param pdfEvery every page whose number is a multiple of this links to a PDF document of its
   *     own, {@code /doc/<page>.pdf}; 0 for none
   */
  public record Host(String name, int pages, int imagesPerPage, int pageBytes, int pdfEvery) {

    /** A host without PDF documents. */
    public Host(String name, int pages, int imagesPerPage, int pageBytes) {
      this(name, pages, imagesPerPage, pageBytes, 0);
    }

    /** What a complete crawl fetches from it: robots.txt, front page, pages, images and PDFs. */
    public int fetchableObjects() {
      return 2 + pages + pages * imagesPerPage + pdfs();
    }

    /** How many PDF documents it has. */
    public int pdfs() {
      return pdfEvery <= 0 ? 0 : pages / pdfEvery;
    }

    boolean hasPdf(int page) {
      return pdfEvery > 0 && page >= 1 && page <= pages && page % pdfEvery == 0;
    }
  }

  private final Map<String, Host> hosts = new LinkedHashMap<>();
  private final long seed;
  private final HttpServer server;
  private final ExecutorService executor;
  private final LoopbackDns dns;
  private final AtomicLong requests = new AtomicLong();
  private volatile int edition;
  private final CountDownLatch gate = new CountDownLatch(1);
  private final AtomicLong heldAtGate = new AtomicLong();
  private final Map<String, AtomicLong> requestsByHost = new ConcurrentHashMap<>();

  /**
   * Starts serving on ports the system chooses.
   *
   * @param seed makes the content
   * @param hosts the hosts
   * @throws IOException if the server cannot start
   */
  public SyntheticSite(long seed, List<Host> hosts) throws IOException {
    this(seed, hosts, 0, 0);
  }

  /**
   * Starts serving.
   *
   * @param seed makes the content
   * @param hosts the hosts
   * @param httpPort the site's TCP port on 127.0.0.1, or 0 for one the system chooses
   * @param dnsPort the UDP port of its DNS on 127.0.0.1, or 0 for one the system chooses
   * @throws IOException if the server cannot start (the site is then stopped again)
   */
  public SyntheticSite(long seed, List<Host> hosts, int httpPort, int dnsPort) throws IOException {
    this.seed = seed;
    Map<String, InetAddress> addresses = new LinkedHashMap<>();
    for (Host host : hosts) {
      this.hosts.put(host.name().toLowerCase(Locale.ROOT), host);
      addresses.put(host.name().toLowerCase(Locale.ROOT), InetAddress.getLoopbackAddress());
    }
    addresses.put(DOWN_HOST, InetAddress.getByAddress(new byte[] {127, 0, 0, 9}));
    this.server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), httpPort), 50);
    this.executor = Executors.newFixedThreadPool(4);
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    server.start();
    try {
      this.dns = new LoopbackDns(addresses, dnsPort);
    } catch (IOException | RuntimeException e) {
      server.stop(0);
      executor.shutdownNow();
      throw e;
    }
  }

  /** The hosts, in the order given. */
  public List<Host> hosts() {
    return List.copyOf(hosts.values());
  }

  public int port() {
    return server.getAddress().getPort();
  }

  /** The value for the crawler's {@code -Ddns.server}. */
  public String dnsServer() {
    return dns.server();
  }

  /** The front page of a host, a seed. */
  public String seed(String host) {
    return "http://" + host + ":" + port() + "/";
  }

  /**
   * Changes the site's edition: from now on every HTML page says it is of this edition (so its
   * bytes differ from those of other editions), while images and PDFs stay the same.
   *
   * @param edition 0 (the start) or more
   */
  public void setEdition(int edition) {
    if (edition < 0) {
      throw new IllegalArgumentException("A site edition is 0 or more, not " + edition);
    }
    this.edition = edition;
  }

  public int edition() {
    return edition;
  }

  /** Lets the gated hosts answer at once from now on, the answers they hold included. */
  public void openGate() {
    gate.countDown();
  }

  /** How many answers the gated hosts have held at the shut gate. */
  public long heldAtGate() {
    return heldAtGate.get();
  }

  /** How many HTTP requests a host of the site has had. */
  public long requests(String host) {
    AtomicLong count = requestsByHost.get(host.toLowerCase(Locale.ROOT));
    return count == null ? 0 : count.get();
  }

  /** How many HTTP requests the site has answered. */
  public long requests() {
    return requests.get();
  }

  private void handle(HttpExchange exchange) throws IOException {
    requests.incrementAndGet();
    try (exchange) {
      String hostHeader = exchange.getRequestHeaders().getFirst("Host");
      String name =
          hostHeader == null ? "" : hostHeader.replaceFirst(":\\d+$", "").toLowerCase(Locale.ROOT);
      Host host = hosts.get(name);
      String path = exchange.getRequestURI().getPath();
      if (host == null) {
        send(exchange, 404, "text/plain", "no such host\n".getBytes(StandardCharsets.UTF_8));
        return;
      }
      requestsByHost.computeIfAbsent(name, n -> new AtomicLong()).incrementAndGet();
      if (host.name().startsWith("slow")) {
        pause();
      }
      if (host.name().startsWith("gated") && gate.getCount() > 0) {
        heldAtGate.incrementAndGet();
        awaitGate();
      }
      Matcher m;
      if (host.name().startsWith("guarded") && guarded(exchange, host, path)) {
        return;
      }
      if (path.equals("/robots.txt")) {
        send(
            exchange,
            200,
            "text/plain",
            "User-agent: *\nDisallow: /private/\n".getBytes(StandardCharsets.UTF_8));
      } else if (path.equals("/")) {
        sendPage(exchange, 200, host, "Front page", "<a href=\"/page/1.html\">start</a>");
      } else if ((m = PAGE.matcher(path)).matches() && inRange(m.group(1), host.pages())) {
        send(exchange, 200, "text/html", page(host, Integer.parseInt(m.group(1))));
      } else if ((m = IMAGE.matcher(path)).matches()
          && inRange(m.group(1), host.pages())
          && Integer.parseInt(m.group(2)) < host.imagesPerPage()) {
        send(
            exchange,
            200,
            "image/png",
            png(host.name() + path, 1000 + (int) (mix(host.name() + path) % 2000)));
      } else if ((m = PDF.matcher(path)).matches()
          && inRange(m.group(1), host.pages())
          && host.hasPdf(Integer.parseInt(m.group(1)))) {
        send(exchange, 200, "application/pdf", pdf(host.name(), Integer.parseInt(m.group(1))));
      } else if (path.startsWith("/private/") && path.endsWith(".html")) {
        sendPage(exchange, 200, host, "Private", "<p>not for robots</p>");
      } else if ((m = CALENDAR.matcher(path)).matches()) {
        int month = Integer.parseInt(m.group(1));
        sendPage(
            exchange,
            200,
            host,
            "Month " + month,
            "<a href=\"/calendar/" + (month + 1) + ".html\">next</a>");
      } else {
        sendPage(exchange, 404, host, "Not found", "");
      }
    }
  }

  /** Serves the guarded hosts' own pages; false for a path they share with the others. */
  private boolean guarded(HttpExchange exchange, Host host, String path) throws IOException {
    switch (path) {
      case "/" ->
          sendPage(
              exchange,
              200,
              host,
              "Front page",
              "<a href=\"/page/1.html\">start</a>\n<a href=\"/basic/secret.html\">basic</a>\n"
                  + "<a href=\"/members/secret.html\">members</a>\n"
                  + "<script src=\"/app.js\"></script>");
      case "/app.js" ->
          send(
              exchange,
              200,
              "application/javascript",
              "var next = \"/from-script.html\";\n".getBytes(StandardCharsets.UTF_8));
      case "/from-script.html" -> sendPage(exchange, 200, host, "Found in a script", "");
      case "/basic/secret.html" -> {
        String expected =
            "Basic "
                + java.util.Base64.getEncoder()
                    .encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
        if (expected.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
          sendPage(exchange, 200, host, "Basic secret", "<p>opened</p>");
        } else {
          exchange.getResponseHeaders().set("WWW-Authenticate", "Basic realm=\"" + REALM + "\"");
          sendPage(exchange, 401, host, "Log in", "");
        }
      }
      case "/login" -> {
        String form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Map<String, String> fields = new LinkedHashMap<>();
        for (String pair : form.split("&")) {
          int eq = pair.indexOf('=');
          if (eq > 0) {
            fields.put(
                java.net.URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
          }
        }
        if (exchange.getRequestMethod().equals("POST")
            && USER.equals(fields.get("user"))
            && PASSWORD.equals(fields.get("password"))) {
          exchange.getResponseHeaders().add("Set-Cookie", SESSION_COOKIE + "; Path=/");
          sendPage(exchange, 200, host, "Welcome", "<p>logged in</p>");
        } else {
          sendPage(
              exchange,
              200,
              host,
              "Log in",
              "<form method=\"post\" action=\"/login\"><input name=\"user\">"
                  + "<input type=\"password\" name=\"password\"></form>");
        }
      }
      case "/members/secret.html" -> {
        String cookies =
            String.join("; ", exchange.getRequestHeaders().getOrDefault("Cookie", List.of()));
        if (cookies.contains(SESSION_COOKIE)) {
          sendPage(exchange, 200, host, "Members' secret", "<p>opened</p>");
        } else {
          sendPage(exchange, 403, host, "Members only", "");
        }
      }
      default -> {
        return false;
      }
    }
    return true;
  }

  private byte[] page(Host host, int n) {
    StringBuilder body = new StringBuilder();
    for (int child : new int[] {2 * n, 2 * n + 1}) {
      if (child <= host.pages()) {
        body.append("<a href=\"/page/")
            .append(child)
            .append(".html\">page ")
            .append(child)
            .append("</a>\n");
      }
    }
    for (int k = 0; k < host.imagesPerPage(); k++) {
      body.append("<img src=\"/img/").append(n).append('-').append(k).append(".png\">\n");
    }
    if (host.hasPdf(n)) {
      body.append("<a href=\"/doc/").append(n).append(".pdf\">document</a>\n");
    }
    body.append("<a href=\"/private/").append(n).append(".html\">private</a>\n");
    body.append("<a href=\"/calendar/").append(202601 + n % 12).append(".html\">calendar</a>\n");
    body.append("<a href=\"http://")
        .append(DOWN_HOST)
        .append(':')
        .append(port())
        .append("/\">down</a>\n");
    body.append("<p>");
    SplittableRandom random = new SplittableRandom(mix(host.name() + n));
    int words = host.pageBytes() / 6;
    for (int w = 0; w < words; w++) {
      body.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
    }
    body.append("</p>");
    return html(host.name(), "Page " + n, body.toString());
  }

  private static final String[] WORDS = {
    "archive", "harvest", "crawl", "domain", "seed", "record", "replica", "library", "web", "page"
  };

  private byte[] html(String host, String title, String body) {
    int current = edition;
    return ("<!DOCTYPE html>\n<html><head><title>"
            + host
            + " - "
            + title
            + "</title></head><body>\n"
            + (current == 0 ? "" : "<p>Edition " + current + "</p>\n")
            + body
            + "\n</body></html>\n")
        .getBytes(StandardCharsets.UTF_8);
  }

  /**
   * A small valid PDF document (one page with a line of text, and a deterministic binary stream of
   * 2 to 6 KB), the same in every edition.
   */
  private byte[] pdf(String host, int page) {
    String key = host + "/doc/" + page;
    byte[] filler = bytes(key, 2000 + (int) (mix(key) % 4000));
    String text = "BT /F1 12 Tf 72 720 Td (" + host + " document " + page + ") Tj ET";
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    List<Integer> offsets = new java.util.ArrayList<>();
    java.util.function.Consumer<String> ascii =
        t -> out.writeBytes(t.getBytes(StandardCharsets.ISO_8859_1));
    ascii.accept("%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n");
    offsets.add(out.size());
    ascii.accept("1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
    offsets.add(out.size());
    ascii.accept("2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n");
    offsets.add(out.size());
    ascii.accept(
        "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
            + " /Resources << /Font << /F1 5 0 R >> /XObject << >> >> >>\nendobj\n");
    offsets.add(out.size());
    ascii.accept(
        "4 0 obj\n<< /Length " + text.length() + " >>\nstream\n" + text + "\nendstream\nendobj\n");
    offsets.add(out.size());
    ascii.accept("5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n");
    offsets.add(out.size());
    ascii.accept("6 0 obj\n<< /Length " + filler.length + " >>\nstream\n");
    out.writeBytes(filler);
    ascii.accept("\nendstream\nendobj\n");
    int xref = out.size();
    StringBuilder table =
        new StringBuilder("xref\n0 " + (offsets.size() + 1) + "\n0000000000 65535 f \n");
    for (int offset : offsets) {
      table.append(String.format(Locale.ROOT, "%010d 00000 n \n", offset));
    }
    table
        .append("trailer\n<< /Size ")
        .append(offsets.size() + 1)
        .append(" /Root 1 0 R >>\nstartxref\n")
        .append(xref)
        .append("\n%%EOF\n");
    ascii.accept(table.toString());
    return out.toByteArray();
  }

  /**
   * A PNG image that browsers draw (32 by 32 pixels of one colour from the key) of exactly {@code
   * length} bytes (at least 200): the rest is a private ancillary chunk of the key's random bytes,
   * which decoders skip, so images differ in size and content as real ones do.
   */
  private byte[] png(String key, int length) {
    SplittableRandom random = new SplittableRandom(mix(key));
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(length);
    out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
    int side = 32;
    chunk(
        out,
        "IHDR",
        java.nio.ByteBuffer.allocate(13)
            .putInt(side)
            .putInt(side)
            .put((byte) 8) // bit depth
            .put((byte) 2) // RGB
            .put((byte) 0)
            .put((byte) 0)
            .put((byte) 0)
            .array());
    byte[] rgb = {
      (byte) random.nextInt(256), (byte) random.nextInt(256), (byte) random.nextInt(256)
    };
    byte[] rows = new byte[side * (1 + 3 * side)];
    for (int y = 0; y < side; y++) {
      for (int x = 0; x < side; x++) {
        System.arraycopy(rgb, 0, rows, y * (1 + 3 * side) + 1 + 3 * x, 3);
      }
    }
    java.util.zip.Deflater deflater = new java.util.zip.Deflater();
    deflater.setInput(rows);
    deflater.finish();
    byte[] buffer = new byte[rows.length + 64];
    int deflated = deflater.deflate(buffer);
    deflater.end();
    chunk(out, "IDAT", java.util.Arrays.copyOf(buffer, deflated));
    byte[] padding = new byte[Math.max(0, length - out.size() - 24)];
    for (int i = 0; i < padding.length; i++) {
      padding[i] = (byte) random.nextInt(256);
    }
    chunk(out, "raNd", padding);
    chunk(out, "IEND", new byte[0]);
    return out.toByteArray();
  }

  private static void chunk(java.io.ByteArrayOutputStream out, String type, byte[] data) {
    byte[] name = type.getBytes(StandardCharsets.US_ASCII);
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(name);
    crc.update(data);
    out.writeBytes(java.nio.ByteBuffer.allocate(4).putInt(data.length).array());
    out.writeBytes(name);
    out.writeBytes(data);
    out.writeBytes(java.nio.ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
  }

  private byte[] bytes(String key, int length) {
    byte[] bytes = new byte[length];
    SplittableRandom random = new SplittableRandom(mix(key));
    for (int i = 0; i < length; i++) {
      bytes[i] = (byte) random.nextInt(256);
    }
    return bytes;
  }

  private long mix(String key) {
    long h = seed ^ 0x9E3779B97F4A7C15L;
    for (int i = 0; i < key.length(); i++) {
      h = (h ^ key.charAt(i)) * 0x100000001B3L;
    }
    return h & Long.MAX_VALUE;
  }

  /** Hosts named slow* answer after a pause, so that a crawl of them lasts. */
  private static void pause() {
    try {
      Thread.sleep(150);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void awaitGate() {
    try {
      gate.await(GATE_HOLD.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static boolean inRange(String number, int max) {
    try {
      int n = Integer.parseInt(number);
      return n >= 1 && n <= max;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Sends a page of the host, with its title and body, see {@link #html}. */
  private void sendPage(HttpExchange exchange, int status, Host host, String title, String body)
      throws IOException {
    send(exchange, status, "text/html", html(host.name(), title, body));
  }

  private static void send(HttpExchange exchange, int status, String type, byte[] body)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
    dns.close();
  }
}
