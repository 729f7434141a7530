/**
 * What a component keeps of its own log for the operators: the last warnings and errors, sent with
 * its heartbeats or shown by the server.
 */
package org.netarchive.ee.common.logging;
