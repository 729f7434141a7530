/**
 * Access to what was harvested: WACZ exports of jobs and harvest runs ({@link
 * org.netarchive.ee.web.interfaces.replay.WaczExports}), and replay in the admin UI through
 * ReplayWeb.page (served unmodified from the WAR under {@code /replay/}) over those packages.
 */
package org.netarchive.ee.web.interfaces.replay;
