/** The replay page of the admin UI: ReplayWeb.page over a job's WACZ, at a URL and time. */
package org.netarchive.ee.web.interfaces.replay.web;
