package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.netarchive.ee.common.tests.CrawlTemplates.dom;
import static org.netarchive.ee.common.tests.CrawlTemplates.string;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.netarchive.ee.common.message.CrawlCredential;
import org.netarchive.ee.common.message.CrawlDomain;
import org.netarchive.ee.common.message.CrawlRequest;
import org.netarchive.ee.common.message.DomainCrawlSettings;
import org.netarchive.ee.common.message.MessageCodec;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.CrawlTemplateException;
import org.netarchive.ee.common.template.JobValues;
import org.netarchive.ee.common.template.Placeholder;
import org.w3c.dom.Document;

/** The per-domain settings and passwords of a crawl request, as the job's Heritrix sheets. */
class DomainSettingsSheetsTest {

  private static final CrawlCredential BASIC =
      new CrawlCredential(
          "intranet", "https://kb.dk/intra/", "Intra", "crawler", "pw<&\"", null, null);
  private static final CrawlCredential FORM =
      new CrawlCredential(
          "members", "http://www.kb.dk:8080/login", "", "crawler", "s3cret", "user", "pass");

  private static CrawlDomain domain(String name, DomainCrawlSettings settings) {
    return domain(name, settings, List.of());
  }

  /** A domain of the default configuration, no limits, its home page as the one seed. */
  private static CrawlDomain domain(
      String name, DomainCrawlSettings settings, List<CrawlCredential> credentials) {
    return new CrawlDomain(
        name,
        "defaultconfig",
        -1,
        -1,
        List.of("http://" + name + "/"),
        List.of(),
        settings,
        credentials);
  }

  private static Document rendered(CrawlRequest request) {
    return rendered(CrawlTemplate.defaultTemplate(), request);
  }

  private static Document rendered(CrawlTemplate template, CrawlRequest request) {
    return dom(template.render(JobValues.forJob(template, request, "/tmp/warcs")));
  }

  private static String entry(Document beans, String sheetPrefix, String key) {
    return string(
        beans,
        "//*[local-name()='bean'][starts-with(@id,'"
            + sheetPrefix
            + "')]//*[local-name()='entry'][@key='"
            + key
            + "']/@value");
  }

  @Test
  void givenDomainSettings_whenRendered_thenASheetSetsEachForItsDomainsOnly() {
    DomainCrawlSettings careful = new DomainCrawlSettings(3, 30, false, false);
    CrawlRequest request =
        JobValuesTest.request(
            0, List.of(), domain("kb.dk", careful), domain("bl.uk", careful), domain("x.dk", null));

    Document beans = rendered(request);

    String sheet = "netarchiveDomainSettings-hops-3-rate-30-robots-ignore-js-false";
    assertThat(entry(beans, sheet, "scope.rules[2].maxHops")).isEqualTo("3");
    // 30 a minute is a pause of 2 s; the default template's own (Heritrix's 3 s) is longer.
    assertThat(entry(beans, sheet, "disposition.minDelayMs")).isEqualTo("3000");
    assertThat(entry(beans, sheet, "disposition.maxDelayMs")).isEqualTo("30000");
    assertThat(entry(beans, sheet, "metadata.robotsPolicyName")).isEqualTo("ignore");
    assertThat(entry(beans, sheet, "extractorJs.enabled")).isEqualTo("false");
    assertThat(entry(beans, sheet, "extractorHtml.extractJavascript")).isEqualTo("false");
    String association =
        "//*[local-name()='bean'][*[@name='targetSheetNames']//*[.='" + sheet + "']]";
    for (String prefix :
        List.of("http://(dk,kb,", "https://(dk,kb,", "http://(uk,bl,", "https://(uk,bl,")) {
      assertThat(string(beans, "count(" + association + "//*[.='" + prefix + "'])"))
          .as(prefix)
          .isEqualTo("1");
    }
    assertThat(string(beans, "count(//*[.='http://(dk,x,'])")).isEqualTo("0");
    assertThat(
            string(
                beans,
                "count(//*[local-name()='bean'][starts-with(@id,'netarchiveDomainSettings')])"))
        .isEqualTo("1");
  }

  /** The default template with its disposition's pauses set to 0 and at most 500 ms. */
  private static CrawlTemplate withoutPauses() {
    return CrawlTemplate.parse(
        CrawlTemplate.defaultTemplate()
            .text()
            .replace(
                "<bean id=\"disposition\" class=\"org.archive.crawler.postprocessor.DispositionProcessor\"/>",
                "<bean id=\"disposition\" class=\"org.archive.crawler.postprocessor.DispositionProcessor\">"
                    + "<property name=\"minDelayMs\" value=\"0\"/>"
                    + "<property name=\"maxDelayMs\" value=\"500\"/></bean>"));
  }

