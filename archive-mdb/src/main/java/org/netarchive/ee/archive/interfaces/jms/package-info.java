/**
 * The archive's message-driven beans: decode, then one service call. The repository on THE_REPOS;
 * for every configured replica, one bean per kind on the server's queues into which each replica's
 * ANY_BA (uploads), ALL_BA (checksum, get, batch requests) and THE_BAMON (its monitor) are diverted
 * (see {@code ReplicaDestinations}); the address a message was sent to names its replica.
 */
package org.netarchive.ee.archive.interfaces.jms;
