package org.netarchive.ee.common.template;

/** Names of the Heritrix 3.13 and Spring classes a crawl template must or may use. */
final class HeritrixClasses {

  static final String BEANS_NAMESPACE = "http://www.springframework.org/schema/beans";
  static final String XINCLUDE_NAMESPACE = "http://www.w3.org/2001/XInclude";

  static final String TEXT_SEED_MODULE = "org.archive.modules.seeds.TextSeedModule";
  static final String CONFIG_STRING = "org.archive.spring.ConfigString";
  static final String CRAWL_METADATA = "org.archive.modules.CrawlMetadata";
  static final String MATCHES_LIST_REGEX_DECIDE_RULE =
      "org.archive.modules.deciderules.MatchesListRegexDecideRule";
  static final String WARC_WRITER = "org.archive.modules.writer.WARCWriterChainProcessor";
  static final String FETCH_CHAIN = "org.archive.modules.FetchChain";
  static final String DISPOSITION_CHAIN = "org.archive.modules.DispositionChain";
  static final String FETCH_HTTP = "org.archive.modules.fetcher.FetchHTTP";
  static final String FETCH_DNS = "org.archive.modules.fetcher.FetchDNS";
  static final String QUOTA_ENFORCER = "org.archive.crawler.prefetch.QuotaEnforcer";
  static final String FRONTIER_PREPARER = "org.archive.crawler.prefetch.FrontierPreparer";
  static final String DOMAIN_QUEUES =
      "org.archive.crawler.frontier.AssignmentLevelSurtQueueAssignmentPolicy";
  static final String PROPERTY_OVERRIDE_CONFIGURER =
      "org.springframework.beans.factory.config.PropertyOverrideConfigurer";

  /** The id the per-domain quota sheets address the quota enforcer by. */
  static final String QUOTA_ENFORCER_ID = "quotaEnforcer";

  /** The id Heritrix finds the crawl scope by. */
  static final String SCOPE_ID = "scope";

  private HeritrixClasses() {}
}
