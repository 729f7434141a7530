/** The archive in the REST API: {@code /api/archive}. */
package org.netarchive.ee.web.interfaces.archive.rest;
