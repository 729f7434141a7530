/**
 * Operator commands to the agent: what arrives on the agents' topic ({@code
 * <ENV>_COMMON_ALL_HACO}), which of it concerns this agent, and the answers it sends to the server.
 */
package org.netarchive.ee.agent.control;
