package org.netarchive.ee.agent.demo;

import org.netarchive.ee.common.template.CrawlTemplate;

/**
 * The shipped default template with politeness and retries set for local test crawls (no delays
 * between fetches, an unreachable host given up after a few seconds), as a curator would upload it.
 */
public final class FastTemplate {

  private FastTemplate() {}

  public static String text() {
    String text = CrawlTemplate.defaultTemplate().text();
    String overrides =
        """
          <bean id="testPoliteness"
                class="org.springframework.beans.factory.config.PropertyOverrideConfigurer">
            <property name="properties">
              <value>
                disposition.delayFactor=0.0
                disposition.minDelayMs=0
                disposition.maxDelayMs=0
                disposition.respectCrawlDelayUpToSeconds=0
                frontier.maxRetries=3
                frontier.retryDelaySeconds=1
                fetchHttp.soTimeoutMs=5000
              </value>
            </property>
          </bean>
        </beans>
        """;
    int end = text.lastIndexOf("</beans>");
    String result = text.substring(0, end) + overrides;
    CrawlTemplate.parse(result);
    return result;
  }
}
