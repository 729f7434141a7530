/**
 * Logging in, to the admin UI (form login) and to the REST API (HTTP Basic): throttling of failed
 * logins per client address, with a growing delay per account that never locks its owner out. The
 * policy is in {@link org.netarchive.ee.web.interfaces.login.LoginThrottle} and the README
 * ("Logging in").
 */
package org.netarchive.ee.web.interfaces.login;
