/**
 * The server's static settings, read through MicroProfile Config (system properties, environment
 * variables, the server configuration's config sources); what changes at run time is in the
 * database instead.
 */
package org.netarchive.ee.scheduler.infrastructure.config;
