package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The admin UI in a real browser: the login page, a failed and a successful login.
 *
 * <p>Tagged database-neutral: CI runs it on H2 only; accounts and failed logins are what
 * LoginThrottlingIT and every other test's login run on PostgreSQL; the rest is pages.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag("database-neutral")
class LoginBrowserIT {

  @Test
  void givenBrowser_whenLoggingIn_thenWrongPasswordIsRefusedAndTheRightOneShowsTheSystemPage()
      throws Exception {
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      WebDriverWait wait = Browser.waitUpTo(driver, Duration.ofSeconds(20));

      driver.get(ServerUnderTest.HTTP + "/");
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("login-form")));
      browser.screenshot("login");
      logIn(driver, ServerUnderTest.ADMIN, "not-the-password");
      wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("login-failed")));
      assertThat(driver.findElement(By.id("login-failed")).getText())
          .contains("Wrong user name or password");

      logIn(driver, ServerUnderTest.ADMIN, ServerUnderTest.adminPassword());
      try {
        wait.until(
            ExpectedConditions.textToBePresentInElementLocated(By.tagName("h1"), "System state"));
      } catch (org.openqa.selenium.TimeoutException e) {
        browser.screenshot("login-result");
        throw new AssertionError(
            "No system page after logging in; at "
                + driver.getCurrentUrl()
                + ": "
                + driver.getPageSource(),
            e);
      }
      assertThat(driver.findElement(By.id("environment")).getText())
          .isEqualTo(ServerUnderTest.ENVIRONMENT);
      assertThat(driver.findElement(By.id("schema")).getText()).contains("up to date");
      browser.screenshot("system-state");
    }
  }

  private static void logIn(WebDriver driver, String user, String password) {
    driver.findElement(By.id("j_username")).clear();
    driver.findElement(By.id("j_username")).sendKeys(user);
    driver.findElement(By.id("j_password")).sendKeys(password);
    driver.findElement(By.id("login-submit")).click();
  }
}
