/** Application services of the scheduler module: one transaction per use case. */
package org.netarchive.ee.scheduler.application;
