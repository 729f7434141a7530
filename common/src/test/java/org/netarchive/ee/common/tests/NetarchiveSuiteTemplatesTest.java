package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.netarchive.ee.common.tests.CrawlTemplates.dom;
import static org.netarchive.ee.common.tests.CrawlTemplates.jobValues;
import static org.netarchive.ee.common.tests.CrawlTemplates.lineOf;
import static org.netarchive.ee.common.tests.CrawlTemplates.replaceOnce;
import static org.netarchive.ee.common.tests.CrawlTemplates.string;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.CrawlTemplateException;
import org.netarchive.ee.common.template.JobValues;
import org.netarchive.ee.common.template.NetarchiveSuiteTemplates;
import org.netarchive.ee.common.template.Placeholder;
import org.netarchive.ee.common.template.TemplateConversion;
import org.w3c.dom.Document;

/**
 * {@link NetarchiveSuiteTemplates#convert(String)} on a template in NetarchiveSuite's Heritrix 3
 * shape, with its placeholders and beans (the fixture {@code
 * netarchivesuite-h3-crawler-beans.cxml}), and variants of it.
 */
class NetarchiveSuiteTemplatesTest {

  private static final String FIXTURE = fixture();
  private static final TemplateConversion CONVERSION = NetarchiveSuiteTemplates.convert(FIXTURE);

