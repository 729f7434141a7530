/** Batch artifacts of the verify-schema job. */
package org.netarchive.ee.batch.interfaces.schema.batch;
