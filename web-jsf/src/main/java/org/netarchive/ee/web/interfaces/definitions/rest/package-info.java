/**
 * REST resources of the Definitions section: domains and their configurations, seed lists and
 * passwords; bulk creation of domains; schedules; crawl templates and their versions.
 */
package org.netarchive.ee.web.interfaces.definitions.rest;
