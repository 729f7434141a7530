/** REST API of the Harvest status section: jobs, harvest runs and the scheduling settings. */
package org.netarchive.ee.web.interfaces.jobs.rest;
