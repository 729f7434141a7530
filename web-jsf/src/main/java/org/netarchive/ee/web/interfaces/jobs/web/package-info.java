/**
 * Backing beans of the Harvest status section of the admin UI (pages under {@code status/}): all
 * jobs with their filters, one job's details, the running jobs with their progress, the runs of a
 * harvest, and the scheduling settings. They call the same services as the REST API in {@code
 * interfaces.jobs.rest}, so the UI shows and refuses what the API does.
 */
package org.netarchive.ee.web.interfaces.jobs.web;
