/** NetarchiveSuite's admin database, read for the adoption of its archive. */
package org.netarchive.ee.archive.infrastructure.netarchivesuite;
