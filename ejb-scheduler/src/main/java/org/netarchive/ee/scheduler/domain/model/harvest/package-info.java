/**
 * Harvest definitions: what to harvest, when, and on which channel. A selective (event) harvest
 * harvests chosen domain configurations on a schedule; a snapshot harvest harvests every domain
 * once, with per-domain limits, possibly continuing from an earlier snapshot. Also the logic of
 * creating a selective harvest from a list of seeds ({@link
 * org.netarchive.ee.scheduler.domain.model.harvest.SeedsByDomain}).
 */
package org.netarchive.ee.scheduler.domain.model.harvest;
