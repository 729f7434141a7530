/**
 * Heritrix 3 crawl templates: {@code crawler-beans.cxml} files with placeholders for what differs
 * from job to job.
 *
 * <p>The server checks a template when a curator uploads it ({@link
 * org.netarchive.ee.common.template.CrawlTemplate#parse(String)}); the harvester agent fills it for
 * each job ({@link org.netarchive.ee.common.template.CrawlTemplate#render(java.util.Map)}). Both
 * use this one definition of the {@linkplain org.netarchive.ee.common.template.Placeholder
 * placeholders} and of where each may stand, so a template the server accepts is one the agent can
 * fill. {@link org.netarchive.ee.common.template.CrawlTemplate#defaultTemplate()} is the template
 * shipped with the system. {@link
 * org.netarchive.ee.common.template.NetarchiveSuiteTemplates#convert(String)} converts a template
 * of NetarchiveSuite (its placeholders and beans) to one of these, reporting each mapping.
 *
 * <p>Only the JDK's XML APIs are used, with DTDs, external entities and XInclude disabled.
 */
package org.netarchive.ee.common.template;
