/** The message-driven bean on the MONITOR queue. */
package org.netarchive.ee.scheduler.interfaces.monitor.jms;
