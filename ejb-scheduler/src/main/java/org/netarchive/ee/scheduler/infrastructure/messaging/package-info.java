/**
 * The broker seen from the scheduler: job queues of harvest channels, created at run time on the
 * embedded Artemis broker through its management bean.
 */
package org.netarchive.ee.scheduler.infrastructure.messaging;
