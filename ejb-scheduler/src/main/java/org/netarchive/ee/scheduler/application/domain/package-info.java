/**
 * Use cases on domains: create one or many, change them, read them as views for the UI and the API.
 * Views are plain records made inside the transaction.
 */
package org.netarchive.ee.scheduler.application.domain;
