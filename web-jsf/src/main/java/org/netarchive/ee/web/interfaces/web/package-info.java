/**
 * Pieces every page of the admin UI uses: localized texts, service refusals shown next to the field
 * they concern, lazily paged lists and the display of instants.
 */
package org.netarchive.ee.web.interfaces.web;
