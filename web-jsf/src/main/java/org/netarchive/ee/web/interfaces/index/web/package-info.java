/** The admin UI's page of the index server: ask for an index, follow its build, download it. */
package org.netarchive.ee.web.interfaces.index.web;
