package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * The API page in a real browser: behind the login, Swagger UI draws the operations of the OpenAPI
 * document under the page's Content-Security-Policy (a script it blocked would leave the page
 * empty).
 *
 * <p>Tagged database-neutral: CI runs it on H2 only; it reads no data, only the OpenAPI document.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Tag("database-neutral")
class ApiPageBrowserIT {

  @Test
  void givenNoLogin_whenOpeningTheApiPage_thenTheLoginPageIsShown() throws Exception {
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      driver.get(ServerUnderTest.HTTP + "/system/api.xhtml");

      browser.await(By.id("login-form"));
      assertThat(driver.findElements(By.id("swagger-ui"))).isEmpty();
    }
  }

  @Test
  void givenAViewer_whenOpeningTheApiPage_thenItListsTheOperations() throws Exception {
    Api viewer = Api.newAccount("viewer");
    try (Browser browser = new Browser()) {
      WebDriver driver = browser.driver();
      browser.logIn(viewer.user(), viewer.password());
      assertThat(driver.findElements(By.id("menu-api"))).as("the menu offers the page").hasSize(1);
      driver.get(ServerUnderTest.HTTP + "/system/api.xhtml");

      browser.await(By.cssSelector("#swagger-ui .opblock"));
      browser.screenshot("api-page");
      assertThat(driver.findElement(By.cssSelector("#swagger-ui .info .title")).getText())
          .contains("Netarchive EE REST API");
      List<String> operations =
          driver.findElements(By.cssSelector("#swagger-ui .opblock-summary-path")).stream()
              .map(WebElement::getText)
              .map(t -> t.replace("\u200B", ""))
              .toList();
      assertThat(operations).contains("/api/health", "/api/domains/{name}", "/api/jobs/{id}");
      assertThat(operations.size()).isGreaterThan(50);
    }
  }
}
