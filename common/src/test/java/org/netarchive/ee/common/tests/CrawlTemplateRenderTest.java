package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.netarchive.ee.common.tests.CrawlTemplates.defaultText;
import static org.netarchive.ee.common.tests.CrawlTemplates.dom;
import static org.netarchive.ee.common.tests.CrawlTemplates.jobValues;
import static org.netarchive.ee.common.tests.CrawlTemplates.replaceOnce;
import static org.netarchive.ee.common.tests.CrawlTemplates.select;
import static org.netarchive.ee.common.tests.CrawlTemplates.string;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.CrawlTemplateException;
import org.netarchive.ee.common.template.Placeholder;
import org.w3c.dom.Document;

class CrawlTemplateRenderTest {

  private final CrawlTemplate template = CrawlTemplate.defaultTemplate();

  private static Map<Placeholder, String> jobValuesWith(Placeholder placeholder, String value) {
    Map<Placeholder, String> values = new EnumMap<>(jobValues());
    if (value == null) {
      values.remove(placeholder);
    } else {
      values.put(placeholder, value);
    }
    return values;
  }

  @Test
  void givenValuesForEveryPlaceholder_whenRendering_thenTheyStandWhereTheBeansReadThem() {
    Document job = dom(template.render(jobValues()));

    assertThat(
            string(
                job, "/beans/bean[@id='seeds']/property[@name='textSource']/bean/property/value"))
        .isEqualTo("http://www.kb.dk/\nhttp://netarkivet.dk/search?q=a&b=\"c\"");
    assertThat(string(job, "/beans/bean[@id='warcWriter']/property[@name='prefix']/@value"))
        .isEqualTo("42-7");
    assertThat(string(job, "/beans/bean[@id='warcWriter']/property[@name='storePaths']/list/value"))
        .isEqualTo("/data/jobs/42/warcs");
    assertThat(string(job, "/beans/bean[@id='metadata']/property[@name='jobName']/@value"))
        .isEqualTo("harvest 7 \"Events\", job 42");
    assertThat(string(job, "/beans/bean[@id='quota-objects-2000']/property/map/entry/@key"))
        .isEqualTo("quotaEnforcer.groupMaxFetchSuccesses");
    assertThat(
            select(
                    job,
                    "/beans/bean[@class='org.archive.crawler.spring.SurtPrefixesSheetAssociation']"
                        + "/property[@name='surtPrefixes']/list/value")
                .getLength())
        .isEqualTo(2);
    assertThat(
            string(
                job,
                "//bean[@class='org.archive.modules.deciderules.MatchesListRegexDecideRule']"
                    + "/property[@name='regexList']/list/value[2]"))
        .isEqualTo(".*[?&]sessionid=.*");
    assertThat(
            string(
                job,
                "/beans/bean[@id='fetchProcessors']/property/list/ref[@bean='fetchHttp']"
                    + "/following-sibling::*[1]/@class"))
        .isEqualTo("org.archive.modules.recrawl.ContentDigestHistoryLoader");
  }

  @Test
  void givenValuesWithMarkup_whenRendering_thenTheyAreEscapedInTheText() {
    String job = template.render(jobValues());

    assertThat(job)
        .contains("<value>http://www.kb.dk/\nhttp://netarkivet.dk/search?q=a&amp;b=\"c\"</value>")
        .doesNotContain("%{");
  }

  @Test
  void givenAnAttributeValueWithQuotesAndNewlines_whenRendering_thenTheyAreCharacterReferences() {
    String text =
        replaceOnce(
            replaceOnce(defaultText(), "<value>%{SEEDS}</value>", ""),
            "<property name=\"value\">",
            "<property name=\"value\" value=\"%{SEEDS}\">");
    Map<Placeholder, String> values =
        jobValuesWith(Placeholder.SEEDS, "http://a.example/\nhttp://b.example/?x='1'&y=\"2\"");

    String job = CrawlTemplate.parse(text).render(values);

    assertThat(job)
        .contains(
            "value=\"http://a.example/&#10;http://b.example/?x=&apos;1&apos;&amp;y=&quot;2&quot;\"");
    assertThat(string(dom(job), "//bean[@id='seeds']//property[@name='value']/@value"))
        .isEqualTo("http://a.example/\nhttp://b.example/?x='1'&y=\"2\"");
  }

  @Test
  void givenSeedsInACdataSection_whenRendering_thenTheSectionStaysIntact() {
    String text =
        replaceOnce(
            defaultText(), "<value>%{SEEDS}</value>", "<value><![CDATA[%{SEEDS}]]></value>");

    String job =
        CrawlTemplate.parse(text)
            .render(jobValuesWith(Placeholder.SEEDS, "http://a.example/?q=<x>&y=]]>z"));

    assertThat(string(dom(job), "//bean[@id='seeds']//value"))
        .isEqualTo("http://a.example/?q=<x>&y=]]>z");
  }

