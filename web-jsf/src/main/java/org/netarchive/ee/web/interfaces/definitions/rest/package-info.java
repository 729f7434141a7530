/**
 * REST resources of the Definitions section: domains and their configurations, seed lists and
 * passwords; bulk creation of domains; schedules; crawl templates and their versions; harvest
 * channels; global crawler trap lists; harvest definitions; and the harvest history.
 */
package org.netarchive.ee.web.interfaces.definitions.rest;
