/**
 * Carrying protocol messages over JMS: every message is a text message whose body is the codec's
 * JSON and whose properties repeat its type and version, so brokers and tools can route and filter
 * without parsing. Also the base class of the server's message-driven beans.
 */
package org.netarchive.ee.common.jms;
