/** The index server's REST API: {@code /api/index}. */
package org.netarchive.ee.web.interfaces.index.rest;
