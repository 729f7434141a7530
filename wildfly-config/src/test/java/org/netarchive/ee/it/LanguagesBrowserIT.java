package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The admin UI in German and French (issue 17): the definitions pages and a job's page a real
 * browser asks for in that language, with a refusal of the domain model (naming the configuration
 * in that language), one of a service (a domain not found) and one of Faces' own conversion in it;
 * and a language chosen in the top bar, kept with the account across logins and over the browser's.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only; the one thing it stores, an account's
 * language, is a plain JPA update of a column the migrations make on PostgreSQL at every start; the
 * rest is pages and message bundles.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag("database-neutral")
class LanguagesBrowserIT {

  private static final String UI = ServerUnderTest.HTTP + "/";

  /** What one language shows: the texts the pages must have in it. */
  private record Expected(
      String language,
      String domainsTitle,
      String definitionsMenu,
      String selectiveHarvestsMenu,
      String listHeader,
      String maxHopsRefusal,
      String defaultConfiguration,
      String noSuchDomain,
      String notAWholeNumber,
      String expectedObjects,
      String submitted,
      String schedulesTitle,
      String dailySchedule) {}

  private static final Expected GERMAN =
      new Expected(
          "de",
          "Domänen",
          "Definitionen",
          "Selektive Ernten",
          "Top-Level-Domain",
          "Max. Hops von",
          "Konfiguration 'defaultconfig' der Domäne",
          "Es gibt keine Domäne namens '%s'",
          "ist keine ganze Zahl",
          "Erwartete Objekte",
          "Übermittelt",
          "Zeitpläne",
          "jeden Tag um 02:00 (UTC)");

  private static final Expected FRENCH =
      new Expected(
          "fr",
          "Domaines",
          "Définitions",
          "Collectes sélectives",
          "Domaine de premier niveau",
          "Sauts max. de",
          "configuration « defaultconfig » du domaine",
          "Aucun domaine ne s’appelle « %s »",
          "n’est pas un nombre entier",
          "Objets attendus",
          "Soumis",
          "Calendriers",
          "tous les jours à 02:00 (UTC)");

  private final Api admin = Api.admin();
  private final ScheduledHarvests harvests = new ScheduledHarvests(admin);

  @Test
  void givenGermanBrowser_whenCuratorUsesDefinitionsAndJobPages_thenAllIsGermanWithItsErrors()
      throws Exception {
    pagesAndErrorsIn(GERMAN);
  }

  @Test
  void givenFrenchBrowser_whenCuratorUsesDefinitionsAndJobPages_thenAllIsFrenchWithItsErrors()
      throws Exception {
    pagesAndErrorsIn(FRENCH);
  }

