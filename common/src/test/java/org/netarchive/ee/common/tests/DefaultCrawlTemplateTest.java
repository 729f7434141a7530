package org.netarchive.ee.common.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.netarchive.ee.common.tests.CrawlTemplates.dom;
import static org.netarchive.ee.common.tests.CrawlTemplates.jobValues;
import static org.netarchive.ee.common.tests.CrawlTemplates.string;

import org.junit.jupiter.api.Test;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.w3c.dom.Document;

/** The shipped template configures Heritrix as the agent's per-domain accounting needs. */
class DefaultCrawlTemplateTest {

  private final Document job = dom(CrawlTemplate.defaultTemplate().render(jobValues()));

  @Test
  void givenTheDefaultTemplate_whenRendered_thenOneQueuePerDomain() {
    assertThat(
            string(
                job,
                "/beans/bean[@id='preparer']/property[@name='queueAssignmentPolicy']/bean/@class"))
        .isEqualTo("org.archive.crawler.frontier.AssignmentLevelSurtQueueAssignmentPolicy");
  }

  @Test
  void givenTheDefaultTemplate_whenRendered_thenQuotasRefuseUrisOneByOneBeforeDns() {
    assertThat(string(job, "/beans/bean[@id='quotaEnforcer']/property[@name='forceRetire']/@value"))
        .isEqualTo("false");
    assertThat(
            string(
                job,
                "/beans/bean[@id='fetchProcessors']/property/list/ref[@bean='quotaEnforcer']"
                    + "/following-sibling::ref[1]/@bean"))
        .isEqualTo("fetchDns");
  }

  @Test
  void givenTheDefaultTemplate_whenRendered_thenSeedsAreTaggedAndWarcsCompressed() {
    assertThat(string(job, "/beans/bean[@id='seeds']/property[@name='sourceTagSeeds']/@value"))
        .isEqualTo("true");
    assertThat(string(job, "/beans/bean[@id='warcWriter']/property[@name='compress']/@value"))
        .isEqualTo("true");
    assertThat(string(job, "/beans/bean[@id='dispositionProcessors']/property/list/ref[1]/@bean"))
        .isEqualTo("warcWriter");
  }

  @Test
  void givenTheDefaultTemplate_whenRendered_thenTheMetadataHasAValidContactUrl() {
    // Heritrix refuses to build a job whose contact URL is not http(s).
    assertThat(
            string(job, "/beans/bean[@id='metadata']/property[@name='operatorContactUrl']/@value"))
        .matches("https?://.*");
    assertThat(
            string(job, "/beans/bean[@id='metadata']/property[@name='userAgentTemplate']/@value"))
        .contains("@OPERATOR_CONTACT_URL@");
  }
}
