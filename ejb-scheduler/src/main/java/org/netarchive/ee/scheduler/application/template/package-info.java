/**
 * Use cases on crawl templates: install the default one, list and read them, upload a template or a
 * new version of one, download any version's exact text, and offer or withdraw a template for new
 * harvests. Views are plain records made inside the transaction.
 */
package org.netarchive.ee.scheduler.application.template;