  /** The default template with an override that sets its pauses to none. */
  private static CrawlTemplate overridingItsPausesToNone() {
    return CrawlTemplate.parse(
        CrawlTemplate.defaultTemplate()
            .text()
            .replace(
                "</beans>",
                "<bean id=\"fast\""
                    + " class=\"org.springframework.beans.factory.config.PropertyOverrideConfigurer\">"
                    + "<property name=\"properties\"><value>\n disposition.minDelayMs=0\n"
                    + " disposition.maxDelayMs=0\n</value></property></bean></beans>"));
  }

  static Stream<Arguments> pauses() {
    return Stream.of(
        // a rate of 30 a minute keeps a template without pauses to 2 s
        Arguments.of("without pauses", withoutPauses(), 30, 2000),
        // only the rate pauses when the template overrides its own pauses to none
        Arguments.of("overriding its pauses to none", overridingItsPausesToNone(), 6000, 10),
        // one request a minute: the maximum delay makes room for it
        Arguments.of("the default", CrawlTemplate.defaultTemplate(), 1, 60_000));
  }

  @ParameterizedTest(name = "template {0}, {2} a minute: {3} ms")
  @MethodSource("pauses")
  void givenADomainWithARate_whenRendered_thenItsPauseKeepsToTheRate(
      String what, CrawlTemplate template, int perMinute, long pauseMs) {
    CrawlRequest request =
        JobValuesTest.request(
            0, List.of(), domain("kb.dk", new DomainCrawlSettings(20, perMinute, true, true)));

    Document beans = rendered(template, request);

    String sheet = "netarchiveDomainSettings-hops-20-rate-" + perMinute + "-";
    assertThat(entry(beans, sheet, "disposition.minDelayMs")).isEqualTo(String.valueOf(pauseMs));
    assertThat(entry(beans, sheet, "disposition.maxDelayMs")).isEqualTo(String.valueOf(pauseMs));
    assertThat(entry(beans, sheet, "metadata.robotsPolicyName")).isEqualTo("obey");
  }

  @Test
  void givenATemplateWithoutAHopsRule_whenADomainHasSettings_thenTheJobIsRefusedSayingWhy() {
    String text =
        CrawlTemplate.defaultTemplate()
            .text()
            .replaceAll(
                "(?s)<bean class=\"org.archive.modules.deciderules.TooManyHopsDecideRule\">.*?</bean>",
                "");
    CrawlTemplate template = CrawlTemplate.parse(text);
    CrawlRequest request =
        JobValuesTest.request(
            0, List.of(), domain("kb.dk", new DomainCrawlSettings(3, 60, true, true)));

    assertThatThrownBy(() -> JobValues.forJob(template, request, "/tmp/warcs"))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining("TooManyHopsDecideRule")
        .hasMessageContaining("max hops");
  }

  private static CrawlRequest requestWithPasswords() {
    return JobValuesTest.request(0, List.of(), domain("kb.dk", null, List.of(BASIC, FORM)));
  }

  private static final String STORE =
      "//*[local-name()='bean'][@class='org.archive.modules.credential.CredentialStore']";
  private static final String HTTP =
      STORE
          + "//*[local-name()='bean']"
          + "[@class='org.archive.modules.credential.HttpAuthenticationCredential']";
  private static final String FORM_CREDENTIAL =
      STORE
          + "//*[local-name()='bean'][@class='org.archive.modules.credential.HtmlFormCredential']";

  @Test
  void givenPasswords_whenRendered_thenTheCrawlerBeansHaveThemInTheirCredentialStore() {
    Document beans = rendered(requestWithPasswords());

    assertThat(string(beans, STORE + "/@id")).isEqualTo(JobValues.CREDENTIAL_STORE_ID);
    assertThat(string(beans, STORE + "/@primary")).isEqualTo("true");
    assertThat(string(beans, HTTP + "/*[@name='domain']/@value")).isEqualTo("kb.dk:443");
    assertThat(string(beans, HTTP + "/*[@name='realm']/@value")).isEqualTo("Intra");
    assertThat(string(beans, HTTP + "/*[@name='password']/@value")).isEqualTo("pw<&\"");
    assertThat(string(beans, FORM_CREDENTIAL + "/*[@name='domain']/@value"))
        .isEqualTo("www.kb.dk:8080");
    assertThat(string(beans, FORM_CREDENTIAL + "/*[@name='loginUri']/@value"))
        .isEqualTo("http://www.kb.dk:8080/login");
    assertThat(string(beans, FORM_CREDENTIAL + "//*[local-name()='entry'][@key='pass']/@value"))
        .isEqualTo("s3cret");
  }

