/** The admin UI (JSF/PrimeFaces) and the REST API. */
package org.netarchive.ee.web;