  private void pagesAndErrorsIn(Expected expected) throws Exception {
    String domain = "lang-" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
    HttpResponse<String> created =
        admin.post("/api/domains", Json.createObjectBuilder().add("name", domain).build());
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    long jobId = submittedJob();
    Api curator = Api.newAccount("curator");

    try (Browser browser = new Browser(expected.language())) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(curator.user(), curator.password());
      assertThat(driver.findElement(By.tagName("html")).getDomAttribute("lang"))
          .isEqualTo(expected.language());
      assertThat(menuText(driver))
          .contains(expected.definitionsMenu(), expected.selectiveHarvestsMenu());

      // The domain list: title and column headers.
      driver.get(UI + "definitions/domains.xhtml?name=" + domain);
      wait.until(ExpectedConditions.textToBe(By.tagName("h1"), expected.domainsTitle()));
      assertThat(driver.findElement(By.id("list:domains")).getText())
          .contains(expected.listHeader(), domain);
      browser.screenshot("languages-domains-" + expected.language());

      // A configuration: the domain model's refusal, then Faces' own, both in the language.
      driver.get(
          UI + "definitions/edit-configuration.xhtml?domain=" + domain + "&name=defaultconfig");
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("configuration:maxHops")));
      browser.type("configuration:maxHops", "5000");
      driver.findElement(By.id("configuration:save")).click();
      By maxHopsMessage = By.id("configuration:maxHopsMessage");
      wait.until(ExpectedConditions.textToBePresentInElementLocated(maxHopsMessage, "5000"));
      String refusal = driver.findElement(maxHopsMessage).getText();
      // The configuration the refusal names is named in the language too, not in English.
      assertThat(refusal)
          .contains(expected.maxHopsRefusal(), expected.defaultConfiguration())
          .doesNotContain("must be", "of domain");
      browser.screenshot("languages-refusal-" + expected.language());

      browser.type("configuration:maxHops", "viele");
      driver.findElement(By.id("configuration:save")).click();
      wait.until(ExpectedConditions.textToBePresentInElementLocated(maxHopsMessage, "viele"));
      String conversion = driver.findElement(maxHopsMessage).getText();
      assertThat(conversion).contains(expected.notAWholeNumber()).doesNotContain("whole number");
      System.out.println(
          "Refusals in " + expected.language() + ": " + refusal + " | " + conversion);

      // A refusal the domain service makes (a domain that does not exist), in the language.
      String missing = "missing-" + UUID.randomUUID().toString().substring(0, 8) + ".dk";
      driver.get(UI + "definitions/edit-domain.xhtml?domain=" + missing);
      String noSuchDomain = expected.noSuchDomain().formatted(missing);
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(By.tagName("body"), noSuchDomain));
      assertThat(driver.findElement(By.tagName("body")).getText())
          .doesNotContain("No domain named");
      System.out.println("Service refusal in " + expected.language() + ": " + noSuchDomain);

      // Schedules: the title, and the shipped schedule Daily in words.
      driver.get(UI + "definitions/schedules.xhtml?name=Daily");
      wait.until(ExpectedConditions.textToBe(By.tagName("h1"), expected.schedulesTitle()));
      assertThat(driver.findElement(By.tagName("body")).getText())
          .contains(expected.dailySchedule())
          .doesNotContain("every day");

      // A job's page: labels and its status.
      driver.get(UI + "status/job.xhtml?id=" + jobId);
      wait.until(
          ExpectedConditions.textToBePresentInElementLocated(
              By.tagName("body"), expected.expectedObjects()));
      assertThat(driver.findElement(By.tagName("body")).getText())
          .contains(expected.submitted())
          .doesNotContain("Expected objects");
      browser.screenshot("languages-job-" + expected.language());
    }
  }

  @Test
  void givenALanguageChosenInTheTopBar_whenLoggingInAgain_thenThePagesAreInIt() throws Exception {
    Api curator = Api.newAccount("curator");

    // An English browser: the pages are English until the user chooses Italian.
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(curator.user(), curator.password());
      driver.get(UI + "definitions/domains.xhtml");
      wait.until(ExpectedConditions.textToBe(By.tagName("h1"), "Domains"));

      choose(driver, wait, "Italiano");
      wait.until(ExpectedConditions.textToBe(By.tagName("h1"), "Domini"));
      assertThat(driver.getCurrentUrl()).contains("/definitions/domains.xhtml");
      assertThat(driver.findElement(By.id("language:choice_label")).getText())
          .isEqualTo("Italiano");

      // Logged out and in again (a new session): still Italian.
      driver.findElement(By.cssSelector("#logout button")).click();
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("login-form")));
      browser.logIn(curator.user(), curator.password());
      assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Stato del sistema");
      browser.screenshot("languages-chosen-it");
    }

    // Another browser asking for Danish: the account's choice wins, until the user gives it up.
    try (Browser browser = new Browser("da")) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(30));
      browser.logIn(curator.user(), curator.password());
      assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Stato del sistema");

      choose(driver, wait, "Lingua del browser");
      try {
        wait.until(ExpectedConditions.textToBe(By.tagName("h1"), "Systemets tilstand"));
      } catch (org.openqa.selenium.TimeoutException e) {
        browser.screenshot("languages-browser-choice");
        throw new AssertionError(
            "Still Italian after choosing the browser's language; the menu says: "
                + driver.findElement(By.id("language")).getText(),
            e);
      }
      assertThat(driver.findElement(By.id("language:choice_label")).getText())
          .isEqualTo("Browserens sprog");
    }

    // The choice given up is kept too: a German browser now gets German.
    try (Browser browser = new Browser("de")) {
      WebDriver driver = browser.driver();
      browser.logIn(curator.user(), curator.password());
      assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Systemzustand");
    }
  }

  /**
   * Picks a language in the top bar's menu, as a user does: open it, click the entry once the menu
   * is open. PrimeFaces opens it with a transition, and its click handler reads the value the menu
   * had when it opened, which it records only at the transition's end: an entry clicked earlier
   * changes nothing (a script error in the page; seen once in CI, on the first opening).
   */
  private static void choose(WebDriver driver, WebDriverWait wait, String label) {
    driver.findElement(By.id("language:choice")).click();
    By entry = By.cssSelector("#language\\:choice_items li[data-label='" + label + "']");
    wait.until(ExpectedConditions.elementToBeClickable(entry));
    wait.until(
        d ->
            Boolean.FALSE.equals(
                ((JavascriptExecutor) d)
                    .executeScript("return PrimeFaces.animationActive === true")));
    driver.findElement(entry).click();
  }

  /** A job the scheduler made and submitted on a channel of its own that no agent serves. */
  private long submittedJob() throws Exception {
    String channel = harvests.newChannel();
    String harvest = ScheduledHarvests.unique("Languages ui ");
    harvests.createHarvest(harvest, channel, "Once");
    harvests.addSeeds(harvest, "", List.of(ScheduledHarvests.unique("it-lang-") + ".dk"));
    harvests.activate(harvest);
    List<JsonObject> jobs =
        harvests.awaitJobs(harvest, js -> ScheduledHarvests.allIn(js, "SUBMITTED"));
    assertThat(jobs).hasSize(1);
    return jobs.get(0).getJsonNumber("id").longValue();
  }

  /** The menu's text, including the entries of closed submenus. */
  private static String menuText(WebDriver driver) {
    return driver.findElement(By.id("menu")).getDomProperty("textContent");
  }
}
