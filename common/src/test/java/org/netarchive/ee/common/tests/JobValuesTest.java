package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.netarchive.ee.common.tests.CrawlTemplates.dom;
import static org.netarchive.ee.common.tests.CrawlTemplates.select;
import static org.netarchive.ee.common.tests.CrawlTemplates.string;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.DomainAlias;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.CrawlTemplateException;
import org.netarchive.ee.common.template.JobValues;
import org.netarchive.ee.common.template.Placeholder;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

class JobValuesTest {

  private static final Instant CREATED = Instant.parse("2026-11-20T22:00:00Z");

  static CrawlRequest request(long maxRunningSeconds, List<String> globalTraps, CrawlDomain... d) {
    return CrawlRequest.builder()
        .job(42, CREATED)
        .harvest(7, "Events <2026> & \"more\"", 3)
        .channel("FOCUSED")
        .template("default_orderxml", 5, CrawlTemplate.defaultTemplate().text())
        .maxRunningSeconds(maxRunningSeconds)
        .globalCrawlerTraps(globalTraps)
        .domains(List.of(d))
        .aliases(List.of(new DomainAlias("kb.com", "kb.dk", CREATED)))
        .deduplicationJobIds(List.of(11L))
        .build();
  }

  private static final CrawlDomain KB =
      new CrawlDomain(
          "kb.dk",
          "defaultconfig",
          2000,
          -1,
          List.of("http://www.kb.dk/", "https://kb.dk/news/"),
          List.of(".*/calendar/.*"));
  private static final CrawlDomain NETARKIVET =
      new CrawlDomain(
          "netarkivet.dk",
          "small",
          2000,
          -1,
          List.of("http://netarkivet.dk/", "http://www.kb.dk/"),
          List.of(".*[?&]sessionid=.*", ".*/calendar/.*"));
  private static final CrawlDomain BIBLIOTEK =
      new CrawlDomain(
          "bibliotek.dk", "big", 5000, 10_000_001, List.of("http://bibliotek.dk/"), List.of());
  private static final CrawlDomain UNLIMITED =
      new CrawlDomain("dr.dk", "all", -1, -1, List.of("http://www.dr.dk/"), List.of());

  private static Document rendered(CrawlRequest request) {
    CrawlTemplate template = CrawlTemplate.parse(request.crawlerBeans());
    return dom(template.render(JobValues.forJob(request, "/data/jobs/42/warcs")));
  }

  @Test
  void givenARealRequest_whenRendered_thenSeedsArePlainLinesEachOnce() {
    Document beans = rendered(request(0, List.of(), KB, NETARKIVET, BIBLIOTEK));

    assertThat(string(beans, "/beans/bean[@id='seeds']//property[@name='value']/value").lines())
        .containsExactly(
            "http://www.kb.dk/",
            "https://kb.dk/news/",
            "http://netarkivet.dk/",
            "http://bibliotek.dk/");
  }

  @Test
  void givenDomainsWithLimits_whenRendered_thenOneSheetPerDistinctLimitAppliesToItsDomains() {
    Document beans = rendered(request(0, List.of(), KB, NETARKIVET, BIBLIOTEK, UNLIMITED));

    NodeList sheets = select(beans, "/beans/bean[@class='org.archive.spring.Sheet']");
    assertThat(sheets.getLength()).isEqualTo(2);
    String objectsOnly = "netarchiveDomainLimits-objects-2000-bytes-unlimited";
    String both = "netarchiveDomainLimits-objects-5000-bytes-10000001";
    assertThat(entries(beans, objectsOnly))
        .containsExactly("quotaEnforcer.groupMaxFetchSuccesses=2000");
    // 10,000,001 bytes is 9765.6 KiB: the limit is rounded up, never below what was asked.
    assertThat(entries(beans, both))
        .containsExactly(
            "quotaEnforcer.groupMaxFetchSuccesses=5000", "quotaEnforcer.groupMaxAllKb=9766");
    assertThat(prefixesOf(beans, objectsOnly))
        .containsExactly(
            "http://(dk,kb,",
            "https://(dk,kb,",
            "http://(dk,netarkivet,",
            "https://(dk,netarkivet,");
    assertThat(prefixesOf(beans, both))
        .containsExactly("http://(dk,bibliotek,", "https://(dk,bibliotek,");
    assertThat(beans.getDocumentElement().getTextContent()).doesNotContain("(dk,dr,");
  }

