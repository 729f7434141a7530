/** The REST API of the Preservation section: {@code /api/preservation}. */
package org.netarchive.ee.web.interfaces.preservation.rest;
