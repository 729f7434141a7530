/**
 * The archive: the ArcRepository state machine (MDB on THE_REPOS), the bitarchive replicas (MDBs on
 * ANY_BA_/ALL_BA_ per replica) and their monitors (THE_BAMON per replica). The destinations exist
 * (configure-messaging.cli); the beans come with the archive issue.
 */
package org.netarchive.ee.archive;
