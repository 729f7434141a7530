/**
 * Backing beans of the History section of the admin UI (pages under {@code history/}): a domain's
 * harvest history, and the import of an earlier system's history from a CSV file. They call the
 * same service as the REST API, so the UI refuses what the API refuses.
 */
package org.netarchive.ee.web.interfaces.history.web;
