/** What the agent is doing, for JMX and the heartbeats it sends to the server's monitor. */
package org.netarchive.ee.agent.monitoring;
