package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.EnumMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.JobValues;
import org.netarchive.ee.common.template.Placeholder;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** Fixtures for the crawl template tests: the shipped template, edits of it, job values. */
final class CrawlTemplates {

  private CrawlTemplates() {}

  /** The text of the shipped default template, a real crawler-beans.cxml. */
  static String defaultText() {
    return CrawlTemplate.defaultTemplate().text();
  }

  /** Replaces the one occurrence of a snippet; fails the test if it is not there exactly once. */
  static String replaceOnce(String text, String snippet, String replacement) {
    int at = text.indexOf(snippet);
    assertThat(at).as("'%s' in the template", snippet).isNotNegative();
    assertThat(text.indexOf(snippet, at + 1)).as("a second '%s'", snippet).isNegative();
    return text.substring(0, at) + replacement + text.substring(at + snippet.length());
  }

  /** The line (from 1) on which the one occurrence of a snippet starts. */
  static int lineOf(String text, String snippet) {
    int at = text.indexOf(snippet);
    assertThat(at).as("'%s' in the template", snippet).isNotNegative();
    return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
  }

  /** The default template's text with one more bean definition before the closing tag. */
  static String withBean(String text, String bean) {
    return replaceOnce(text, "</beans>", bean + "\n</beans>");
  }

  /** The dedup processor among the fetch processors of a job's crawler beans. */
  static final String DEDUP_PROCESSOR =
      "//*[local-name()='bean'][@id='fetchProcessors']//*[local-name()='bean']"
          + "[@id='netarchiveDedup']";

  /** A job's crawler beans from a template, its dedup processor reading the index at a path. */
  static Document jobWithDedupIndex(CrawlTemplate template, String indexLocation) {
    Map<Placeholder, String> values = jobValues();
    values.put(Placeholder.DEDUP_INDEX, JobValues.dedupProcessor(template, indexLocation));
    return dom(template.render(values));
  }

  /** Values a job could have, one of them with characters that need escaping. */
  static Map<Placeholder, String> jobValues() {
    Map<Placeholder, String> values = new EnumMap<>(Placeholder.class);
    values.put(Placeholder.SEEDS, "http://www.kb.dk/\nhttp://netarkivet.dk/search?q=a&b=\"c\"");
    values.put(
        Placeholder.DOMAIN_QUOTAS,
        """
        <bean id="quota-objects-2000" class="org.archive.spring.Sheet">
          <property name="map">
            <map>
              <entry key="quotaEnforcer.groupMaxFetchSuccesses" value="2000"/>
            </map>
          </property>
        </bean>
        <bean class="org.archive.crawler.spring.SurtPrefixesSheetAssociation">
          <property name="surtPrefixes">
            <list>
              <value>http://(dk,kb,</value>
              <value>http://(dk,netarkivet,</value>
            </list>
          </property>
          <property name="targetSheetNames">
            <list>
              <value>quota-objects-2000</value>
            </list>
          </property>
        </bean>""");
    values.put(
        Placeholder.CRAWLER_TRAPS,
        "<value>.*/calendar/.*</value>\n<value>.*[?&amp;]sessionid=.*</value>");
    values.put(Placeholder.WARC_PREFIX, "42-7");
    values.put(Placeholder.WARC_DIRECTORY, "/data/jobs/42/warcs");
    values.put(
        Placeholder.WARCINFO_METADATA,
        """
        <property name="jobName" value="harvest 7 &quot;Events&quot;, job 42"/>
        <property name="description" value="harvestInfo.jobId=42 harvestInfo.harvestNum=3"/>""");
    values.put(
        Placeholder.DEDUP_INDEX,
        """
        <bean class="org.archive.modules.recrawl.ContentDigestHistoryLoader">
          <property name="contentDigestHistory">
            <bean class="org.archive.modules.recrawl.BdbContentDigestHistory"/>
          </property>
        </bean>""");
    return values;
  }

  /**
   * Parses XML with the JDK's DOM parser, without DTDs. Not namespace-aware, so that XPaths can
   * name Spring's elements as written: {@code /beans/bean[@id='seeds']}.
   */
  static Document dom(String xml) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newDefaultInstance();
      factory.setNamespaceAware(false);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      return factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
    } catch (Exception e) {
      throw new AssertionError("not well-formed XML: " + e.getMessage(), e);
    }
  }

  /** The nodes an XPath selects. */
  static NodeList select(Document document, String xpath) {
    try {
      return (NodeList)
          XPathFactory.newDefaultInstance()
              .newXPath()
              .evaluate(xpath, document, XPathConstants.NODESET);
    } catch (Exception e) {
      throw new AssertionError("bad XPath " + xpath, e);
    }
  }

  /** The string value of an XPath. */
  static String string(Document document, String xpath) {
    try {
      return XPathFactory.newDefaultInstance().newXPath().evaluate(xpath, document);
    } catch (Exception e) {
      throw new AssertionError("bad XPath " + xpath, e);
    }
  }
}
