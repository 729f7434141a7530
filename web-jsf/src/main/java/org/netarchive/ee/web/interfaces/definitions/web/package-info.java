/**
 * Backing beans of the Definitions section of the admin UI (pages under {@code definitions/}):
 * domains, their configurations and seed lists, bulk creation, statistics and aliases, schedules
 * and crawl templates. Each bean is named after its page and calls the same services as the REST
 * API, so the UI refuses what the API refuses, with the services' messages next to the field.
 */
package org.netarchive.ee.web.interfaces.definitions.web;
