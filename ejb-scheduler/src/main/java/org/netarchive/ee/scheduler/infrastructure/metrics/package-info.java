/**
 * The application's meters as the server's Prometheus endpoint shows them: each with its HELP text
 * (see DescribedMeters for why they are not registered with the injected registry's builders).
 */
package org.netarchive.ee.scheduler.infrastructure.metrics;
