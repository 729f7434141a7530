package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.netarchive.ee.common.tests.CrawlTemplates.defaultText;
import static org.netarchive.ee.common.tests.CrawlTemplates.lineOf;
import static org.netarchive.ee.common.tests.CrawlTemplates.replaceOnce;
import static org.netarchive.ee.common.tests.CrawlTemplates.withBean;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.EnumSet;
import java.util.HexFormat;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.common.template.CrawlTemplateException;
import org.netarchive.ee.common.template.Placeholder;

class CrawlTemplateParseTest {

  private static AbstractThrowableAssert<?, ? extends Throwable> assertRefused(String text) {
    return assertThatThrownBy(() -> CrawlTemplate.parse(text))
        .isInstanceOf(CrawlTemplateException.class);
  }

  // Well-formed templates

  @Test
  void givenTheDefaultTemplate_whenParsing_thenItHasEveryPlaceholder() {
    CrawlTemplate template = CrawlTemplate.parse(defaultText());

    assertThat(template.placeholders()).isEqualTo(EnumSet.allOf(Placeholder.class));
    assertThat(template.usesDedupIndex()).isTrue();
    assertThat(template.text()).isEqualTo(defaultText());
    assertThat(template).isEqualTo(CrawlTemplate.defaultTemplate());
    assertThat(template).hasSameHashCodeAs(CrawlTemplate.defaultTemplate());
  }

  @Test
  void givenNoDedupPlaceholder_whenParsing_thenTheTemplateDoesNotDeduplicate() {
    String text = replaceOnce(defaultText(), "<!-- %{DEDUP_INDEX} -->", "");

    CrawlTemplate template = CrawlTemplate.parse(text);

    assertThat(template.usesDedupIndex()).isFalse();
    assertThat(template.placeholders())
        .isEqualTo(EnumSet.complementOf(EnumSet.of(Placeholder.DEDUP_INDEX)));
  }

