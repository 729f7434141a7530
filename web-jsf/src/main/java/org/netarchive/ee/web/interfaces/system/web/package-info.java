/** Backing beans of the system section of the admin UI. */
package org.netarchive.ee.web.interfaces.system.web;
