/** Backing beans of the Archive section's pages ({@code archive/*.xhtml}). */
package org.netarchive.ee.web.interfaces.archive.web;
