package org.netarchive.ee.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.events.EventFiringDecorator;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Debian Chromium driven through its own chromedriver, for tests that use the admin UI as
 * a person would. Nothing is downloaded: the browser and the driver are the system's (packages
 * chromium and chromium-driver; .ci/run installs them).
 */
final class Browser implements AutoCloseable {

  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  private final WebDriver driver;
  private final Path profile;
  private final java.util.List<String> violations = new java.util.ArrayList<>();

  Browser() throws IOException {
    this(null);
  }

  /**
   * A browser that asks for pages in {@code language} (Accept-Language and the browser's own
   * language), e.g. "da"; {@code null} for the system's default (English here).
   */
  Browser(String language) throws IOException {
    if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
      throw new IllegalStateException(
          "The browser tests need Debian's chromium and chromedriver at "
              + CHROMIUM
              + " and "
              + CHROMEDRIVER
              + ": apt-get install chromium chromium-driver");
    }
    profile = Files.createTempDirectory("nas-chromium");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
        "--window-size=1280,900",
        "--user-data-dir=" + profile);
    if (language != null) {
      options.addArguments("--lang=" + language, "--accept-lang=" + language);
      options.setExperimentalOption("prefs", java.util.Map.of("intl.accept_languages", language));
    }
    // The console's messages, to find the pages' Content-Security-Policy violations (see close).
    org.openqa.selenium.logging.LoggingPreferences logs =
        new org.openqa.selenium.logging.LoggingPreferences();
    logs.enable(org.openqa.selenium.logging.LogType.BROWSER, java.util.logging.Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build();
    ChromeDriver chrome = new ChromeDriver(service, options);
    chrome.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    driver = new EventFiringDecorator<WebDriver>(new LoadedPages()).decorate(chrome);
  }

  WebDriver driver() {
    return driver;
  }

  /**
   * A wait that looks again when the page replaced an element between finding and reading it (a
   * poll or an AJAX update re-rendered it): Selenium's StaleElementReferenceException, or
   * chromedriver's "Node with given id does not belong to the document", which arrives as a plain
   * WebDriverException. Other failures still end the wait at its timeout, with the last one as its
   * cause.
   */
  static WebDriverWait waitUpTo(WebDriver driver, Duration timeout) {
    WebDriverWait wait = new WebDriverWait(driver, timeout);
    wait.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
    wait.ignoring(org.openqa.selenium.WebDriverException.class);
    return wait;
  }

  /** Logs in on the login page and waits for the system page. */
  void logIn(String user, String password) {
    driver.get(ServerUnderTest.HTTP + "/");
    WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("login-form")));
    driver.findElement(By.id("j_username")).sendKeys(user);
    driver.findElement(By.id("j_password")).sendKeys(password);
    driver.findElement(By.id("login-submit")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("environment")));
    // ... and for that page to have loaded: a page asked for while the one before still loads
    // was once found without its elements right after driver.get (the first page opened after
    // logging in, twice in CI's PostgreSQL pass; elements the page's source had)
    wait.until(
        d ->
            "complete"
                .equals(
                    ((org.openqa.selenium.JavascriptExecutor) d)
                        .executeScript("return document.readyState")));
  }

  /**
   * Waits up to 30 s for an element to be in the page; when it does not come, fails naming the page
   * that was shown instead (its address, title and the start of its text) and saves a screenshot of
   * it, so a failure on a slower machine says what the browser saw.
   */
  org.openqa.selenium.WebElement await(By locator) {
    try {
      return Browser.waitUpTo(driver, Duration.ofSeconds(30))
          .until(ExpectedConditions.presenceOfElementLocated(locator));
    } catch (org.openqa.selenium.TimeoutException e) {
      String text;
      try {
        text = driver.findElement(By.tagName("body")).getText();
        screenshot("missing-element");
      } catch (RuntimeException | IOException unreadable) {
        text = "(page not readable: " + unreadable + ")";
      }
      throw new AssertionError(
          "No element "
              + locator
              + " within 30 s on "
              + driver.getCurrentUrl()
              + " (title '"
              + driver.getTitle()
              + "'); the page said: "
              + text.substring(0, Math.min(text.length(), 1500)),
          e);
    }
  }

  /**
   * Replaces the text of the input with the given id, waiting for it as {@link #await} does (and
   * failing as it does, with what the browser showed instead).
   */
  void type(String id, String text) {
    org.openqa.selenium.WebElement field = await(By.id(id));
    field.clear();
    field.sendKeys(text);
  }

  /** Saves a screenshot as build output (target/screenshots/NAME.png). */
  Path screenshot(String name) throws IOException {
    Path directory = Path.of(System.getProperty("screenshots.dir", "target/screenshots"));
    Files.createDirectories(directory);
    Path file = directory.resolve(name + ".png");
    Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
    return file;
  }

  /**
   * The browser console's messages about a Content-Security-Policy blocking something, since the
   * last call (the console is read once).
   */
  java.util.List<String> contentSecurityViolations() {
    violations.addAll(
        driver.manage().logs().get(org.openqa.selenium.logging.LogType.BROWSER).getAll().stream()
            .map(org.openqa.selenium.logging.LogEntry::getMessage)
            .filter(m -> m.contains("Content Security Policy"))
            .toList());
    java.util.List<String> found = java.util.List.copyOf(violations);
    violations.clear();
    return found;
  }

  /**
   * Closes the browser, and fails when a page broke its Content-Security-Policy: a blocked script
   * is a page that silently does less, so every browser test checks the policy of what it used.
   */
  @Override
  public void close() throws IOException {
    java.util.List<String> blocked;
    try {
      blocked = contentSecurityViolations();
    } catch (org.openqa.selenium.WebDriverException gone) {
      blocked = java.util.List.of();
    }
    driver.quit();
    try (var files = Files.walk(profile)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
    if (!blocked.isEmpty()) {
      throw new AssertionError(
          "The browser's console reported Content-Security-Policy violations: " + blocked);
    }
  }
}
