package org.netarchive.ee.scheduler.domain.model.template;

import java.time.Instant;

/**
 * What is known of a {@link HarvestTemplateVersion} without its text, for lists that would
 * otherwise load every text ever uploaded.
 *
 * @param templateId the template's database id
 * @param number the version number, from 1
 * @param sha256 the SHA-256 of the text's UTF-8 encoding
 * @param uploadedAt when it was uploaded
 * @param uploadedBy who uploaded it
 */
public record HarvestTemplateVersionInfo(
    long templateId, int number, String sha256, Instant uploadedAt, String uploadedBy) {

  /** The info of a loaded version. */
  public static HarvestTemplateVersionInfo of(HarvestTemplateVersion version) {
    return new HarvestTemplateVersionInfo(
        version.template().id(),
        version.number(),
        version.sha256(),
        version.uploadedAt(),
        version.uploadedBy());
  }
}