  @Test
  void givenTrapsOnSeveralLevels_whenRendered_thenEachTrapIsInTheRejectListOnce() {
    Document beans = rendered(request(0, List.of(".*/calendar/.*", ".*\\.ics$"), KB, NETARKIVET));

    NodeList values =
        select(
            beans,
            "/beans/bean[@id='scope']//bean[@class='org.archive.modules.deciderules"
                + ".MatchesListRegexDecideRule']/property[@name='regexList']/list/value");
    List<String> traps = new ArrayList<>();
    for (int i = 0; i < values.getLength(); i++) {
      traps.add(values.item(i).getTextContent());
    }
    assertThat(traps).containsExactly(".*/calendar/.*", ".*\\.ics$", ".*[?&]sessionid=.*");
  }

  @Test
  void givenAJob_whenRendered_thenWarcNamingAndWarcinfoDescribeIt() {
    Document beans = rendered(request(0, List.of(), KB));

    assertThat(string(beans, "/beans/bean[@id='warcWriter']/property[@name='prefix']/@value"))
        .isEqualTo("42-7");
    assertThat(
            string(beans, "/beans/bean[@id='warcWriter']/property[@name='storePaths']/list/value"))
        .isEqualTo("/data/jobs/42/warcs");
    assertThat(string(beans, "/beans/bean[@id='metadata']/property[@name='jobName']/@value"))
        .isEqualTo("42-7");
    assertThat(string(beans, "/beans/bean[@id='metadata']/property[@name='description']/@value"))
        .isEqualTo(
            "harvestInfo.jobId=42; harvestInfo.harvestId=7;"
                + " harvestInfo.harvestName=Events <2026> & \"more\"; harvestInfo.harvestRun=3;"
                + " harvestInfo.channel=FOCUSED; harvestInfo.templateName=default_orderxml;"
                + " harvestInfo.templateVersion=5; harvestInfo.jobCreated=2026-11-20T22:00:00Z");
  }

  @Test
  void givenAMaxRunningTime_whenRendered_thenTheCrawlLimiterIsOverridden() {
    Document withLimit = rendered(request(3600, List.of(), KB));
    Document without = rendered(request(0, List.of(), KB));

    assertThat(
            string(
                withLimit,
                "/beans/bean[@id='netarchiveJobTimeLimit']//prop[@key='crawlLimiter.maxTimeSeconds']"))
        .isEqualTo("3600");
    assertThat(select(without, "/beans/bean[@id='netarchiveJobTimeLimit']").getLength()).isZero();
  }

  @Test
  void givenAnInvalidTrap_whenValuesAreMade_thenTheErrorNamesTrapAndDomain() {
    CrawlDomain bad =
        new CrawlDomain("kb.dk", "c", -1, -1, List.of("http://kb.dk/"), List.of(".*(unclosed"));

    assertThatThrownBy(() -> JobValues.forJob(request(0, List.of(), bad), "warcs"))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining("'.*(unclosed' of domain kb.dk in job 42");
  }

  @Test
  void givenDomainsAndAddresses_whenSurtPrefixesAreMade_thenHostsUnderThemMatch() {
    assertThat(JobValues.surtPrefixes("Sub.Example.co.uk"))
        .containsExactly("http://(uk,co,example,sub,", "https://(uk,co,example,sub,");
    assertThat(JobValues.surtPrefixes("127.0.0.2"))
        .containsExactly(
            "http://(127.0.0.2:",
            "http://(127.0.0.2)",
            "https://(127.0.0.2:",
            "https://(127.0.0.2)");
    assertThat(JobValues.warcPrefix(request(0, List.of(), KB))).isEqualTo("42-7");
  }

  @Test
  void givenTheValues_whenCheckedAgainstThePlaceholders_thenEveryRequiredOneIsFilled() {
    Map<Placeholder, String> values = JobValues.forJob(request(0, List.of(), KB), "warcs");

    for (Placeholder placeholder : Placeholder.values()) {
      assertThat(values.containsKey(placeholder))
          .as(placeholder.token())
          .isEqualTo(placeholder.required());
    }
  }

  private static List<String> entries(Document beans, String sheet) {
    NodeList entries = select(beans, "/beans/bean[@id='" + sheet + "']//entry");
    List<String> result = new ArrayList<>();
    for (int i = 0; i < entries.getLength(); i++) {
      var e = (org.w3c.dom.Element) entries.item(i);
      result.add(e.getAttribute("key") + "=" + e.getAttribute("value"));
    }
    return result;
  }

  private static List<String> prefixesOf(Document beans, String sheet) {
    NodeList values =
        select(
            beans,
            "/beans/bean[property[@name='targetSheetNames']/list/value='"
                + sheet
                + "']/property[@name='surtPrefixes']/list/value");
    List<String> result = new ArrayList<>();
    for (int i = 0; i < values.getLength(); i++) {
      result.add(values.item(i).getTextContent());
    }
    return result;
  }
}
