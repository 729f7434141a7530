/**
 * Taking over the archive of a NetarchiveSuite installation, free of the server: its admin data
 * file ({@link org.netarchive.ee.archive.domain.model.adoption.AdminDataReader}, one line per file
 * with the MD5 checksum and each replica's upload state) and the states an adopted copy passes
 * through while it is verified ({@link
 * org.netarchive.ee.archive.domain.model.adoption.Verification}).
 */
package org.netarchive.ee.archive.domain.model.adoption;
