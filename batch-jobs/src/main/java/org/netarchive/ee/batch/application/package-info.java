/** Starting batch jobs and reading their executions, for the UI and the REST API. */
package org.netarchive.ee.batch.application;
