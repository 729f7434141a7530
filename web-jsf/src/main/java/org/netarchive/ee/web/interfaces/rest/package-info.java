/**
 * The REST API under /api: JSON in and out, HTTP Basic authentication, roles admin, curator and
 * viewer. Errors are problem documents (RFC 9457, {@code application/problem+json}) whose {@code
 * detail} names the thing and the value and whose {@code field} names the request field at fault.
 */
package org.netarchive.ee.web.interfaces.rest;
