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
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
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

  /**
   * An edit of the default template that parsing refuses: snippets each replaced once, then maybe
   * one more bean; the parts its message must contain, where {@code {line}} stands for the line of
   * {@code lineOf} in the edited text.
   */
  record Refusal(String what, List<String> edits, String bean, String lineOf, List<String> says) {

    static Refusal of(String what) {
      return new Refusal(what, List.of(), null, null, List.of());
    }

    Refusal replacing(String snippet, String replacement) {
      List<String> more = new ArrayList<>(edits);
      more.add(snippet);
      more.add(replacement);
      return new Refusal(what, List.copyOf(more), bean, lineOf, says);
    }

    Refusal plusBean(String definition) {
      return new Refusal(what, edits, definition, lineOf, says);
    }

    Refusal saying(String... parts) {
      return new Refusal(what, edits, bean, lineOf, List.of(parts));
    }

    Refusal atLineOf(String snippet) {
      return new Refusal(what, edits, bean, snippet, says);
    }

    String text() {
      String text = defaultText();
      for (int i = 0; i < edits.size(); i += 2) {
        text = replaceOnce(text, edits.get(i), edits.get(i + 1));
      }
      return bean == null ? text : withBean(text, bean);
    }

    @Override
    public String toString() {
      return what;
    }
  }

  static Stream<Refusal> refusals() {
    return Stream.of(
        // Repeated, misplaced and unknown placeholders
        Refusal.of("a placeholder twice: both lines")
            .replacing(
                "<!-- %{DOMAIN_QUOTAS} -->",
                "<!-- %{DOMAIN_QUOTAS} -->\n\n<!-- %{DOMAIN_QUOTAS} -->")
            .saying("%{DOMAIN_QUOTAS} appears 2 times (lines "),
        Refusal.of("a value placeholder in the wrong property: misplaced")
            .replacing("value=\"%{WARC_PREFIX}\"", "value=\"IAH\"")
            .replacing(
                "<property name=\"robotsPolicyName\" value=\"obey\"/>",
                "<property name=\"organization\" value=\"%{WARC_PREFIX}\"/>")
            .atLineOf("\"organization\"")
            .saying(
                "The placeholder %{WARC_PREFIX} at line {line} is misplaced",
                "in the prefix property of the WARC writer bean"),
        Refusal.of("an element placeholder in an attribute: it must be a comment")
            .replacing("<!-- %{DOMAIN_QUOTAS} -->", "")
            .replacing("value=\"obey\"", "value=\"%{DOMAIN_QUOTAS}\"")
            .atLineOf("value=\"%{DOMAIN_QUOTAS}\"")
            .saying(
                "The placeholder %{DOMAIN_QUOTAS} at line {line} is misplaced",
                "must stand alone in a comment"),
        Refusal.of("an element placeholder inside a bean: misplaced")
            .replacing("<!-- %{DOMAIN_QUOTAS} -->", "")
            .replacing(
                "<property name=\"forceRetire\" value=\"false\"/>",
                "<property name=\"forceRetire\" value=\"false\"/>\n<!-- %{DOMAIN_QUOTAS} -->")
            .saying("%{DOMAIN_QUOTAS} at line", "directly inside the root <beans> element"),
        Refusal.of("an element placeholder with other text in its comment")
            .replacing("<!-- %{DOMAIN_QUOTAS} -->", "<!-- quotas: %{DOMAIN_QUOTAS} -->")
            .saying("its comment must hold nothing else"),
        Refusal.of("a value placeholder in a comment")
            .replacing("<value>%{SEEDS}</value>", "<value>http://a.example/</value>")
            .replacing("<!-- %{DOMAIN_QUOTAS} -->", "<!-- %{DOMAIN_QUOTAS} -->\n<!-- %{SEEDS} -->")
            .saying("%{SEEDS} at line", "replaced by a value, not by elements"),
        Refusal.of("the dedup placeholder before the HTTP fetcher")
            .replacing("<!-- %{DEDUP_INDEX} -->", "")
            .replacing(
                "<ref bean=\"fetchHttp\"/>", "<!-- %{DEDUP_INDEX} -->\n<ref bean=\"fetchHttp\"/>")
            .saying("%{DEDUP_INDEX} at line", "after the HTTP fetcher"),
        Refusal.of("an unknown placeholder: the known ones listed")
            .replacing("value=\"obey\"", "value=\"%{ROBOTS_POLICY}\"")
            .atLineOf("%{ROBOTS_POLICY}")
            .saying(
                "Unknown placeholder %{ROBOTS_POLICY} at line {line}",
                "%{SEEDS}, %{DOMAIN_QUOTAS}"),
        Refusal.of("a placeholder written with a character reference")
            .replacing("%{WARC_PREFIX}", "&#37;{WARC_PREFIX}")
            .saying("%{WARC_PREFIX} must be written literally"),
        // The beans the agent relies on
        Refusal.of("traps in a rule that accepts")
            .replacing(
                "<property name=\"decision\" value=\"REJECT\"/>",
                "<property name=\"decision\" value=\"ACCEPT\"/>")
            .saying("has decision 'ACCEPT'; add <property name=\"decision\""),
        Refusal.of("traps in a rule outside the scope")
            .replacing("<!-- %{CRAWLER_TRAPS} -->", "")
            .plusBean(
                """
                <bean id="unusedTraps" class="org.archive.modules.deciderules.MatchesListRegexDecideRule">
                  <property name="decision" value="REJECT"/>
                  <property name="regexList"><list><!-- %{CRAWLER_TRAPS} --></list></property>
                </bean>""")
            .saying("is not among the rules of the 'scope' bean"),
        Refusal.of("no WARC writer")
            .replacing(
                "org.archive.modules.writer.WARCWriterChainProcessor",
                "org.archive.modules.writer.ARCWriterProcessor")
            .saying(
                "There is no WARC writer bean (class org.archive.modules.writer.WARCWriterChainProcessor)"),
        Refusal.of("a WARC writer outside the disposition chain")
            .replacing("<ref bean=\"warcWriter\"/>", "")
            .saying("The WARC writer bean 'warcWriter' at line", "so nothing would be archived"),
        Refusal.of("no quota enforcer")
            .replacing("<ref bean=\"quotaEnforcer\"/>", "")
            .replacing("id=\"quotaEnforcer\"", "id=\"quotas\"")
            .saying(
                "There is no bean 'quotaEnforcer' of class org.archive.crawler.prefetch.QuotaEnforcer"),
        Refusal.of("the quota enforcer after the DNS fetcher")
            .replacing("<ref bean=\"quotaEnforcer\"/>", "")
            .replacing(
                "<ref bean=\"fetchHttp\"/>",
                "<ref bean=\"quotaEnforcer\"/>\n<ref bean=\"fetchHttp\"/>")
            .saying("before the DNS fetcher"),
        Refusal.of("queues per host")
            .replacing(
                "org.archive.crawler.frontier.AssignmentLevelSurtQueueAssignmentPolicy",
                "org.archive.crawler.frontier.SurtAuthorityQueueAssignmentPolicy")
            .saying("must give each domain one queue", "AssignmentLevelSurtQueueAssignmentPolicy"),
        Refusal.of("metadata setting the job name")
            .replacing(
                "<property name=\"robotsPolicyName\" value=\"obey\"/>",
                "<property name=\"jobName\" value=\"basic\"/>")
            .atLineOf("\"jobName\"")
            .saying("The crawl metadata bean sets its property 'jobName' at line {line}"),
        Refusal.of("an import")
            .plusBean("<import resource=\"file:/etc/other-beans.xml\"/>")
            .saying("<import resource=\"file:/etc/other-beans.xml\"/> at line", "is not allowed"),
        Refusal.of("an XInclude")
            .plusBean(
                "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"/etc/passwd\""
                    + " parse=\"text\"/>")
            .saying("<xi:include> at line", "XInclude"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void givenAnEditTheAgentCannotUse_whenParsing_thenRefusedSayingWhy(Refusal refusal) {
    String text = refusal.text();
    String line = refusal.lineOf() == null ? "" : String.valueOf(lineOf(text, refusal.lineOf()));

    assertThat(refusal.says()).as("what the message says").isNotEmpty();
    AbstractThrowableAssert<?, ? extends Throwable> refused = assertRefused(text);
    for (String part : refusal.says()) {
      refused.hasMessageContaining(part.replace("{line}", line));
    }
  }

  /** The default template's text without its %{CRAWLER_TRAPS} placeholder. */
  private static String withoutTrapsPlaceholder() {
    return replaceOnce(defaultText(), "<!-- %{CRAWLER_TRAPS} -->", "");
  }

  @Test
  void givenSeveralProblems_whenParsing_thenAllAreReported() {
    String text =
        replaceOnce(withoutTrapsPlaceholder(), "<value>%{SEEDS}</value>", "<value>%{SEED}</value>");

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
  void givenTrapsInATopLevelRuleReferencedFromTheScope_whenParsing_thenAccepted() {
    String text =
        withBean(
            replaceOnce(
                withoutTrapsPlaceholder(),
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
