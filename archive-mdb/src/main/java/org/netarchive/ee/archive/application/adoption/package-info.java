/**
 * Taking over a NetarchiveSuite archive in place (issue 17, "Archive records"): its admin data is
 * imported ({@link org.netarchive.ee.archive.application.adoption.AdminDataImport}), its bitarchive
 * directories are adopted where they lie and every copy is verified in the background against the
 * recorded MD5 ({@link org.netarchive.ee.archive.application.adoption.Adoption}); only a copy found
 * good enters the archive's admin data, with the SHA-512 computed in the same read. The README's
 * "Switching from NetarchiveSuite: the archive" says how to use it.
 */
package org.netarchive.ee.archive.application.adoption;
