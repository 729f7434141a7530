package org.netarchive.ee.scheduler.application.template;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.logging.Logger;
import org.netarchive.ee.common.template.CrawlTemplate;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplate;
import org.netarchive.ee.scheduler.domain.model.template.HarvestTemplateRepository;

/**
 * The crawl template new domain configurations get: {@value #NAME}, installed from the template
 * shipped with the release at the first start.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@PermitAll
@Lock(LockType.READ)
public class DefaultTemplate {

  /** Name of the default template. */
  public static final String NAME = "default_orderxml";

  private static final Logger LOG = Logger.getLogger(DefaultTemplate.class.getName());

  @Inject private HarvestTemplateRepository templates;

  private long id;

  @PostConstruct
  void install() {
    HarvestTemplate template =
        templates
            .findByName(NAME)
            .orElseGet(
                () -> {
                  HarvestTemplate installed =
                      new HarvestTemplate(
                          NAME,
                          "Shipped with Netarchive EE: one frontier queue per domain, per-domain"
                              + " quotas, crawler traps, WARC output",
                          CrawlTemplate.defaultTemplate(),
                          "system",
                          Clock.systemUTC().instant());
                  templates.add(installed);
                  LOG.info("Installed the default crawl template '" + NAME + "'");
                  return installed;
                });
    id = template.id();
  }

  /** The default template's id. */
  public long id() {
    return id;
  }
}
