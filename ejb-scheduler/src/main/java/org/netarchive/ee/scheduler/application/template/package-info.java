/** Use cases on crawl templates. */
package org.netarchive.ee.scheduler.application.template;
