package org.netarchive.ee.scheduler.application.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.template.TemplateViews.TemplateSummary;
import org.netarchive.ee.scheduler.application.template.TemplateViews.Upload;
import org.netarchive.ee.scheduler.application.template.TemplateViews.UploadOutcome;
import org.netarchive.ee.scheduler.application.template.TemplateViews.VersionView;
import org.netarchive.ee.scheduler.domain.model.Page;

class TemplateServiceTest {

  private static final Instant NOW = Instant.parse("2026-03-02T10:15:30Z");
  private static final String DEFAULT_TEXT = CrawlTemplate.defaultTemplate().text();

  private final InMemoryTemplateRepository repository = new InMemoryTemplateRepository();
  private final TemplateService service =
      new TemplateService(repository, Clock.fixed(NOW, ZoneOffset.UTC));

  private static String withComment(String comment) {
    return DEFAULT_TEXT + "<!-- " + comment + " -->\n";
  }

  @Test
  void givenANewName_whenUploading_thenCreatedWithVersionOne() {
    Upload upload = service.upload("news", "for news sites", withComment("news"), "alice");

    assertThat(upload.outcome()).isEqualTo(UploadOutcome.CREATED);
    assertThat(upload.version()).isEqualTo(1);
    assertThat(upload.message()).isEqualTo("Created crawl template 'news' with version 1");
    assertThat(upload.template().description()).isEqualTo("for news sites");
    assertThat(upload.template().active()).isTrue();
    assertThat(upload.template().versions())
        .containsExactly(
            new VersionView(1, CrawlTemplate.parse(withComment("news")).sha256(), NOW, "alice"));
  }

  @Test
  void givenTheSameText_whenUploadingAgain_thenNoNewVersionAndTheAnswerSaysSo() {
    service.upload("news", null, withComment("news"), "alice");

    Upload again = service.upload("news", null, withComment("news"), "bob");

    assertThat(again.outcome()).isEqualTo(UploadOutcome.UNCHANGED);
    assertThat(again.version()).isEqualTo(1);
    assertThat(again.message()).contains("same as version 1", "no new version");
    assertThat(again.template().versions()).hasSize(1);
  }

  @Test
  void givenAChangedText_whenUploading_thenVersionTwoAndVersionOneKeptExactly() {
    service.upload("news", "first", withComment("one"), "alice");

    Upload changed = service.upload("news", null, withComment("two"), "bob");

    assertThat(changed.outcome()).isEqualTo(UploadOutcome.NEW_VERSION);
    assertThat(changed.version()).isEqualTo(2);
    assertThat(changed.template().currentVersion()).isEqualTo(2);
    assertThat(changed.template().description()).isEqualTo("first");
    assertThat(service.download("news", null).text()).isEqualTo(withComment("two"));
    assertThat(service.download("news", 1).text()).isEqualTo(withComment("one"));
    assertThat(service.download("news", 1).version()).isEqualTo(1);
  }

  @Test
  void givenATemplateWithoutAPlaceholder_whenUploading_thenTheTemplateFieldNamesIt() {
    String text = DEFAULT_TEXT.replace("%{WARC_PREFIX}", "fixed");

    InvalidFieldException e =
        catchThrowableOfType(
            InvalidFieldException.class, () -> service.upload("news", null, text, "alice"));

    assertThat(e.field()).isEqualTo("template");
    assertThat(e).hasMessageContaining("WARC_PREFIX");
    assertThat(repository.count(null)).isZero();
  }

  /**
   * The shipped template as NetarchiveSuite declared its deduplicator, in the disposition chain.
   */
  private static String withNetarchiveSuiteDeduplicator(String changeContentSize) {
    return DEFAULT_TEXT
        .replace("        <!-- %{DEDUP_INDEX} -->\n", "")
        .replace(
            "        <ref bean=\"warcWriter\"/>",
            "        <ref bean=\"DeDuplicator\"/>\n        <ref bean=\"warcWriter\"/>")
        .replace(
            "</beans>",
            """
              <bean id="DeDuplicator" class="is.hi.bok.deduplicator.DeDuplicator">
                <property name="indexLocation" value="/home/netarkiv/cache/empty-cache"/>
                <property name="matchingMethod" value="DIGEST"/>
                <property name="changeContentSize" value="%s"/>
              </bean>
            </beans>"""
                .formatted(changeContentSize));
  }

