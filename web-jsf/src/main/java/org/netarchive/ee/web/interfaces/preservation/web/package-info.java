/** The Preservation section's pages: the replicas' audits, votes, schedules and settings. */
package org.netarchive.ee.web.interfaces.preservation.web;
