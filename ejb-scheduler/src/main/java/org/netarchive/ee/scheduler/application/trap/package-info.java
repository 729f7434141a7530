/** Use cases on global crawler trap lists: list, create, change, activate and deactivate them. */
package org.netarchive.ee.scheduler.application.trap;
