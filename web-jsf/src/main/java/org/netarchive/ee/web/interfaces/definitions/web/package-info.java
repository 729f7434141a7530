/**
 * Backing beans of the Definitions section of the admin UI (pages under {@code definitions/}):
 * domains, their configurations, seed lists and passwords, bulk creation, statistics and aliases,
 * schedules, crawl templates, selective and snapshot harvests, harvest channels and global crawler
 * trap lists. Each bean is named after its page and calls the same services as the REST API, so the
 * UI refuses what the API refuses, with the services' messages next to the field.
 */
package org.netarchive.ee.web.interfaces.definitions.web;
