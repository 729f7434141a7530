/**
 * The archive: the ArcRepository state machine (MDB on THE_REPOS), the bitarchives of the replicas
 * (MDBs on ANY_BA and ALL_BA of each replica) and, later, their monitors (THE_BAMON per replica).
 * Layers: {@code domain.model} (storage, records, store state machine; plain Java, unit-tested),
 * {@code application} (services), {@code infrastructure} (JPA, JMS), {@code interfaces.jms} (MDBs).
 */
package org.netarchive.ee.archive;