  @Test
  void givenALoginForm_whenRendered_thenItsUrlIsTheFirstSeedSoThatHeritrixPostsIt() {
    CrawlDomain other = domain("bl.uk", null);
    CrawlRequest request =
        JobValuesTest.request(0, List.of(), other, requestWithPasswords().domains().getFirst());

    String seeds =
        JobValues.forJob(CrawlTemplate.defaultTemplate(), request, "/tmp/warcs")
            .get(Placeholder.SEEDS);

    assertThat(seeds.split("\n"))
        .containsExactly("http://www.kb.dk:8080/login", "http://bl.uk/", "http://kb.dk/");
  }

  @Test
  void givenALoginFormOnAnotherDomain_whenRendered_thenItIsRefusedNamingIt() {
    CrawlDomain kb =
        domain(
            "kb.dk",
            null,
            List.of(
                new CrawlCredential(
                    "sso", "https://login.example.org/", "", "crawler", "s3cret", "u", "p")));
    CrawlRequest request = JobValuesTest.request(0, List.of(), kb);

    assertThatThrownBy(
            () -> JobValues.forJob(CrawlTemplate.defaultTemplate(), request, "/tmp/warcs"))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining("'https://login.example.org/'")
        .hasMessageContaining("'sso'")
        .hasMessageContaining("kb.dk")
        .hasMessageNotContaining("s3cret");
  }

  @Test
  void givenARequestWithoutItsPasswords_whenRendered_thenTheStoreSaysTheyAreLeftOut() {
    CrawlTemplate template = CrawlTemplate.defaultTemplate();
    String text =
        template.render(
            JobValues.forJob(template, requestWithPasswords().withoutPasswords(), "/tmp/warcs"));
    Document beans = dom(text);

    assertThat(text).doesNotContain("s3cret").doesNotContain("pw<");
    assertThat(string(beans, HTTP + "/*[@name='password']/@value"))
        .isEqualTo(JobValues.PASSWORD_LEFT_OUT);
    assertThat(string(beans, FORM_CREDENTIAL + "//*[local-name()='entry'][@key='pass']/@value"))
        .isEqualTo(JobValues.PASSWORD_LEFT_OUT);
    assertThat(string(beans, HTTP + "/*[@name='login']/@value")).isEqualTo(BASIC.username());
  }

  /** The default template with a credential store bean of its own before the domain quotas. */
  private static CrawlTemplate withOwnStore(String own) {
    return CrawlTemplate.parse(
        CrawlTemplate.defaultTemplate()
            .text()
            .replace("<!-- %{DOMAIN_QUOTAS} -->", own + "<!-- %{DOMAIN_QUOTAS} -->"));
  }

  @Test
  void givenATemplateWithAnEmptyCredentialStore_whenRendered_thenTheAgentsStoreIsAdded() {
    String own =
        "<bean id=\"credentialStore\" class=\"org.archive.modules.credential.CredentialStore\"/>\n";
    CrawlTemplate template = withOwnStore(own);

    String text = template.render(JobValues.forJob(template, requestWithPasswords(), "/tmp/warcs"));

    assertThat(text).contains(own).contains(JobValues.CREDENTIAL_STORE_ID);
  }

  @Test
  void givenATemplateWithCredentialsOfItsOwn_whenRenderedWithPasswords_thenItIsRefused() {
    String own =
        "<bean id=\"credentialStore\" class=\"org.archive.modules.credential.CredentialStore\">"
            + "<property name=\"credentials\"><map/></property></bean>\n";
    CrawlTemplate template = withOwnStore(own);

    assertThatThrownBy(() -> JobValues.forJob(template, requestWithPasswords(), "/tmp/warcs"))
        .isInstanceOf(CrawlTemplateException.class)
        .hasMessageContaining("'credentialStore'");
  }

  @Test
  void givenARequestWithPasswords_whenCopiedForTheJobDirectory_thenNoPasswordIsLeft() {
    CrawlDomain kb =
        domain("kb.dk", new DomainCrawlSettings(5, 60, true, false), List.of(BASIC, FORM));
    CrawlRequest request = JobValuesTest.request(0, List.of(), kb);
    MessageCodec codec = MessageCodec.standard();

    String wire = codec.encode(request);
    String kept = codec.encode(request.withoutPasswords());

    assertThat(codec.decode(wire, CrawlRequest.class)).isEqualTo(request);
    assertThat(wire).contains("s3cret");
    assertThat(kept).doesNotContain("s3cret").doesNotContain("pw<").contains("\"realm\":\"Intra\"");
    assertThat(request.toString()).doesNotContain("s3cret");
    assertThat(codec.decode(kept, CrawlRequest.class).domains().get(0).settings())
        .isEqualTo(new DomainCrawlSettings(5, 60, true, false));
  }
}