  @Test
  void givenNetarchiveSuitesDeduplicator_whenUploading_thenTheConvertedTextIsStoredAndReported() {
    Upload upload = service.upload("nas", null, withNetarchiveSuiteDeduplicator("false"), "alice");

    String stored = service.download("nas", null).text();
    assertThat(upload.outcome()).isEqualTo(UploadOutcome.CREATED);
    assertThat(upload.message())
        .startsWith(
            "Created crawl template 'nas' with version 1. The NetarchiveSuite template was"
                + " converted");
    assertThat(upload.conversions())
        .contains(
            "matchingMethod DIGEST became URL_AND_DIGEST (NetarchiveSuite's URL and DIGEST both"
                + " make a duplicate only of the same URL with the same digest)",
            "indexLocation was dropped: the agent gives each job its own index")
        .anySatisfy(c -> assertThat(c).startsWith("Removed <ref bean=\"DeDuplicator\"/>"));
    assertThat(stored)
        .contains("<bean id=\"netarchiveDedupSettings\" abstract=\"true\"", "%{DEDUP_INDEX}")
        .doesNotContain("DeDuplicator");
    assertThat(CrawlTemplate.parse(stored).usesDedupIndex()).isTrue();
  }

  @Test
  void givenADeduplicatorThatCannotBeConverted_whenUploading_thenTheTemplateFieldNamesTheSetting() {
    InvalidFieldException e =
        catchThrowableOfType(
            InvalidFieldException.class,
            () -> service.upload("nas", null, withNetarchiveSuiteDeduplicator("true"), "alice"));

    assertThat(e.field()).isEqualTo("template");
    assertThat(e).hasMessageContaining("sets changeContentSize true at line");
    assertThat(repository.count(null)).isZero();
  }

  @Test
  void givenAnOrdinaryTemplate_whenUploading_thenNothingIsConverted() {
    assertThat(service.upload("plain", null, DEFAULT_TEXT, "alice").conversions()).isEmpty();
  }

  @Test
  void givenAnEmptyBody_whenUploading_thenRefusedAsEmpty() {
    InvalidFieldException e =
        catchThrowableOfType(
            InvalidFieldException.class, () -> service.upload("news", null, null, "alice"));

    assertThat(e.field()).isEqualTo("template");
    assertThat(e).hasMessage("The crawl template is empty");
  }

  @Test
  void givenAnInvalidNameOrDescription_whenUploading_thenThatFieldIsNamed() {
    InvalidFieldException name =
        catchThrowableOfType(
            InvalidFieldException.class, () -> service.upload(" news", null, DEFAULT_TEXT, "a"));
    InvalidFieldException description =
        catchThrowableOfType(
            InvalidFieldException.class,
            () -> service.upload("news", "d".repeat(2001), DEFAULT_TEXT, "a"));

    assertThat(name.field()).isEqualTo("name");
    assertThat(description.field()).isEqualTo("description");
  }

  @Test
  void givenTemplates_whenListing_thenSummariesWithTheCurrentVersion() {
    service.upload("news", null, withComment("one"), "alice");
    service.upload("news", null, withComment("two"), "bob");
    service.upload("radio", null, DEFAULT_TEXT, "alice");

    Page<TemplateSummary> page = service.list("n*", 0, 10);

    assertThat(page.total()).isEqualTo(1);
    assertThat(page.items())
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.name()).isEqualTo("news");
              assertThat(t.currentVersion()).isEqualTo(2);
              assertThat(t.uploadedBy()).isEqualTo("bob");
            });
  }

  @Test
  void givenATemplate_whenDeactivatedAndActivated_thenItsStateFollows() {
    service.upload("news", null, DEFAULT_TEXT, "alice");

    assertThat(service.deactivate("news").active()).isFalse();
    assertThat(service.activate("news").active()).isTrue();
    assertThat(service.describe("news", "about news").description()).isEqualTo("about news");
  }

  @Test
  void givenTheDefaultTemplate_whenDeactivating_thenRefused() {
    service.upload(DefaultTemplate.NAME, null, DEFAULT_TEXT, "system");

    assertThatIllegalArgumentException()
        .isThrownBy(() -> service.deactivate(DefaultTemplate.NAME))
        .withMessageContaining("cannot be deactivated");
  }

  @Test
  void givenAMissingTemplateOrVersion_whenDownloading_thenNotFoundNamingIt() {
    service.upload("news", null, DEFAULT_TEXT, "alice");

    assertThatExceptionOfType(NotFoundException.class)
        .isThrownBy(() -> service.download("radio", null))
        .withMessage("No crawl template named 'radio'");
    assertThatExceptionOfType(NotFoundException.class)
        .isThrownBy(() -> service.download("news", 7))
        .withMessage("Crawl template 'news' has no version 7");
  }
}