  @Test
  void givenATemplate_whenAskingForItsDigest_thenSha256OfTheUtf8Text() throws Exception {
    String text =
        replaceOnce(
            defaultText(),
            "Netarchive EE default crawl template",
            "Netarchive EE default crawl template, modifié pour København");
    byte[] expected =
        MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));

    CrawlTemplate template = CrawlTemplate.parse(text);

    assertThat(template.sha256())
        .isEqualTo(HexFormat.of().formatHex(expected))
        .hasSize(64)
        .isNotEqualTo(CrawlTemplate.defaultTemplate().sha256());
    assertThat(template).isNotEqualTo(CrawlTemplate.defaultTemplate());
  }

  @Test
  void givenAByteOrderMark_whenParsing_thenItIsDropped() {
    CrawlTemplate template = CrawlTemplate.parse("\uFEFF" + defaultText());

    assertThat(template.text()).isEqualTo(defaultText());
  }

  @Test
  void givenARegexWithARepetitionCount_whenParsing_thenItIsNotTakenForAPlaceholder() {
    String text =
        replaceOnce(
            defaultText(),
            "<!-- %{CRAWLER_TRAPS} -->",
            "<value>.*/(%{2}|x{3,}).*</value>\n<!-- %{CRAWLER_TRAPS} -->");

    assertThat(CrawlTemplate.parse(text).text()).contains("%{2}");
  }

  // Missing, repeated, misplaced and unknown placeholders

  @ParameterizedTest
  @EnumSource(
      value = Placeholder.class,
      names = {"DEDUP_INDEX"},
      mode = EnumSource.Mode.EXCLUDE)
  void givenARequiredPlaceholderMissing_whenParsing_thenRefusedNamingIt(Placeholder placeholder) {
    String stand = placeholder.form() == Placeholder.Form.ELEMENTS ? "" : "fixed";
    String text = replaceOnce(defaultText(), placeholder.token(), stand);

    assertRefused(text)
        .hasMessageContaining("The placeholder " + placeholder.token() + " is missing")
        .hasMessageContaining(placeholder.where());
  }

  @Test
  void givenAPlaceholderTwice_whenParsing_thenRefusedWithBothLines() {
    String text =
        replaceOnce(
            defaultText(),
            "<!-- %{DOMAIN_QUOTAS} -->",
            "<!-- %{DOMAIN_QUOTAS} -->\n\n<!-- %{DOMAIN_QUOTAS} -->");

    assertRefused(text).hasMessageContaining("%{DOMAIN_QUOTAS} appears 2 times (lines ");
  }

  @Test
  void givenAValuePlaceholderInTheWrongProperty_whenParsing_thenRefusedAsMisplaced() {
    String text =
        replaceOnce(
            replaceOnce(defaultText(), "value=\"%{WARC_PREFIX}\"", "value=\"IAH\""),
            "<property name=\"robotsPolicyName\" value=\"obey\"/>",
            "<property name=\"organization\" value=\"%{WARC_PREFIX}\"/>");

    assertRefused(text)
        .hasMessageContaining(
            "The placeholder %{WARC_PREFIX} at line "
                + lineOf(text, "\"organization\"")
                + " is misplaced")
        .hasMessageContaining("in the prefix property of the WARC writer bean");
  }

  @Test
  void givenAnElementPlaceholderInAnAttribute_whenParsing_thenRefusedSayingItMustBeAComment() {
    String text =
        replaceOnce(
            replaceOnce(defaultText(), "<!-- %{DOMAIN_QUOTAS} -->", ""),
            "value=\"obey\"",
            "value=\"%{DOMAIN_QUOTAS}\"");

    assertRefused(text)
        .hasMessageContaining(
            "The placeholder %{DOMAIN_QUOTAS} at line "
                + lineOf(text, "value=\"%{DOMAIN_QUOTAS}\"")
                + " is misplaced")
        .hasMessageContaining("must stand alone in a comment");
  }

  @Test
  void givenAnElementPlaceholderInsideABean_whenParsing_thenRefusedAsMisplaced() {
    String text =
        replaceOnce(
            replaceOnce(defaultText(), "<!-- %{DOMAIN_QUOTAS} -->", ""),
            "<property name=\"forceRetire\" value=\"false\"/>",
            "<property name=\"forceRetire\" value=\"false\"/>\n<!-- %{DOMAIN_QUOTAS} -->");

    assertRefused(text)
        .hasMessageContaining("%{DOMAIN_QUOTAS} at line")
        .hasMessageContaining("directly inside the root <beans> element");
  }

  @Test
  void givenAnElementPlaceholderWithOtherTextInItsComment_whenParsing_thenRefused() {
    String text =
        replaceOnce(
            defaultText(), "<!-- %{DOMAIN_QUOTAS} -->", "<!-- quotas: %{DOMAIN_QUOTAS} -->");

    assertRefused(text).hasMessageContaining("its comment must hold nothing else");
  }

  @Test
  void givenAValuePlaceholderInAComment_whenParsing_thenRefused() {
    String text =
        replaceOnce(
            replaceOnce(
                defaultText(), "<value>%{SEEDS}</value>", "<value>http://a.example/</value>"),
            "<!-- %{DOMAIN_QUOTAS} -->",
            "<!-- %{DOMAIN_QUOTAS} -->\n<!-- %{SEEDS} -->");

    assertRefused(text)
        .hasMessageContaining("%{SEEDS} at line")
        .hasMessageContaining("replaced by a value, not by elements");
  }

  @Test
  void givenTheDedupPlaceholderBeforeTheHttpFetcher_whenParsing_thenRefused() {
    String text =
        replaceOnce(
            replaceOnce(defaultText(), "<!-- %{DEDUP_INDEX} -->", ""),
            "<ref bean=\"fetchHttp\"/>",
            "<!-- %{DEDUP_INDEX} -->\n<ref bean=\"fetchHttp\"/>");

    assertRefused(text)
        .hasMessageContaining("%{DEDUP_INDEX} at line")
        .hasMessageContaining("after the HTTP fetcher");
  }

  @Test
  void givenAnUnknownPlaceholder_whenParsing_thenRefusedListingTheKnownOnes() {
    String text = replaceOnce(defaultText(), "value=\"obey\"", "value=\"%{ROBOTS_POLICY}\"");

    assertRefused(text)
        .hasMessageContaining(
            "Unknown placeholder %{ROBOTS_POLICY} at line " + lineOf(text, "%{ROBOTS_POLICY}"))
        .hasMessageContaining("%{SEEDS}, %{DOMAIN_QUOTAS}");
  }

  @Test
  void givenAPlaceholderWrittenWithACharacterReference_whenParsing_thenRefused() {
    String text = replaceOnce(defaultText(), "%{WARC_PREFIX}", "&#37;{WARC_PREFIX}");

    assertRefused(text).hasMessageContaining("%{WARC_PREFIX} must be written literally");
  }

  @Test
  void givenSeveralProblems_whenParsing_thenAllAreReported() {
    String text =
        replaceOnce(
            replaceOnce(defaultText(), "<!-- %{CRAWLER_TRAPS} -->", ""),
            "<value>%{SEEDS}</value>",
            "<value>%{SEED}</value>");

    assertThatThrownBy(() -> CrawlTemplate.parse(text))
        .isInstanceOfSatisfying(
            CrawlTemplateException.class,
            e -> {
              assertThat(e.problems()).hasSize(3);
              assertThat(e.getMessage())
                  .startsWith("The crawl template is not usable (3 problems):")
                  .contains(
                      "%{SEED} at line", "%{SEEDS} is missing", "%{CRAWLER_TRAPS} is missing");
            });
  }

  // The beans the agent relies on

  @Test
  void givenTrapsInARuleThatAccepts_whenParsing_thenRefused() {
    String text =
        replaceOnce(
            defaultText(),
            "<property name=\"decision\" value=\"REJECT\"/>",
            "<property name=\"decision\" value=\"ACCEPT\"/>");

    assertRefused(text)
        .hasMessageContaining("has decision 'ACCEPT'; add <property name=\"decision\"");
  }

  @Test
  void givenTrapsInARuleOutsideTheScope_whenParsing_thenRefused() {
    String text =
        withBean(
            replaceOnce(defaultText(), "<!-- %{CRAWLER_TRAPS} -->", ""),
            """
            <bean id="unusedTraps" class="org.archive.modules.deciderules.MatchesListRegexDecideRule">
              <property name="decision" value="REJECT"/>
              <property name="regexList"><list><!-- %{CRAWLER_TRAPS} --></list></property>
            </bean>""");

    assertRefused(text).hasMessageContaining("is not among the rules of the 'scope' bean");
  }

  @Test
  void givenTrapsInATopLevelRuleReferencedFromTheScope_whenParsing_thenAccepted() {
    String text =
        withBean(
            replaceOnce(
                replaceOnce(defaultText(), "<!-- %{CRAWLER_TRAPS} -->", ""),
                "<ref bean=\"acceptSeedDomains\"/>",
                "<ref bean=\"acceptSeedDomains\"/>\n<ref bean=\"traps\"/>"),
            """
            <bean id="traps" class="org.archive.modules.deciderules.MatchesListRegexDecideRule">
              <property name="decision"><value>REJECT</value></property>
              <property name="regexList"><list><!-- %{CRAWLER_TRAPS} --></list></property>
            </bean>""");

    assertThat(CrawlTemplate.parse(text).placeholders()).contains(Placeholder.CRAWLER_TRAPS);
  }

  @Test
  void givenNoWarcWriter_whenParsing_thenRefusedNamingIt() {
    String text =
        replaceOnce(
            defaultText(),
            "org.archive.modules.writer.WARCWriterChainProcessor",
            "org.archive.modules.writer.ARCWriterProcessor");

    assertRefused(text)
        .hasMessageContaining(
            "There is no WARC writer bean (class org.archive.modules.writer.WARCWriterChainProcessor)");
  }

  @Test
  void givenAWarcWriterOutsideTheDispositionChain_whenParsing_thenRefused() {
    String text = replaceOnce(defaultText(), "<ref bean=\"warcWriter\"/>", "");

    assertRefused(text)
        .hasMessageContaining("The WARC writer bean 'warcWriter' at line")
        .hasMessageContaining("so nothing would be archived");
  }

  @Test
  void givenNoQuotaEnforcer_whenParsing_thenRefusedNamingIt() {
    String text =
        replaceOnce(
            replaceOnce(defaultText(), "<ref bean=\"quotaEnforcer\"/>", ""),
            "id=\"quotaEnforcer\"",
            "id=\"quotas\"");

    assertRefused(text)
        .hasMessageContaining(
            "There is no bean 'quotaEnforcer' of class org.archive.crawler.prefetch.QuotaEnforcer");
  }

  @Test
  void givenTheQuotaEnforcerAfterTheDnsFetcher_whenParsing_thenRefused() {
    String text =
        replaceOnce(
            replaceOnce(defaultText(), "<ref bean=\"quotaEnforcer\"/>", ""),
            "<ref bean=\"fetchHttp\"/>",
            "<ref bean=\"quotaEnforcer\"/>\n<ref bean=\"fetchHttp\"/>");

    assertRefused(text).hasMessageContaining("before the DNS fetcher");
  }

  @Test
  void givenQueuesPerHost_whenParsing_thenRefused() {
    String text =
        replaceOnce(
            defaultText(),
            "org.archive.crawler.frontier.AssignmentLevelSurtQueueAssignmentPolicy",
            "org.archive.crawler.frontier.SurtAuthorityQueueAssignmentPolicy");

    assertRefused(text)
        .hasMessageContaining("must give each domain one queue")
        .hasMessageContaining("AssignmentLevelSurtQueueAssignmentPolicy");
  }

  @Test
  void givenMetadataSettingTheJobName_whenParsing_thenRefused() {
    String text =
        replaceOnce(
            defaultText(),
            "<property name=\"robotsPolicyName\" value=\"obey\"/>",
            "<property name=\"jobName\" value=\"basic\"/>");

    assertRefused(text)
        .hasMessageContaining(
            "The crawl metadata bean sets its property 'jobName' at line "
                + lineOf(text, "\"jobName\""));
  }

  @Test
  void givenAnOverrideOfTheSeeds_whenParsing_thenRefusedNamingTheOverride() {
    String text =
        withBean(
            defaultText(),
            """
            <bean id="longerOverrides" class="org.springframework.beans.factory.config.PropertyOverrideConfigurer">
              <property name="properties">
                <props>
                  <prop key="seeds.textSource.value">http://example.example/</prop>
                </props>
              </property>
            </bean>
            <bean id="simpleOverrides" class="org.springframework.beans.factory.config.PropertyOverrideConfigurer">
              <property name="properties">
                <value>
            metadata.operatorContactUrl=https://example.example/
            warcWriter.prefix=IAH
                </value>
              </property>
            </bean>""");

    assertRefused(text)
        .hasMessageContaining(
            "The bean 'longerOverrides' at line "
                + lineOf(text, "id=\"longerOverrides\"")
                + " overrides 'seeds.textSource.value', which the agent fills through %{SEEDS}")
        .hasMessageContaining(
            "overrides 'warcWriter.prefix', which the agent fills through %{WARC_PREFIX}")
        .hasMessageNotContaining("operatorContactUrl");
  }

  @Test
  void givenAnImport_whenParsing_thenRefused() {
    String text = withBean(defaultText(), "<import resource=\"file:/etc/other-beans.xml\"/>");

    assertRefused(text)
        .hasMessageContaining("<import resource=\"file:/etc/other-beans.xml\"/> at line")
        .hasMessageContaining("is not allowed");
  }

  @Test
  void givenAnXInclude_whenParsing_thenRefused() {
    String text =
        withBean(
            defaultText(),
            "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"/etc/passwd\""
                + " parse=\"text\"/>");

    assertRefused(text)
        .hasMessageContaining("<xi:include> at line")
        .hasMessageContaining("XInclude");
  }

  // Not a crawler-beans.cxml, or not safe to parse

  @Test
  void givenMalformedXml_whenParsing_thenRefusedWithLineAndColumn() {
    String text =
        replaceOnce(
            defaultText(),
            "<bean id=\"fetchDns\" class=\"org.archive.modules.fetcher.FetchDNS\"/>",
            "<bean id=\"fetchDns\">");

    assertRefused(text)
        .hasMessageStartingWith("The crawl template is not well-formed XML at line ")
        .hasMessageMatching("(?s).*at line \\d+, column \\d+: .*bean.*");
  }

  @Test
  void givenUnescapedAmpersand_whenParsing_thenRefusedWithItsPosition() {
    String text = "<beans>\n  <bean class=\"a&b\"/>\n</beans>";

    assertRefused(text)
        .hasMessageStartingWith("The crawl template is not well-formed XML at line 2, column ");
  }

  @Test
  void givenAnExternalEntity_whenParsing_thenRefusedWithoutReadingTheFile(@TempDir Path dir)
      throws Exception {
    Path secret = dir.resolve("secret.txt");
    Files.writeString(secret, "TOP-SECRET-CONTENT");
    String text =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE beans [<!ENTITY secret SYSTEM \""
            + secret.toUri()
            + "\">]>\n"
            + replaceOnce(defaultText(), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", "")
                .replace("value=\"obey\"", "value=\"&secret;\"");

    assertRefused(text)
        .hasMessageContaining("has a DOCTYPE declaration at line ")
        .hasMessageNotContaining("TOP-SECRET-CONTENT");
  }

  @Test
  void givenEntityExpansion_whenParsing_thenRefusedAtTheDoctype() {
    String text =
        """
        <?xml version="1.0"?>
        <!DOCTYPE beans [
          <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
          <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
          <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
        ]>
        <beans xmlns="http://www.springframework.org/schema/beans">&c;</beans>
        """;

    assertRefused(text).hasMessageContaining("DOCTYPE");
  }

  @Test
  void givenATextOverTheSizeLimit_whenParsing_thenRefusedBeforeParsing() {
    String padding = "<!--" + "x".repeat(CrawlTemplate.MAX_LENGTH) + "-->\n";
    String text = replaceOnce(defaultText(), "<context:annotation-config/>", padding);

    assertRefused(text)
        .hasMessageContaining("characters, more than the " + CrawlTemplate.MAX_LENGTH + " allowed");
  }

  @Test
  void givenAnotherDocument_whenParsing_thenRefusedNamingTheExpectedRoot() {
    assertRefused("<crawl-order><seeds/></crawl-order>")
        .hasMessageContaining("document element <beans")
        .hasMessageContaining("not <crawl-order>");
  }

  @Test
  void givenBeansWithoutSpringNamespace_whenParsing_thenRefused() {
    assertRefused("<beans><bean id=\"x\" class=\"y\"/></beans>")
        .hasMessageContaining("xmlns=\"http://www.springframework.org/schema/beans\"");
  }

  @Test
  void givenAnEmptyText_whenParsing_thenRefused() {
    assertRefused("  \n").hasMessage("The crawl template is empty");
    assertThatNullPointerException().isThrownBy(() -> CrawlTemplate.parse(null));
  }
}
