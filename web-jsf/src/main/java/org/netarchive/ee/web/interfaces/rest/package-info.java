/**
 * The REST API under /api: JSON in and out, HTTP Basic authentication, roles admin, curator and
 * viewer. Errors are JSON objects {@code {"status": 400, "error": "..."}} whose message names the
 * thing and the value.
 */
package org.netarchive.ee.web.interfaces.rest;
