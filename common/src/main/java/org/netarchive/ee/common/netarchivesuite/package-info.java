/**
 * What the importers of a NetarchiveSuite installation share: its PostgreSQL databases (harvest and
 * admin), opened read-only.
 */
package org.netarchive.ee.common.netarchivesuite;
