package org.netarchive.ee.scheduler.application.template;

import java.time.Instant;
import java.util.List;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplate;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateVersionInfo;

/**
 * Read models of crawl templates for the UI and the API. Texts are only in {@link TemplateText}.
 */
public final class TemplateViews {

  private TemplateViews() {}

  /**
   * A template in a list.
   *
   * @param id the id domain configurations refer to it by
   * @param currentVersion the number of the newest version, whose text is the current one
   * @param uploadedAt when the current version was uploaded
   * @param uploadedBy who uploaded the current version
   */
  public record TemplateSummary(
      long id,
      String name,
      String description,
      boolean active,
      int currentVersion,
      Instant uploadedAt,
      String uploadedBy) {}

  /** A template with all its versions, oldest first. */
  public record TemplateView(
      long id,
      String name,
      String description,
      boolean active,
      Instant createdAt,
      int currentVersion,
      List<VersionView> versions) {}

  /** One uploaded text of a template, without the text. */
  public record VersionView(int number, String sha256, Instant uploadedAt, String uploadedBy) {}

  /**
   * The text of one version, exactly as uploaded.
   *
   * @param name the template's name
   * @param version the version number
   * @param sha256 the SHA-256 of the text's UTF-8 encoding
   * @param text the crawler-beans.cxml
   */
  public record TemplateText(String name, int version, String sha256, String text) {}

  /** What an upload did. */
  public enum UploadOutcome {
    /** A new template with its version 1. */
    CREATED,
    /** A new version of an existing template. */
    NEW_VERSION,
    /** The text is the current one: no new version. */
    UNCHANGED
  }

  /**
   * The answer to an upload.
   *
   * @param outcome what the upload did
   * @param version the number of the version whose text was uploaded
   * @param message what happened, in a sentence
   * @param template the template afterwards
   * @param conversions what was changed in the uploaded text of a NetarchiveSuite template before
   *     it was stored: each placeholder and bean mapped (with its line), each setting of its
   *     deduplicator mapped or dropped and each edit, one sentence each; empty if the text was
   *     stored as uploaded
   */
  public record Upload(
      UploadOutcome outcome,
      int version,
      String message,
      TemplateView template,
      List<String> conversions) {

    /** Copies the conversions. */
    public Upload {
      conversions = List.copyOf(conversions);
    }
  }

  static TemplateSummary summary(HarvestTemplate template, HarvestTemplateVersionInfo current) {
    return new TemplateSummary(
        template.id(),
        template.name(),
        template.description(),
        template.active(),
        current.number(),
        current.uploadedAt(),
        current.uploadedBy());
  }

  static TemplateView view(HarvestTemplate template, List<HarvestTemplateVersionInfo> versions) {
    return new TemplateView(
        template.id(),
        template.name(),
        template.description(),
        template.active(),
        template.createdAt(),
        versions.get(versions.size() - 1).number(),
        versions.stream()
            .map(v -> new VersionView(v.number(), v.sha256(), v.uploadedAt(), v.uploadedBy()))
            .toList());
  }
}
