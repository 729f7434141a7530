/** The agent's configuration file: reading, defaults and validation. */
package org.netarchive.ee.agent.config;
