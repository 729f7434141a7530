package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.netarchive.ee.common.tests.CrawlTemplates.DEDUP_PROCESSOR;
import static org.netarchive.ee.common.tests.CrawlTemplates.defaultText;
import static org.netarchive.ee.common.tests.CrawlTemplates.jobWithDedupIndex;
import static org.netarchive.ee.common.tests.CrawlTemplates.lineOf;
import static org.netarchive.ee.common.tests.CrawlTemplates.replaceOnce;
import static org.netarchive.ee.common.tests.CrawlTemplates.string;
import static org.netarchive.ee.common.tests.CrawlTemplates.withBean;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.CrawlTemplateException;
import org.netarchive.ee.common.template.TemplateConversion;
import org.w3c.dom.Document;

/**
 * {@link CrawlTemplate#convertNetarchiveSuiteDeduplicator(String)} on a template in the shape of
 * NetarchiveSuite's Heritrix 3 templates (the fixture {@code
 * netarchivesuite-dedup-crawler-beans.cxml}) and variants of it.
 */
class NetarchiveSuiteDedupConversionTest {

  private static final String FIXTURE = fixture();

  private static final String NAS_BEAN =
      FIXTURE.substring(
          FIXTURE.indexOf(" <bean id=\"DeDuplicator\""),
          FIXTURE.indexOf("</bean>", FIXTURE.indexOf("<bean id=\"DeDuplicator\"")) + 7);

  private static final String SETTINGS_BEAN =
      """
       <bean id="netarchiveDedupSettings" abstract="true" \
      class="org.netarchive.ee.agent.heritrix.dedup.DedupProcessor">
         <property name="matchingMethod" value="URL_AND_DIGEST"/>
         <property name="mimeFilter" value="^text/.*"/>
         <property name="filterMode" value="BLACKLIST"/>
       </bean>""";

  private static final String REF_LINE = "    <ref bean=\"DeDuplicator\"/>\n";
  private static final String FETCH_HTTP_LINE = "    <ref bean=\"fetchHttp\"/>\n";
  private static final String PLACEHOLDER_LINE = "    <!-- %{DEDUP_INDEX} -->\n";