  private static String fixture() {
    try (InputStream in =
        NetarchiveSuiteTemplatesTest.class.getResourceAsStream(
            "netarchivesuite-h3-crawler-beans.cxml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String line(String snippet) {
    return "Line " + lineOf(FIXTURE, snippet) + ": ";
  }

  @Test
  void givenTheFixture_whenParsedAsItIs_thenRefusedForNetarchiveSuitesPlaceholders() {
    assertThatThrownBy(() -> CrawlTemplate.parse(FIXTURE))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining("Unknown placeholder %{CRAWLERTRAPS_PLACEHOLDER}");
  }

  @Test
  void givenTheFixture_whenConverted_thenTheResultIsAUsableTemplateWithEveryPlaceholder() {
    CrawlTemplate template = CrawlTemplate.parse(CONVERSION.text());

    assertThat(template.placeholders()).containsExactlyInAnyOrder(Placeholder.values());
    assertThat(template.hasDedupSettings()).isTrue();
    assertThat(CONVERSION.text())
        .doesNotContain(
            "_PLACEHOLDER}", "\"dk.netarkivet", "is.hi.bok", "\"quotaenforcer\"", "quotaenforcer.")
        .contains("A crawl template in the shape of NetarchiveSuite 7.x/8.x");
  }

  @Test
  void givenTheFixture_whenConverted_thenEachPlaceholderIsReportedWithWhatItBecame() {
    assertThat(CONVERSION.changes())
        .contains(
            line("%{CRAWLERTRAPS_PLACEHOLDER}")
                + "%{CRAWLERTRAPS_PLACEHOLDER} became <!-- %{CRAWLER_TRAPS} -->: the agent puts"
                + " the global crawler traps and those of the job's domains there",
            line("%{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER}")
                + "%{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER} became the WARC writer 'warcWriter'"
                + " (org.archive.modules.writer.WARCWriterChainProcessor, compressed, files of at"
                + " most 1 GB) with %{WARC_PREFIX} and %{WARC_DIRECTORY}",
            line("%{ARCHIVER_BEAN_REFERENCE_PLACEHOLDER}")
                + "%{ARCHIVER_BEAN_REFERENCE_PLACEHOLDER} became <ref bean=\"warcWriter\"/>",
            line("%{MAX_TIME_SECONDS_PLACEHOLDER}")
                + "%{MAX_TIME_SECONDS_PLACEHOLDER} became 0: no time limit of the template; the"
                + " agent sets the job's own maximum running time (crawlLimiter.maxTimeSeconds)"
                + " when the harvest has one",
            line("%{FRONTIER_QUEUE_TOTAL_BUDGET_PLACEHOLDER}")
                + "%{FRONTIER_QUEUE_TOTAL_BUDGET_PLACEHOLDER} became -1: no budget per queue; each"
                + " domain's object limit is set by the quota sheets at %{DOMAIN_QUOTAS}",
            line("%{QUOTA_ENFORCER_GROUP_MAX_FETCH_SUCCES_PLACEHOLDER}")
                + "%{QUOTA_ENFORCER_GROUP_MAX_FETCH_SUCCES_PLACEHOLDER} became -1: no object limit"
                + " of the template; each domain's limit is set by the quota sheets at"
                + " %{DOMAIN_QUOTAS}",
            line("%{QUOTA_ENFORCER_MAX_BYTES_PLACEHOLDER}")
                + "%{QUOTA_ENFORCER_MAX_BYTES_PLACEHOLDER} became -1: no byte limit of the"
                + " template; each domain's limit is set by the quota sheets at %{DOMAIN_QUOTAS}",
            line("%{DEDUPLICATION_INDEX_LOCATION_PLACEHOLDER}")
                + "%{DEDUPLICATION_INDEX_LOCATION_PLACEHOLDER} is given up with the DeDuplicator's"
                + " indexLocation: the agent gives each job its own index through %{DEDUP_INDEX}",
            line("%{DEDUPLICATION_ENABLED_PLACEHOLDER}")
                + "%{DEDUPLICATION_ENABLED_PLACEHOLDER} is given up with the DeDuplicator's"
                + " enabled: deduplication runs when the job has an index, through"
                + " %{DEDUP_INDEX}",
            line("%{MAX_HOPS}")
                + "%{MAX_HOPS} became 20: NetarchiveSuite's default of the extended field; the"
                + " agent sets each domain configuration's own hops per domain",
            line("%{HONOR_ROBOTS_DOT_TXT}")
                + "%{HONOR_ROBOTS_DOT_TXT} became ignore: NetarchiveSuite's default of the"
                + " extended field; the agent sets each domain configuration's own robots policy"
                + " per domain",
            line("%{EXTRACT_JAVASCRIPT}")
                + "%{EXTRACT_JAVASCRIPT} became true: NetarchiveSuite's default of the extended"
                + " field; the agent sets each domain configuration's own choice per domain",
            line("%{UMBRA_BEAN_REF_PLACEHOLDER}")
                + "removed %{UMBRA_BEAN_REF_PLACEHOLDER}: Netarchive EE does not drive Umbra"
                + " (NetarchiveSuite removes it too when Umbra is not configured)")
        .anySatisfy(c -> assertThat(c).startsWith(line("%{UMBRA_SIMPLEOVERRIDES_PLACEHOLDER}")))
        .anySatisfy(c -> assertThat(c).startsWith(line("%{UMBRA_PUBLISH_BEAN_PLACEHOLDER}")))
        .anySatisfy(
            c ->
                assertThat(c)
                    .startsWith("Replaced NetarchiveSuite's deduplicator 'DeDuplicator' at line "))
        .anySatisfy(
            c -> assertThat(c).startsWith("Put <!-- %{DEDUP_INDEX} --> in the fetch chain"));
  }

  @Test
  void givenTheFixture_whenConverted_thenEachBeanIsReportedWithWhatItBecame() {
    assertThat(CONVERSION.changes())
        .contains(
            line("<bean id=\"quotaenforcer\"")
                + "the quota enforcer 'quotaenforcer' became 'quotaEnforcer', the name the"
                + " per-domain quota sheets set",
            line("<ref bean=\"quotaenforcer\"/>")
                + "the reference to 'quotaenforcer' became a reference to 'quotaEnforcer'",
            line("quotaenforcer.forceRetire")
                + "the override quotaenforcer.forceRetire became quotaEnforcer.forceRetire",
            line("DomainnameQueueAssignmentPolicy\">")
                + "the bean of class dk.netarkivet.harvester.harvesting.DomainnameQueueAssignmentPolicy"
                + " became org.archive.crawler.frontier.AssignmentLevelSurtQueueAssignmentPolicy"
                + " (one frontier queue per registered domain, so that the per-domain limits"
                + " count per domain)",
            line("harvesting.NasCrawlMetadata\"")
                + "the bean of class dk.netarkivet.harvester.harvesting.NasCrawlMetadata became"
                + " org.archive.modules.CrawlMetadata",
            line("<property name=\"jobName\"")
                + "removed the property 'jobName' of the crawl metadata: the agent sets it for"
                + " each job through %{WARCINFO_METADATA}",
            line("metadata.jobName=")
                + "removed the override metadata.jobName: the agent sets it for each job through"
                + " %{WARCINFO_METADATA}",
            line("metadata.date=")
                + "removed the override metadata.date: Heritrix's CrawlMetadata has no date",
            line("warcWriter.writeRequests")
                + "removed the override warcWriter.writeRequests: WARCWriterChainProcessor writes"
                + " request records itself",
            line("<property name=\"textSource\">")
                + "the seeds' text source (a file in the job directory) became the job's seeds,"
                + " through %{SEEDS}",
            line("OnNSDomainsDecideRule")
                + "the bean of class dk.netarkivet.harvester.harvesting.OnNSDomainsDecideRule"
                + " became org.archive.modules.deciderules.surt.OnDomainsDecideRule",
            line("harvesting.ContentSizeAnnotationPostProcessor\"")
                + "removed NetarchiveSuite's ContentSizeAnnotationPostProcessor: the agent counts"
                + " each domain's bytes from the crawl log",
            line("<bean class=\"org.archive.modules.deciderules.MatchesListRegexDecideRule\">")
                + "the crawler-trap rule got decision REJECT (without one it would accept what"
                + " matches a crawler trap)")
        .anySatisfy(c -> assertThat(c).contains("added <!-- %{DOMAIN_QUOTAS} --> at the end"))
        .anySatisfy(c -> assertThat(c).contains("added a SheetOverlaysManager at the end"));
  }

  @Test
  void givenTheConvertedFixture_whenRendered_thenTheJobHasNetarchiveEesValuesWhereNasHadItsOwn() {
    CrawlTemplate template = CrawlTemplate.parse(CONVERSION.text());
    Map<Placeholder, String> values = jobValues();
    values.put(Placeholder.DEDUP_INDEX, JobValues.dedupProcessor(template, "/jobs/7/dedup-index"));
    Document job = dom(template.render(values));

    String bean = "//*[local-name()='bean']";
    assertThat(string(job, bean + "[@id='warcWriter']/@class"))
        .isEqualTo("org.archive.modules.writer.WARCWriterChainProcessor");
    assertThat(string(job, bean + "[@id='warcWriter']/*[@name='prefix']/@value"))
        .isEqualTo(values.get(Placeholder.WARC_PREFIX));
    assertThat(string(job, bean + "[@id='dispositionProcessors']//*[local-name()='ref'][1]/@bean"))
        .isEqualTo("warcWriter");
    assertThat(string(job, bean + "[@id='quotaEnforcer']/*[@name='groupMaxFetchSuccesses']/@value"))
        .isEqualTo("-1");
    assertThat(string(job, bean + "[@id='quotaEnforcer']/*[@name='groupMaxAllKb']/@value"))
        .isEqualTo("-1");
    assertThat(string(job, bean + "[@id='queueAssignmentPolicy']/@class"))
        .isEqualTo("org.archive.crawler.frontier.AssignmentLevelSurtQueueAssignmentPolicy");
    assertThat(string(job, bean + "[@id='metadata']/*[@name='jobName']/@value")).isNotEmpty();
    assertThat(string(job, bean + "[@id='netarchiveDedup']/@parent"))
        .isEqualTo("netarchiveDedupSettings");
    String overrides = string(job, bean + "[@id='simpleOverrides']//*[local-name()='value']");
    assertThat(overrides)
        .contains(
            "crawlLimiter.maxTimeSeconds=0",
            "frontier.queueTotalBudget=-1",
            "scope.rules[2].maxHops=20",
            "metadata.robotsPolicyName=ignore",
            "extractorHtml.extractJavascript=true",
            "quotaEnforcer.forceRetire=false")
        .doesNotContain("metadata.jobName", "metadata.date", "warcWriter.", "UMBRA");
    String traps = bean + "[*[@name='regexList']]/*[@name='regexList']/*/*";
    assertThat(string(job, traps + "[1]")).isEqualTo(".*/calendar/\\d{4}/.*");
    assertThat(string(job, traps + "[2]")).isEqualTo(".*/calendar/.*");
    assertThat(string(job, traps + "[3]")).isEqualTo(".*[?&]sessionid=.*");
    assertThat(string(job, bean + "[*[@name='regexList']]/*[@name='decision']/@value"))
        .isEqualTo("REJECT");
  }

  @Test
  void givenATemplateWithoutAnythingOfNetarchiveSuite_whenConverted_thenUnchanged() {
    String text = CrawlTemplate.defaultTemplate().text();

    TemplateConversion conversion = NetarchiveSuiteTemplates.convert(text);

    assertThat(conversion.converted()).isFalse();
    assertThat(conversion.text()).isSameAs(text);
  }

  @Test
  void givenTheConvertedText_whenConvertedAgain_thenNothingChanges() {
    TemplateConversion again = NetarchiveSuiteTemplates.convert(CONVERSION.text());

    assertThat(again.converted()).isFalse();
    assertThat(again.text()).isEqualTo(CONVERSION.text());
  }

  @Test
  void givenAnUnknownPlaceholder_whenConverted_thenRefusedNamingItsLine() {
    String text =
        replaceOnce(
            FIXTURE, "crawlController.maxToeThreads=5", "crawlController.maxToeThreads=%{THREADS}");

    assertThatThrownBy(() -> NetarchiveSuiteTemplates.convert(text))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageStartingWith("The NetarchiveSuite template cannot be converted")
        .hasMessageContaining(
            "Unknown placeholder %{THREADS} at line "
                + lineOf(text, "%{THREADS}")
                + ": it is neither one of NetarchiveSuite 7.0 to 8.1 nor one of Netarchive EE"
                + " (an extended field of your own?); replace it with the value it should have");
  }

  @Test
  void givenTheCrawlerTrapsPlaceholderOutsideARegexList_whenConverted_thenRefusedNamingItsLine() {
    String text =
        replaceOnce(
            replaceOnce(FIXTURE, "%{CRAWLERTRAPS_PLACEHOLDER}\n", ""),
            " <bean id=\"candidateScoper\"",
            "%{CRAWLERTRAPS_PLACEHOLDER}\n <bean id=\"candidateScoper\"");

    assertThatThrownBy(() -> NetarchiveSuiteTemplates.convert(text))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining(
            "NetarchiveSuite's %{CRAWLERTRAPS_PLACEHOLDER} at line "
                + lineOf(text, "%{CRAWLERTRAPS_PLACEHOLDER}")
                + " cannot be converted where it stands; it is converted in the <list> of the"
                + " regexList property of a org.archive.modules.deciderules.MatchesListRegexDecideRule,"
                + " where NetarchiveSuite puts it: move it there or remove it");
  }

  @Test
  void givenTheArchiverBeanPlaceholderInsideABean_whenConverted_thenRefusedNamingItsLine() {
    String text =
        replaceOnce(
            replaceOnce(FIXTURE, " %{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER}\n", ""),
            "<property name=\"sourceTagSeeds\" value=\"true\"/>",
            "<property name=\"sourceTagSeeds\" value=\"true\"/>\n"
                + "  %{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER}");

    assertThatThrownBy(() -> NetarchiveSuiteTemplates.convert(text))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining(
            "NetarchiveSuite's %{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER} at line "
                + lineOf(text, "%{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER}")
                + " cannot be converted where it stands; it is converted among the beans,"
                + " directly inside <beans>");
  }

  @Test
  void givenTheArchiverReferenceMissing_whenConverted_thenRefusedSayingWhereToPutIt() {
    String text = replaceOnce(FIXTURE, "    %{ARCHIVER_BEAN_REFERENCE_PLACEHOLDER}\n", "");

    assertThatThrownBy(() -> NetarchiveSuiteTemplates.convert(text))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining(
            "There is %{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER} but no"
                + " %{ARCHIVER_BEAN_REFERENCE_PLACEHOLDER} in the processors of the disposition"
                + " chain, so nothing would be archived; put it there");
  }

  @Test
  void givenAWriterNamedWarcWriterAndTheArchiverPlaceholder_whenConverted_thenRefused() {
    String text =
        replaceOnce(
            FIXTURE,
            " <bean id=\"candidates\"",
            " <bean id=\"warcWriter\" class=\"org.archive.modules.writer.WARCWriterChainProcessor\"/>\n"
                + " <bean id=\"candidates\"");

    assertThatThrownBy(() -> NetarchiveSuiteTemplates.convert(text))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining(
            "%{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER} at line "
                + lineOf(text, "%{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER}")
                + " would add the WARC writer 'warcWriter', but the bean at line "
                + lineOf(text, "<bean id=\"warcWriter\"")
                + " has that name already; rename or remove that bean");
  }

  @Test
  void givenNetarchiveSuitesOwnClassesWithoutCounterpart_whenConverted_thenEachRefusedByLine() {
    String text =
        replaceOnce(
            replaceOnce(
                FIXTURE,
                " <bean id=\"extractorJs\" class=\"org.archive.modules.extractor.ExtractorJS\"/>",
                " <bean id=\"extractorJs\""
                    + " class=\"dk.netarkivet.harvester.harvesting.extractor.IcelandicExtractorJS\"/>"),
            " <bean id=\"candidates\"",
            " <bean id=\"arcWriter\" class=\"org.archive.modules.writer.ARCWriterProcessor\"/>\n"
                + " <bean id=\"nasWriter\""
                + " class=\"dk.netarkivet.harvester.harvesting.NasWARCProcessor\"/>\n"
                + " <bean id=\"candidates\"");

    assertThatThrownBy(() -> NetarchiveSuiteTemplates.convert(text))
        .isInstanceOfSatisfying(
            CrawlTemplateException.class,
            e ->
                assertThat(e.problems())
                    .containsExactly(
                        "The bean of class"
                            + " dk.netarkivet.harvester.harvesting.extractor.IcelandicExtractorJS at"
                            + " line "
                            + lineOf(text, "IcelandicExtractorJS")
                            + " is one of NetarchiveSuite's Heritrix extensions, which Netarchive"
                            + " EE's Heritrix does not have; use"
                            + " org.archive.modules.extractor.ExtractorJS",
                        "The ARC writer at line "
                            + lineOf(text, "ARCWriterProcessor")
                            + " cannot be converted: Netarchive EE archives WARC files only;"
                            + " remove the bean and its reference",
                        "The bean of class dk.netarkivet.harvester.harvesting.NasWARCProcessor at"
                            + " line "
                            + lineOf(text, "NasWARCProcessor")
                            + " is one of NetarchiveSuite's Heritrix extensions, which Netarchive"
                            + " EE's Heritrix does not have; replace the bean by"
                            + " %{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER} and its reference in the"
                            + " disposition chain by %{ARCHIVER_BEAN_REFERENCE_PLACEHOLDER},"
                            + " which become Netarchive EE's WARC writer"));
  }

  @Test
  void givenADeduplicatorThatCannotBeConverted_whenConverted_thenItsProblemIsNamedWithTheOthers() {
    String text =
        replaceOnce(
            replaceOnce(
                FIXTURE,
                "name=\"changeContentSize\" value=\"false\"",
                "name=\"changeContentSize\" value=\"true\""),
            "crawlController.maxToeThreads=5",
            "crawlController.maxToeThreads=%{THREADS}");

    assertThatThrownBy(() -> NetarchiveSuiteTemplates.convert(text))
        .isInstanceOfSatisfying(
            CrawlTemplateException.class,
            e ->
                assertThat(e.problems())
                    .hasSize(2)
                    .anySatisfy(
                        p ->
                            assertThat(p)
                                .contains(
                                    "sets changeContentSize true at line "
                                        + lineOf(text, "changeContentSize")))
                    .anySatisfy(p -> assertThat(p).startsWith("Unknown placeholder %{THREADS}")));
  }

  @Test
  void givenTheQuotaEnforcerPlaceholderOfOlderTemplates_whenConverted_thenItBecomesTheBean() {
    String enforcer =
        FIXTURE.substring(
            FIXTURE.indexOf(" <bean id=\"quotaenforcer\""),
            FIXTURE.indexOf("</bean>", FIXTURE.indexOf("<bean id=\"quotaenforcer\"")) + 8);
    String text = replaceOnce(FIXTURE, enforcer, "%{QUOTAENFORCER_PLACEHOLDER}\n");

    TemplateConversion conversion = NetarchiveSuiteTemplates.convert(text);

    assertThat(conversion.changes())
        .contains(
            "Line "
                + lineOf(text, "%{QUOTAENFORCER_PLACEHOLDER}")
                + ": %{QUOTAENFORCER_PLACEHOLDER} became the quota enforcer 'quotaEnforcer'",
            "Line "
                + lineOf(text, "<ref bean=\"quotaenforcer\"/>")
                + ": the reference to 'quotaenforcer' became a reference to 'quotaEnforcer'");
    assertThat(CrawlTemplate.parse(conversion.text()).placeholders())
        .contains(Placeholder.DOMAIN_QUOTAS);
  }

  @Test
  void givenAPlaceholderInAComment_whenConverted_thenItIsNoLongerAPlaceholder() {
    String text =
        replaceOnce(
            FIXTURE,
            "<!-- The archiver is put here for each job. -->",
            "<!-- %{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER} is put here for each job. -->");

    TemplateConversion conversion = NetarchiveSuiteTemplates.convert(text);

    assertThat(conversion.text())
        .contains("<!-- ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER is put here for each job. -->");
    assertThat(conversion.changes())
        .contains(
            "Line "
                + lineOf(text, "is put here for each job")
                + ": %{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER} in a comment was written"
                + " ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER, no longer a placeholder");
    CrawlTemplate.parse(conversion.text());
  }

  @Test
  void givenAWriterOfItsOwnWithThePrefixAndMetadataPlaceholders_whenConverted_thenMapped() {
    String text =
        replaceOnce(
            replaceOnce(
                FIXTURE,
                " %{ARCHIVER_PROCESSOR_BEAN_PLACEHOLDER}\n",
                """
                 <bean id="warcWriter" class="org.archive.modules.writer.WARCWriterChainProcessor">
                  <property name="prefix" value="%{ARCHIVE_FILE_PREFIX_PLACEHOLDER}"/>
                  <property name="storePaths">
                   <list>
                    <value>%{WARC_DIRECTORY}</value>
                   </list>
                  </property>
                %{METADATA_ITEMS_PLACEHOLDER}
                 </bean>
                 %{UMBRA_RECEIVE_BEAN_PLACEHOLDER}
                """),
            "%{ARCHIVER_BEAN_REFERENCE_PLACEHOLDER}",
            "<ref bean=\"warcWriter\"/>");

    TemplateConversion conversion = NetarchiveSuiteTemplates.convert(text);

    assertThat(conversion.changes())
        .contains(
            "Line "
                + lineOf(text, "%{ARCHIVE_FILE_PREFIX_PLACEHOLDER}")
                + ": %{ARCHIVE_FILE_PREFIX_PLACEHOLDER} became %{WARC_PREFIX}",
            "Line "
                + lineOf(text, "%{METADATA_ITEMS_PLACEHOLDER}")
                + ": removed %{METADATA_ITEMS_PLACEHOLDER}: the warcinfo record is written from"
                + " %{WARCINFO_METADATA} in the crawl metadata bean",
            "Line "
                + lineOf(text, "%{UMBRA_RECEIVE_BEAN_PLACEHOLDER}")
                + ": removed %{UMBRA_RECEIVE_BEAN_PLACEHOLDER}: Netarchive EE does not drive Umbra"
                + " (NetarchiveSuite removes it too when Umbra is not configured)");
    assertThat(conversion.changes()).noneMatch(c -> c.contains("warcWriter.writeRequests"));
    CrawlTemplate template = CrawlTemplate.parse(conversion.text());
    assertThat(template.text())
        .contains("<property name=\"prefix\" value=\"%{WARC_PREFIX}\"/>")
        .doesNotContain("METADATA_ITEMS", "UMBRA");
  }

  @Test
  void givenAByteOrderMark_whenConverted_thenItIsDroppedAndTheLinesAreTheSame() {
    TemplateConversion conversion = NetarchiveSuiteTemplates.convert("\uFEFF" + FIXTURE);

    assertThat(conversion.text()).isEqualTo(CONVERSION.text());
    assertThat(conversion.changes()).isEqualTo(CONVERSION.changes());
  }
}
