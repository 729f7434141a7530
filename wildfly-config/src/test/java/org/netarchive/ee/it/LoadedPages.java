package org.netarchive.ee.it;

import java.time.Duration;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.events.WebDriverListener;

/**
 * For {@link Browser}: makes {@code driver.get} return only when the page asked for has loaded. In
 * CI it several times returned while the page before was still there or still loading, and the test
 * then found none of the new page's elements, or its PrimeFaces widgets not yet made. (Public: the
 * decorator calls it by reflection.)
 */
public final class LoadedPages implements WebDriverListener {
  private String before;

  @Override
  public void beforeGet(WebDriver driver, String url) {
    before = driver.getCurrentUrl();
  }

  @Override
  public void afterGet(WebDriver driver, String url) {
    boolean samePage = url.equals(before);
    try {
      Browser.waitUpTo(driver, Duration.ofSeconds(10))
          .until(
              d ->
                  (samePage || !before.equals(d.getCurrentUrl()))
                      && "complete"
                          .equals(
                              ((JavascriptExecutor) d)
                                  .executeScript("return document.readyState")));
    } catch (TimeoutException e) {
      // a page that redirects back to the one before (to the login page, say): the test's own
      // checks say whether it is the page they expect
    }
  }
}