  private static String fixture() {
    try (InputStream in =
        NetarchiveSuiteDedupConversionTest.class.getResourceAsStream(
            "netarchivesuite-dedup-crawler-beans.cxml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void givenTheFixture_whenParsedAsItIs_thenRefused() {
    assertThatThrownBy(() -> CrawlTemplate.parse(FIXTURE))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining("is NetarchiveSuite's deduplicator");
  }

  @Test
  void givenTheFixture_whenConverted_thenOnlyTheDeduplicatorItsReferenceAndThePlaceholderChange() {
    TemplateConversion conversion = CrawlTemplate.convertNetarchiveSuiteDeduplicator(FIXTURE);

    String expected =
        replaceOnce(
            replaceOnce(replaceOnce(FIXTURE, NAS_BEAN, SETTINGS_BEAN), REF_LINE, ""),
            FETCH_HTTP_LINE,
            FETCH_HTTP_LINE + PLACEHOLDER_LINE);
    assertThat(conversion.text()).isEqualTo(expected);
    assertThat(conversion.converted()).isTrue();
    assertThat(conversion.changes())
        .containsExactly(
            "Replaced NetarchiveSuite's deduplicator 'DeDuplicator' at line "
                + lineOf(FIXTURE, "<bean id=\"DeDuplicator\"")
                + " by the settings bean 'netarchiveDedupSettings' of"
                + " org.netarchive.ee.agent.heritrix.dedup.DedupProcessor",
            "matchingMethod URL became URL_AND_DIGEST (NetarchiveSuite's URL and DIGEST both make"
                + " a duplicate only of the same URL with the same digest)",
            "mimeFilter ^text/.* was kept",
            "filterMode BLACKLIST was kept",
            "changeContentSize false was dropped: a duplicate's size is never changed in the"
                + " crawl.log",
            "analysisMode was dropped: no timestamp analysis is done",
            "indexLocation was dropped: the agent gives each job its own index",
            "origin was dropped: the annotation always names the original's file and offset",
            "originHandling was dropped: the annotation always names the original's file and"
                + " offset",
            "statsPerHost was dropped: the statistics are per processor",
            "tryEquivalent was dropped: matching is by the exact URL (an equivalent URL's capture"
                + " is not a duplicate)",
            "Removed <ref bean=\"DeDuplicator\"/> at line "
                + lineOf(FIXTURE, "<ref bean=\"DeDuplicator\"/>")
                + " from the disposition chain 'dispositionProcessors'",
            "Put <!-- %{DEDUP_INDEX} --> in the fetch chain after the HTTP fetcher (line "
                + lineOf(FIXTURE, "<ref bean=\"fetchHttp\"/>")
                + "): the agent inserts the deduplication processor there, with the job's own"
                + " index, when the job has one");
  }

  @Test
  void givenTheConvertedFixture_whenParsedAndRendered_thenJobsGetAChildOfTheSettingsBean() {
    CrawlTemplate template =
        CrawlTemplate.parse(CrawlTemplate.convertNetarchiveSuiteDeduplicator(FIXTURE).text());
    Document job = jobWithDedupIndex(template, "/jobs/7/dedup-index");

    assertThat(template.usesDedupIndex()).isTrue();
    assertThat(template.hasDedupSettings()).isTrue();
    assertThat(template.text()).doesNotContain("is.hi.bok", "DeDuplicator\"");
    assertThat(string(job, DEDUP_PROCESSOR + "/@parent")).isEqualTo("netarchiveDedupSettings");
    assertThat(
            string(
                job,
                "//*[local-name()='bean'][@id='netarchiveDedup']/preceding-sibling::*[1]/@bean"))
        .isEqualTo("fetchHttp");
    assertThat(
            string(
                job,
                "//*[local-name()='bean'][@id='netarchiveDedup']"
                    + "/*[local-name()='property'][@name='indexLocation']/@value"))
        .isEqualTo("/jobs/7/dedup-index");
  }

  @Test
  void
      givenTheDeduplicatorReferencedInTheFetchChain_whenConverted_thenThePlaceholderTakesItsPlace() {
    String text =
        replaceOnce(
            replaceOnce(FIXTURE, REF_LINE, ""), FETCH_HTTP_LINE, FETCH_HTTP_LINE + REF_LINE);

    TemplateConversion conversion = CrawlTemplate.convertNetarchiveSuiteDeduplicator(text);

    assertThat(conversion.text())
        .isEqualTo(
            replaceOnce(replaceOnce(text, NAS_BEAN, SETTINGS_BEAN), REF_LINE, PLACEHOLDER_LINE));
    assertThat(conversion.changes())
        .contains(
            "Removed <ref bean=\"DeDuplicator\"/> at line "
                + lineOf(text, "<ref bean=\"DeDuplicator\"/>")
                + " from the fetch chain 'fetchProcessors'");
    assertThat(CrawlTemplate.parse(conversion.text()).usesDedupIndex()).isTrue();
  }

  @Test
  void givenAnInlineDeduplicatorInTheDefaultTemplate_whenConverted_thenSettingsAreAddedAtTheEnd() {
    String text =
        replaceOnce(
            defaultText(),
            "        <ref bean=\"warcWriter\"/>",
            "        <bean class=\"is.hi.bok.deduplicator.DeDuplicator\">\n"
                + "          <property name=\"mimeFilter\" value=\"^(text|image)/.*\"/>\n"
                + "          <property name=\"filterMode\" value=\"blacklist\"/>\n"
                + "        </bean>\n"
                + "        <ref bean=\"warcWriter\"/>");

    TemplateConversion conversion = CrawlTemplate.convertNetarchiveSuiteDeduplicator(text);
    CrawlTemplate template = CrawlTemplate.parse(conversion.text());

    assertThat(conversion.text())
        .isEqualTo(
            replaceOnce(
                defaultText(),
                "</beans>",
                """
                  <bean id="netarchiveDedupSettings" abstract="true" \
                class="org.netarchive.ee.agent.heritrix.dedup.DedupProcessor">
                    <property name="matchingMethod" value="URL_AND_DIGEST"/>
                    <property name="mimeFilter" value="^(text|image)/.*"/>
                    <property name="filterMode" value="BLACKLIST"/>
                  </bean>
                </beans>"""));
    assertThat(conversion.changes())
        .contains("filterMode BLACKLIST was kept")
        .anySatisfy(c -> assertThat(c).contains("(added at the end of the template)"))
        .anySatisfy(c -> assertThat(c).contains("is in the template already"));
    assertThat(template.hasDedupSettings()).isTrue();
  }

  @Test
  void givenADisabledDeduplicator_whenConverted_thenItAndItsReferenceAreRemovedAndNothingAdded() {
    String text =
        FIXTURE.replace(
            "<property name=\"statsPerHost\" value=\"true\"/>",
            "<property name=\"enabled\" value=\"false\"/>");

    TemplateConversion conversion = CrawlTemplate.convertNetarchiveSuiteDeduplicator(text);
    CrawlTemplate template = CrawlTemplate.parse(conversion.text());

    assertThat(conversion.text())
        .isEqualTo(
            replaceOnce(
                replaceOnce(
                    text,
                    NAS_BEAN.replace(
                            "<property name=\"statsPerHost\" value=\"true\"/>",
                            "<property name=\"enabled\" value=\"false\"/>")
                        + "\n",
                    ""),
                REF_LINE,
                ""));
    assertThat(conversion.changes())
        .first()
        .asString()
        .contains("Removed NetarchiveSuite's deduplicator 'DeDuplicator'")
        .endsWith("it was disabled (enabled false)");
    assertThat(template.usesDedupIndex()).isFalse();
    assertThat(template.hasDedupSettings()).isFalse();
  }

  @Test
  void givenSettingsThatCannotBeCarriedOver_whenConverted_thenEachIsRefusedWithItsLine() {
    String text =
        FIXTURE
            .replace(
                "name=\"changeContentSize\" value=\"false\"",
                "name=\"changeContentSize\" value=\"true\"")
            .replace(
                "<property name=\"statsPerHost\" value=\"true\"/>",
                "<property name=\"jumpTo\" value=\"warcWriter\"/>\n"
                    + "  <property name=\"skipAll\" value=\"true\"/>");

    assertThatThrownBy(() -> CrawlTemplate.convertNetarchiveSuiteDeduplicator(text))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageStartingWith(
            "The crawl template's NetarchiveSuite deduplicator cannot be converted (3 problems)")
        .hasMessageContaining(
            "sets changeContentSize true at line "
                + lineOf(text, "changeContentSize")
                + ", which Netarchive EE does not do (a duplicate's size is not changed in the"
                + " crawl.log); set it to false or remove the property")
        .hasMessageContaining(
            "sets jumpTo at line " + lineOf(text, "jumpTo") + ", which Netarchive EE does not do")
        .hasMessageContaining(
            "sets 'skipAll' at line "
                + lineOf(text, "skipAll")
                + ", which is not a setting Netarchive EE can carry over; remove the property");
  }

  @Test
  void givenAMatchingMethodNetarchiveSuiteDoesNotHave_whenConverted_thenRefused() {
    String text =
        FIXTURE.replace(
            "name=\"matchingMethod\" value=\"URL\"", "name=\"matchingMethod\" value=\"FUZZY\"");

    assertThatThrownBy(() -> CrawlTemplate.convertNetarchiveSuiteDeduplicator(text))
        .hasMessageContaining(
            "sets matchingMethod 'FUZZY' at line "
                + lineOf(text, "matchingMethod")
                + "; NetarchiveSuite's values are URL and DIGEST");
  }

  @Test
  void givenNoHttpFetcherInTheFetchChain_whenConverted_thenRefusedSayingWhereThePlaceholderGoes() {
    String text = replaceOnce(FIXTURE, FETCH_HTTP_LINE, "");

    assertThatThrownBy(() -> CrawlTemplate.convertNetarchiveSuiteDeduplicator(text))
        .hasMessageContaining(
            "There is no HTTP fetcher (org.archive.modules.fetcher.FetchHTTP) in the processors"
                + " list of the fetch chain");
  }

  @Test
  void givenASettingsBeanAlready_whenConverted_thenItIsKeptAndTheDeduplicatorRemoved() {
    String text =
        withBean(
            FIXTURE,
            """
            <bean id="netarchiveDedupSettings" abstract="true"
                  class="org.netarchive.ee.agent.heritrix.dedup.DedupProcessor">
              <property name="mimeFilter" value="application/pdf"/>
              <property name="filterMode" value="WHITELIST"/>
            </bean>""");

    TemplateConversion conversion = CrawlTemplate.convertNetarchiveSuiteDeduplicator(text);
    CrawlTemplate template = CrawlTemplate.parse(conversion.text());

    assertThat(conversion.text())
        .contains("value=\"application/pdf\"")
        .doesNotContain("^text/.*", "DeDuplicator\"");
    assertThat(conversion.changes().get(0)).contains("is kept as it is");
    assertThat(template.usesDedupIndex()).isTrue();
  }

  @Test
  void givenATemplateWithoutNetarchiveSuitesDeduplicator_whenConverted_thenItIsUnchanged() {
    String text = defaultText();

    TemplateConversion conversion = CrawlTemplate.convertNetarchiveSuiteDeduplicator(text);

    assertThat(conversion.text()).isSameAs(text);
    assertThat(conversion.changes()).isEmpty();
    assertThat(conversion.converted()).isFalse();
  }

  @Test
  void givenTextThatIsNotXml_whenConverted_thenRefusedAsParseWould() {
    assertThatThrownBy(
            () ->
                CrawlTemplate.convertNetarchiveSuiteDeduplicator(
                    "<beans><bean class=\"is.hi.bok.deduplicator.DeDuplicator\"></beans>"))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining("is not well-formed XML at line 1");
  }
}
