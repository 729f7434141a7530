/**
 * What every HTTP exchange of the application passes before the admin UI or the REST API sees it:
 * the check of the Host header against the server's public names (so that no answer carries an
 * address an attacker chose), the same-origin checks of requests that change something (so that a
 * foreign page cannot act with a logged-in user's session), and the browser security headers.
 */
package org.netarchive.ee.web.interfaces.http;
