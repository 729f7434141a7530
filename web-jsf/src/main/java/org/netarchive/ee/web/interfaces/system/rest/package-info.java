/** REST resources of the system section: state of the installation, operator jobs. */
package org.netarchive.ee.web.interfaces.system.rest;
