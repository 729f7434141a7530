/** The index server's batch job: building an index of a job set ({@code build-index}). */
package org.netarchive.ee.batch.interfaces.index.batch;
