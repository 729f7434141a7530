/**
 * The synthetic web site on loopback, with its DNS server, that the tests crawl and that {@code
 * netarchive run --demo} serves ({@link org.netarchive.ee.agent.demo.DemoSite}) for a first
 * harvest.
 *
 * <p>Built into an artifact of its own (classifier {@code demo}, and the demo distribution with
 * {@code bin/netarchive-demo-site}); the agent's jar and distribution leave this package out, so a
 * production agent carries no demo site or DNS server. It uses the JDK and the project's common
 * classes only, and nothing of the agent.
 */
package org.netarchive.ee.agent.demo;
