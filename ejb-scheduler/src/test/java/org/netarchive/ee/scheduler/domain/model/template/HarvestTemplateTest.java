package org.netarchive.ee.scheduler.domain.model.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.common.template.CrawlTemplate;

class HarvestTemplateTest {

  private static final Instant MONDAY = Instant.parse("2025-03-03T09:00:00Z");
  private static final Instant TUESDAY = Instant.parse("2025-03-04T09:00:00Z");
  private static final Instant WEDNESDAY = Instant.parse("2025-03-05T09:00:00Z");

  private static final CrawlTemplate DEFAULT = CrawlTemplate.defaultTemplate();

  /** The default template with another robots policy: a real, different text. */
  private static final CrawlTemplate IGNORING_ROBOTS =
      CrawlTemplate.parse(DEFAULT.text().replace("value=\"obey\"", "value=\"ignore\""));

  private static HarvestTemplate defaultOrder() {
    return new HarvestTemplate(
        "default_orderxml", "Selective harvests", DEFAULT, "curator", MONDAY);
  }

  @Test
  void givenANewTemplate_whenCreated_thenActiveWithItsTextAsVersionOne() {
    HarvestTemplate template = defaultOrder();

    assertThat(template.name()).isEqualTo("default_orderxml");
    assertThat(template.description()).isEqualTo("Selective harvests");
    assertThat(template.active()).isTrue();
    assertThat(template.createdAt()).isEqualTo(MONDAY);
    HarvestTemplateVersion first = template.currentVersion();
    assertThat(first.number()).isEqualTo(1);
    assertThat(first.text()).isEqualTo(DEFAULT.text());
    assertThat(first.sha256()).isEqualTo(DEFAULT.sha256());
    assertThat(first.uploadedBy()).isEqualTo("curator");
    assertThat(first.uploadedAt()).isEqualTo(MONDAY);
    assertThat(first.template()).isSameAs(template);
    assertThat(first.crawlTemplate()).isEqualTo(DEFAULT);
    assertThat(template.versions()).containsExactly(first);
  }

  @Test
  void givenTheSameText_whenUploaded_thenNoNewVersion() {
    HarvestTemplate template = defaultOrder();

    assertThat(template.upload(CrawlTemplate.parse(DEFAULT.text()), "admin", TUESDAY)).isEmpty();

    assertThat(template.versions()).hasSize(1);
    assertThat(template.currentVersion().uploadedAt()).isEqualTo(MONDAY);
  }

  @Test
  void givenADifferentText_whenUploaded_thenItBecomesTheNextAndCurrentVersion() {
    HarvestTemplate template = defaultOrder();

    HarvestTemplateVersion second =
        template.upload(IGNORING_ROBOTS, "admin", TUESDAY).orElseThrow();

    assertThat(second.number()).isEqualTo(2);
    assertThat(second.text()).isEqualTo(IGNORING_ROBOTS.text());
    assertThat(second.uploadedBy()).isEqualTo("admin");
    assertThat(second.uploadedAt()).isEqualTo(TUESDAY);
    assertThat(template.currentVersion()).isSameAs(second);
    assertThat(template.versions())
        .extracting(HarvestTemplateVersion::number)
        .containsExactly(1, 2);
    assertThat(template.version(1).orElseThrow().text()).isEqualTo(DEFAULT.text());
    assertThat(template.version(3)).isEmpty();
  }

  @Test
  void givenAnEarlierText_whenUploadedAgain_thenItIsANewVersion() {
    HarvestTemplate template = defaultOrder();
    template.upload(IGNORING_ROBOTS, "admin", TUESDAY);

    HarvestTemplateVersion third = template.upload(DEFAULT, "admin", WEDNESDAY).orElseThrow();

    assertThat(third.number()).isEqualTo(3);
    assertThat(third.sha256()).isEqualTo(template.version(1).orElseThrow().sha256());
  }

  @Test
  void givenATextDifferingOnlyInWhitespace_whenUploaded_thenItIsANewVersion() {
    HarvestTemplate template = defaultOrder();
    CrawlTemplate reindented =
        CrawlTemplate.parse(DEFAULT.text().replace("\n  <bean", "\n    <bean"));

    assertThat(template.upload(reindented, "admin", TUESDAY)).isPresent();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "default",
        "Default orderxml 2.0",
        "snapshot_big-sites.v3",
        "Kulturarv æøå",
        "x",
        "01234567890123456789012345678901234567890123456789012345678901234567890123456789"
            + "012345678901234567890123456789012345678901234567"
      })
  void givenAValidName_whenCreating_thenAccepted(String name) {
    assertThat(new HarvestTemplate(name, null, DEFAULT, "curator", MONDAY).name()).isEqualTo(name);
  }

  @ParameterizedTest
  @NullSource
  @ValueSource(
      strings = {
        "",
        " ",
        " leading",
        "trailing ",
        "a/b",
        "semi;colon",
        "tab\tbed",
        "quote'",
        "012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"
            + "012345678901234567890123456789012345678"
      })
  void givenAnInvalidName_whenCreating_thenErrorNamesItAndTheRule(String name) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new HarvestTemplate(name, null, DEFAULT, "curator", MONDAY))
        .withMessageStartingWith(
            "Harvest template name " + (name == null ? "null" : "'" + name + "'") + " is not valid")
        .withMessageContaining("1 to 128 letters, digits, spaces, '_', '-' or '.'");
  }

  @Test
  void givenNoDescription_whenCreating_thenEmpty() {
    assertThat(new HarvestTemplate("plain", null, DEFAULT, "curator", MONDAY).description())
        .isEmpty();
  }

  @Test
  void givenATooLongDescription_whenDescribing_thenErrorNamesTheTemplateAndLength() {
    HarvestTemplate template = defaultOrder();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> template.describe("d".repeat(2001)))
        .withMessage(
            "The description of harvest template 'default_orderxml' has 2001 characters; at most"
                + " 2000 are allowed");
    assertThat(template.description()).isEqualTo("Selective harvests");
  }

  @ParameterizedTest
  @NullSource
  @ValueSource(strings = {"", "  "})
  void givenNoUploader_whenUploading_thenErrorNamesTemplateAndVersion(String uploadedBy) {
    HarvestTemplate template = defaultOrder();

    assertThatIllegalArgumentException()
        .isThrownBy(() -> template.upload(IGNORING_ROBOTS, uploadedBy, TUESDAY))
        .withMessageStartingWith(
            "Version 2 of harvest template 'default_orderxml' needs the user name of who uploads it");
    assertThat(template.versions()).hasSize(1);
  }

  @Test
  void givenAnActiveTemplate_whenDeactivatedAndActivated_thenItFollows() {
    HarvestTemplate template = defaultOrder();

    template.deactivate();
    assertThat(template.active()).isFalse();
    template.activate();
    assertThat(template.active()).isTrue();
  }
}
