/**
 * Global crawler traps: named lists of regular expressions for URIs that no harvest should crawl
 * (calendars, endless query strings), on top of each domain's own traps. Jobs made while a list is
 * active get its expressions.
 */
package org.netarchive.ee.scheduler.domain.model.trap;
