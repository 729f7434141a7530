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

import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.CrawlTemplateException;
import org.netarchive.ee.common.template.JobValues;
import org.w3c.dom.Document;

/**
 * A template's deduplication: the processor the agent inserts, the settings bean, and templates
 * ported from NetarchiveSuite that still declare its deduplicator.
 */
class DedupTemplateTest {

  /**
   * A NetarchiveSuite Heritrix 3 deduplicator as its templates declare it: a top-level bean whose
   * index location the harvest server fills, referenced in the disposition chain before the WARC
   * writer.
   */
  private static final String NAS_DEDUPLICATOR =
      """
      <bean id="DeDuplicator" class="is.hi.bok.deduplicator.DeDuplicator">
        <property name="indexLocation" value="/home/netarkiv/cache/DEDUP_CRAWL_LOG/empty-cache"/>
        <property name="matchingMethod" value="URL"/>
        <property name="tryEquivalent" value="TRUE"/>
        <property name="changeContentSize" value="false"/>
        <property name="mimeFilter" value="^(text|application/xhtml)/.*"/>
        <property name="filterMode" value="BLACKLIST"/>
        <property name="origin" value=""/>
        <property name="originHandling" value="INDEX"/>
        <property name="statsPerHost" value="true"/>
      </bean>""";

  private static String nasShaped(String deduplicator) {
    String text = withBean(defaultText(), deduplicator);
    return replaceOnce(
        text,
        "        <ref bean=\"warcWriter\"/>",
        "        <ref bean=\"DeDuplicator\"/>\n        <ref bean=\"warcWriter\"/>");
  }

  @Test
  void givenTheDefaultTemplates_thenTheyHaveTheDeduplicationPlaceholderAndNoSettings() {
    CrawlTemplate template = CrawlTemplate.defaultTemplate();

    assertThat(template.usesDedupIndex()).isTrue();
    assertThat(template.hasDedupSettings()).isFalse();
    assertThat(JobValues.dedupProcessor(template, "/jobs/9-x/dedup-index"))
        .isEqualTo(
            """
            <bean id="netarchiveDedup" \
            class="org.netarchive.ee.agent.heritrix.dedup.DedupProcessor">
              <property name="indexLocation" value="/jobs/9-x/dedup-index"/>
            </bean>
            """);
  }

  @Test
  void givenANetarchiveSuiteDeduplicator_whenParsed_thenRefusedSayingWhatToWriteInstead() {
    String text = nasShaped(NAS_DEDUPLICATOR);

    assertThatThrownBy(() -> CrawlTemplate.parse(text))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining(
            "The bean 'DeDuplicator' at line "
                + lineOf(text, "<bean id=\"DeDuplicator\"")
                + " is NetarchiveSuite's deduplicator is.hi.bok.deduplicator.DeDuplicator")
        .hasMessageContaining(
            "<bean id=\"netarchiveDedupSettings\" abstract=\"true\""
                + " class=\"org.netarchive.ee.agent.heritrix.dedup.DedupProcessor\">\n"
                + "  <property name=\"matchingMethod\" value=\"URL_AND_DIGEST\"/>\n"
                + "  <property name=\"mimeFilter\" value=\"^(text|application/xhtml)/.*\"/>\n"
                + "  <property name=\"filterMode\" value=\"BLACKLIST\"/>\n</bean>")
        .hasMessageContaining(
            "remove it and its reference <ref bean=\"DeDuplicator\"/> (line "
                + lineOf(text, "<ref bean=\"DeDuplicator\"/>")
                + ")")
        .hasMessageContaining("<!-- %{DEDUP_INDEX} -->")
        .hasMessageContaining("matchingMethod URL becomes URL_AND_DIGEST")
        .hasMessageContaining("tryEquivalent is left out")
        .hasMessageContaining("indexLocation is left out: the agent gives each job its own index")
        .hasMessageNotContaining("Not supported");
  }

  @Test
  void givenTheReplacementTheRefusalGives_whenParsed_thenJobsGetAChildOfTheSettingsBean() {
    String refused = nasShaped(NAS_DEDUPLICATOR);
    String message =
        org.assertj.core.api.Assertions.catchThrowableOfType(
                CrawlTemplateException.class, () -> CrawlTemplate.parse(refused))
            .getMessage();
    String settings =
        message.substring(
            message.indexOf("<bean id=\"netarchiveDedupSettings\""),
            message.indexOf("</bean>", message.indexOf("netarchiveDedupSettings")) + 7);
    String fixed =
        replaceOnce(
            replaceOnce(refused, NAS_DEDUPLICATOR, settings),
            "        <ref bean=\"DeDuplicator\"/>\n",
            "");

    CrawlTemplate template = CrawlTemplate.parse(fixed);
    Document job = jobWithDedupIndex(template, "/jobs/1/dedup-index");

    assertThat(template.hasDedupSettings()).isTrue();
    assertThat(string(job, DEDUP_PROCESSOR + "/@parent")).isEqualTo("netarchiveDedupSettings");
    assertThat(
            string(
                job,
                "//*[local-name()='bean'][@id='netarchiveDedup']"
                    + "/*[local-name()='property'][@name='indexLocation']/@value"))
        .isEqualTo("/jobs/1/dedup-index");
  }

  @Test
  void givenADeduplicatorThatChangesContentSizes_whenParsed_thenRefusedNamingTheSetting() {
    String text =
        nasShaped(
            NAS_DEDUPLICATOR.replace(
                "name=\"changeContentSize\" value=\"false\"",
                "name=\"changeContentSize\" value=\"true\""));

    assertThatThrownBy(() -> CrawlTemplate.parse(text))
        .hasMessageContaining("Not supported, so remove: changeContentSize true");
  }

  @Test
  void givenADisabledDeduplicator_whenParsed_thenRefusedSayingToRemoveIt() {
    String text =
        nasShaped(
            NAS_DEDUPLICATOR.replace(
                "<property name=\"statsPerHost\" value=\"true\"/>",
                "<property name=\"enabled\" value=\"false\"/>"));

    assertThatThrownBy(() -> CrawlTemplate.parse(text))
        .hasMessageContaining("It is disabled: remove it and its reference");
  }

  @Test
  void givenSettingsBeansThatCannotWork_whenParsed_thenEachProblemIsNamed() {
    String notAbstract =
        withBean(
            defaultText(),
            """
            <bean id="netarchiveDedupSettings"
                  class="org.netarchive.ee.agent.heritrix.dedup.DedupProcessor">
              <property name="matchingMethod" value="URL"/>
              <property name="mimeFilter" value="^text/(.*"/>
              <property name="indexLocation" value="/somewhere"/>
            </bean>""");

    assertThatThrownBy(() -> CrawlTemplate.parse(notAbstract))
        .hasMessageContaining("must be declared <bean id=\"netarchiveDedupSettings\" abstract=")
        .hasMessageContaining("has the matchingMethod 'URL'; use URL_AND_DIGEST or DIGEST")
        .hasMessageContaining("has the mimeFilter '^text/(.*', which is not a regular expression")
        .hasMessageContaining("sets 'indexLocation' at line")
        .hasMessageContaining("(the agent sets the job's index)");
  }
}
