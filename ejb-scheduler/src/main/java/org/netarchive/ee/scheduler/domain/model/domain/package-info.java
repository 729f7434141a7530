/**
 * Domains and what is harvested of them: a domain (one label under a public suffix, or an IP
 * address), its configurations, seed lists, passwords and crawler traps.
 */
package org.netarchive.ee.scheduler.domain.model.domain;