  @Test
  void givenRendering_whenComparingWithTheTemplate_thenOnlyThePlaceholdersChanged() {
    Map<Placeholder, String> values = new EnumMap<>(Placeholder.class);
    values.put(Placeholder.SEEDS, "S");
    values.put(Placeholder.DOMAIN_QUOTAS, "");
    values.put(Placeholder.CRAWLER_TRAPS, "");
    values.put(Placeholder.WARC_PREFIX, "P");
    values.put(Placeholder.WARC_DIRECTORY, "D");
    values.put(Placeholder.WARCINFO_METADATA, "<!--M-->");

    String job = template.render(values);

    String expected =
        defaultText()
            .replace("%{SEEDS}", "S")
            .replace("<!-- %{DOMAIN_QUOTAS} -->", "")
            .replace("<!-- %{CRAWLER_TRAPS} -->", "")
            .replace("%{WARC_PREFIX}", "P")
            .replace("%{WARC_DIRECTORY}", "D")
            .replace("<!-- %{WARCINFO_METADATA} -->", "<!--M-->")
            .replace("<!-- %{DEDUP_INDEX} -->", "");
    assertThat(job).isEqualTo(expected);
  }

  @Test
  void givenNoDedupValue_whenRendering_thenNoProcessorIsInserted() {
    Document job = dom(template.render(jobValuesWith(Placeholder.DEDUP_INDEX, null)));

    assertThat(
            string(
                job,
                "/beans/bean[@id='fetchProcessors']/property/list/ref[@bean='fetchHttp']"
                    + "/following-sibling::*[1]/@bean"))
        .isEqualTo("extractorHttp");
  }

  @Test
  void givenADedupValueForATemplateWithoutDedup_whenRendering_thenItIsIgnored() {
    CrawlTemplate withoutDedup =
        CrawlTemplate.parse(replaceOnce(defaultText(), "<!-- %{DEDUP_INDEX} -->", ""));

    String job = withoutDedup.render(jobValues());

    assertThat(job).doesNotContain("ContentDigestHistoryLoader");
  }

  @Test
  void givenAMissingRequiredValue_whenRendering_thenRefusedNamingIt() {
    Map<Placeholder, String> values = jobValuesWith(Placeholder.WARC_DIRECTORY, null);
    values.remove(Placeholder.CRAWLER_TRAPS);

    assertThatThrownBy(() -> template.render(values))
        .isInstanceOfSatisfying(
            CrawlTemplateException.class,
            e ->
                assertThat(e.problems())
                    .containsExactly(
                        "No value for %{CRAWLER_TRAPS} (one <value> element per crawler-trap regular"
                            + " expression) was given",
                        "No value for %{WARC_DIRECTORY} (the directory the WARC files are written to)"
                            + " was given"));
  }

  @Test
  void givenAFragmentThatIsNotXml_whenRendering_thenRefusedNamingThePlaceholder() {
    Map<Placeholder, String> values =
        jobValuesWith(Placeholder.CRAWLER_TRAPS, "<value>.*/a&b/.*</value>");

    assertThatThrownBy(() -> template.render(values))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining("The value for %{CRAWLER_TRAPS} is not well-formed XML at line 1");
  }

  @Test
  void givenAFragmentWithAnUnbalancedElement_whenRendering_thenRefused() {
    Map<Placeholder, String> values =
        jobValuesWith(Placeholder.DOMAIN_QUOTAS, "<bean class=\"org.archive.spring.Sheet\">");

    assertThatThrownBy(() -> template.render(values))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining("The value for %{DOMAIN_QUOTAS} is not well-formed XML");
  }

  @Test
  void givenAFragmentUsingTheTemplatesNamespacePrefixes_whenRendering_thenAccepted() {
    String job =
        template.render(jobValuesWith(Placeholder.DOMAIN_QUOTAS, "<context:annotation-config/>"));

    assertThat(job.split("<context:annotation-config/>", -1)).hasSize(3);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "../etc", "a/b", "-x", "42 7"})
  void givenAnUnusableWarcPrefix_whenRendering_thenRefusedNamingIt(String prefix) {
    assertThatThrownBy(() -> template.render(jobValuesWith(Placeholder.WARC_PREFIX, prefix)))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining("The value for %{WARC_PREFIX} '" + prefix + "' is not a usable");
  }

  @Test
  void givenBlankSeeds_whenRendering_thenRefused() {
    assertThatThrownBy(() -> template.render(jobValuesWith(Placeholder.SEEDS, " \n")))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining("The value for %{SEEDS} is blank");
  }

  @Test
  void givenAControlCharacter_whenRendering_thenRefusedNamingItsPosition() {
    assertThatThrownBy(
            () -> template.render(jobValuesWith(Placeholder.SEEDS, "http://a.example/\u0001")))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining(
            "The value for %{SEEDS} contains the character U+0001 at position 17, which XML 1.0"
                + " does not allow");
  }
}
