package org.netarchive.ee.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Benchmark, not a test (run by wildfly-config/bench/seeds-ui-benchmark.sh against a running
 * system, never by the build): seeds of many new domains added to a selective harvest through the
 * admin UI in headless Chromium, and, as the baseline in the same run, through the REST API.
 *
 * <p>For each count given as an argument it creates a selective harvest, opens its page, puts the
 * list into the seeds text area (its value set at once, as a paste does), clicks <em>Add seeds</em>
 * and measures until the page shows the add-seeds job COMPLETED; meanwhile a thread asks {@code GET
 * /api/system/status} every 0.5 s. Then it checks the outcome through the REST API (configurations
 * of the harvest, domains created, refusals shown on the page), and posts a list of as many other
 * new domains to {@code POST /api/harvests/{name}/seeds} of a second harvest, followed the same
 * way. Every 1,000th line is no seed, so each list has refusals to show. One line per figure goes
 * to standard output; any check that fails ends the program with status 1.
 *
 * <p>The server is the one at {@code http://127.0.0.1:(8080 + it.port.offset)}, the admin's
 * password NAS_ADMIN_PASSWORD.
 */
public final class SeedsUiBenchmark {

  private static final String HTTP = ServerUnderTest.HTTP;

  private SeedsUiBenchmark() {}

  /**
   * Runs the benchmark for each count of lines given (default 10,000 and 100,000).
   *
   * @param args counts of lines
   */
  public static void main(String[] args) throws Exception {
    List<Integer> counts = new ArrayList<>();
    for (String arg : args.length == 0 ? new String[] {"10000", "100000"} : args) {
      counts.add(Integer.parseInt(arg));
    }
    String run = UUID.randomUUID().toString().substring(0, 6);
    boolean allPassed = true;
    for (int count : counts) {
      allPassed &= viaUi(count, run);
      allPassed &= viaRest(count, run);
    }
    System.exit(allPassed ? 0 : 1);
  }

  /** The list: {@code count} lines, each a seed of a new domain but every 1,000th. */
  static String list(int count, String prefix) {
    StringBuilder lines = new StringBuilder(count * 48);
    for (int i = 1; i <= count; i++) {
      if (i % 1000 == 0) {
        lines.append("htp://not-a-seed-").append(i).append(".dk/\n");
      } else {
        lines.append("http://www.").append(prefix).append('-').append(i).append(".dk/\n");
      }
    }
    return lines.toString();
  }

  private static boolean viaUi(int count, String run) throws Exception {
    String harvest = "Seeds UI bench " + count + " " + run;
    String prefix = "seedsui-" + run + "-" + count;
    createHarvest(harvest);
    String seeds = list(count, prefix);
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      browser.logIn(ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      driver.get(
          HTTP
              + "/definitions/edit-selective-harvest.xhtml?name="
              + java.net.URLEncoder.encode(harvest, StandardCharsets.UTF_8));
      browser.await(By.id("seeds:seeds"));
      ((JavascriptExecutor) driver)
          .executeScript("document.getElementById('seeds:seeds').value = arguments[0]", seeds);
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofMinutes(10));
      wait.pollingEvery(Duration.ofMillis(100));
      String started = String.format(Locale.ENGLISH, "%,d", count);
      try (StatusSampler sampler = new StatusSampler()) {
        long start = System.nanoTime();
        driver.findElement(By.id("seeds:add")).click();
        // The page's answer: the job started (its message names the lines), or a refusal; an
        // answer the page cannot show (e.g. a request refused for its size) leaves it unchanged.
        try {
          Browser.waitUpTo(driver, Duration.ofMinutes(3))
              .pollingEvery(Duration.ofMillis(100))
              .until(
                  d ->
                      text(d, "messages").contains(started)
                          || !text(d, "seeds:seedsMessage").isBlank());
        } catch (org.openqa.selenium.TimeoutException unanswered) {
          // reported below
        }
        double accepted = (System.nanoTime() - start) / 1e9;
        if (!text(driver, "messages").contains(started)) {
          browser.screenshot("seeds-ui-benchmark-refused-" + count);
          System.out.printf(
              "UI %,d lines: REFUSED after %.1f s: %s %s%n",
              count, accepted, text(driver, "messages"), text(driver, "seeds:seedsMessage"));
          return false;
        }
        wait.until(
            d -> {
              String progress = text(d, "seeds:seedRunProgress");
              return progress.startsWith("COMPLETED")
                  || progress.startsWith("FAILED")
                  || progress.startsWith("STOPPED");
            });
        double seconds = (System.nanoTime() - start) / 1e9;
        sampler.stop();
        boolean completed = text(driver, "seeds:seedRunProgress").startsWith("COMPLETED");
        String progress = text(driver, "seeds:seedRun").replace('\n', ' ');
        browser.screenshot("seeds-ui-benchmark-" + count);
        System.out.printf(
            "UI %,d lines: list taken (job started, shown) after %.1f s; page shows: %s"
                + " (%d refused lines listed)%n",
            count,
            accepted,
            text(driver, "seeds:seedRunProgress") + "; " + text(driver, "seeds:seedRunCounts"),
            progress.split("Line ", -1).length - 1);
        System.out.printf(
            "UI %,d lines: %s shown after %.1f s; status answered %d of %d times meanwhile,"
                + " slowest %d ms%n",
            count,
            completed ? "COMPLETED" : "NOT COMPLETED",
            seconds,
            sampler.answered(),
            sampler.asked(),
            sampler.slowestMillis());
        int refused = count / 1000;
        String expected =
            String.format(
                Locale.ENGLISH,
                "COMPLETED: %,d of %,d lines, %,d seeds added; %,d domains created, %,d refused",
                count,
                count,
                count - refused,
                count - refused,
                refused);
        boolean passed =
            check("counts shown on the page", completed && progress.contains(expected), progress)
                & check(
                    "status answered every time",
                    sampler.answered() == sampler.asked(),
                    sampler.answered() + " of " + sampler.asked());
        String firstRefusal =
            String.format(Locale.ENGLISH, "Line 1,000: htp://not-a-seed-1000.dk/ — ");
        passed &= check("refusals shown on the page", progress.contains(firstRefusal), progress);
        passed &= checkStored(harvest, prefix, count - refused);
        // The page's list of the harvest's configurations, updated when the job ended.
        String table = text(driver, "configurationsForm:configurationsTable");
        passed &=
            check(
                "configurations listed on the page",
                table.contains("of " + (count - refused))
                    || table.contains(String.format(Locale.ENGLISH, "of %,d", count - refused)),
                table.substring(Math.max(0, table.length() - 200)).replace('\n', ' '));
        System.out.printf(
            "UI %,d lines: check %s (expected \"%s\")%n",
            count, passed ? "passed" : "FAILED", expected);
        return passed;
      }
    }
  }

  private static boolean viaRest(int count, String run) throws Exception {
    String harvest = "Seeds REST bench " + count + " " + run;
    String prefix = "seedsrest-" + run + "-" + count;
    createHarvest(harvest);
    String seeds = list(count, prefix);
    try (StatusSampler sampler = new StatusSampler()) {
      long start = System.nanoTime();
      HttpResponse<String> answer =
          ServerUnderTest.send(
              admin("/api/harvests/" + Api.segment(harvest) + "/seeds")
                  .header("Content-Type", "text/plain; charset=UTF-8")
                  .POST(HttpRequest.BodyPublishers.ofString(seeds))
                  .build());
      if (answer.statusCode() != 202) {
        System.out.printf(
            "REST %,d lines: %d %s%n", count, answer.statusCode(), answer.body().strip());
        return false;
      }
      long execution = json(answer.body()).getJsonNumber("executionId").longValue();
      JsonObject status;
      while (true) {
        status =
            json(get("/api/harvests/" + Api.segment(harvest) + "/seeds/" + execution, 200).body());
        if (!status.getString("status").startsWith("START")) {
          break;
        }
        Thread.sleep(100);
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      sampler.stop();
      JsonObject report = status.getJsonObject("report");
      System.out.printf(
          "REST %,d lines: %s after %.1f s, %d domains created, %d configurations added, %d refused;"
              + " status answered %d of %d times meanwhile, slowest %d ms%n",
          count,
          status.getString("status"),
          seconds,
          report.getJsonNumber("domainsCreated").longValue(),
          report.getJsonNumber("configurationsAdded").longValue(),
          report.getJsonNumber("seedsRefused").longValue(),
          sampler.answered(),
          sampler.asked(),
          sampler.slowestMillis());
      return "COMPLETED".equals(status.getString("status"))
          && checkStored(harvest, prefix, count - count / 1000);
    }
  }

  /** Checks through the REST API that the harvest has a configuration of each new domain. */
  private static boolean checkStored(String harvest, String prefix, int seeds) throws Exception {
    JsonObject harvests =
        json(
            get(
                    "/api/harvests?kind=SELECTIVE&name="
                        + java.net.URLEncoder.encode(harvest, StandardCharsets.UTF_8)
                            .replace("+", "%20"),
                    200)
                .body());
    long configurations =
        harvests
            .getJsonArray("items")
            .getJsonObject(0)
            .getJsonNumber("configurationCount")
            .longValue();
    JsonObject domains = json(get("/api/domains?size=1&name=" + prefix + "-*", 200).body());
    long created = domains.getJsonNumber("total").longValue();
    return check("configurations of the harvest", configurations == seeds, configurations)
        & check("domains created", created == seeds, created);
  }

  private static boolean check(String what, boolean passed, Object found) {
    if (!passed) {
      System.out.println("check FAILED: " + what + ": " + found);
    }
    return passed;
  }

  private static void createHarvest(String name) throws Exception {
    HttpResponse<String> created =
        ServerUnderTest.send(
            admin("/api/harvests/selective")
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        Json.createObjectBuilder().add("name", name).build().toString()))
                .build());
    if (created.statusCode() != 201) {
      throw new IllegalStateException("Harvest " + name + " not created: " + created.body());
    }
  }

  private static String text(WebDriver driver, String id) {
    List<org.openqa.selenium.WebElement> found = driver.findElements(By.id(id));
    return found.isEmpty() ? "" : found.get(0).getText();
  }

  private static HttpRequest.Builder admin(String path) {
    String credentials = ServerUnderTest.ADMIN + ":" + ServerUnderTest.adminPassword();
    return HttpRequest.newBuilder(URI.create(HTTP + path))
        .timeout(Duration.ofMinutes(5))
        .header(
            "Authorization",
            "Basic "
                + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)));
  }

  private static HttpResponse<String> get(String path, int expected) throws Exception {
    HttpResponse<String> answer = ServerUnderTest.send(admin(path).GET().build());
    if (answer.statusCode() != expected) {
      throw new IllegalStateException(
          "GET " + path + ": " + answer.statusCode() + " " + answer.body());
    }
    return answer;
  }

  private static JsonObject json(String body) {
    try (var reader = Json.createReader(new StringReader(body))) {
      return reader.readObject();
    }
  }

  /**
   * Asks {@code GET /api/system/status} every 0.5 s (after each answer, as the REST script does)
   * until stopped; counts the questions, the answers (200) and the slowest answer.
   */
  private static final class StatusSampler implements AutoCloseable {
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread thread;
    private volatile int asked;
    private volatile int answered;
    private volatile long slowestNanos;

    StatusSampler() {
      thread = Thread.ofPlatform().daemon().start(this::sample);
    }

    private void sample() {
      while (running.get()) {
        asked++;
        long start = System.nanoTime();
        try {
          HttpResponse<String> answer =
              ServerUnderTest.send(
                  admin("/api/system/status").timeout(Duration.ofSeconds(60)).GET().build());
          long took = System.nanoTime() - start;
          if (answer.statusCode() == 200) {
            answered++;
            slowestNanos = Math.max(slowestNanos, took);
          } else {
            System.out.println("status: " + answer.statusCode() + " " + answer.body());
          }
        } catch (InterruptedException stopped) {
          return;
        } catch (java.io.IOException e) {
          System.out.println("status not answered: " + e);
        }
        try {
          Thread.sleep(500);
        } catch (InterruptedException stopped) {
          return;
        }
      }
    }

    void stop() throws InterruptedException {
      running.set(false);
      thread.join();
    }

    int asked() {
      return asked;
    }

    int answered() {
      return answered;
    }

    long slowestMillis() {
      return slowestNanos / 1_000_000;
    }

    @Override
    public void close() throws InterruptedException {
      stop();
    }
  }
}
