/**
 * The synthetic web site on loopback, with its DNS server, that the tests crawl and that {@code
 * netarchive run --demo} serves ({@link org.netarchive.ee.agent.demo.DemoSite}) for a first
 * harvest.
 */
package org.netarchive.ee.agent.demo;
