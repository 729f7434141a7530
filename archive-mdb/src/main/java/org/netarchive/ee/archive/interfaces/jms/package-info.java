/**
 * The archive's message-driven beans: decode, then one service call. The repository on THE_REPOS;
 * per replica (the first and second as bound in JNDI under replica1/ and replica2/), its uploads on
 * ANY_BA and its checksum requests on the ALL_BA topic.
 */
package org.netarchive.ee.archive.interfaces.jms;
