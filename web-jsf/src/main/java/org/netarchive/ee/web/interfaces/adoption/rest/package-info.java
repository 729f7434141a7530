/** The REST API of the adoption of a NetarchiveSuite archive: {@code /api/archive/adoption}. */
package org.netarchive.ee.web.interfaces.adoption.rest;
