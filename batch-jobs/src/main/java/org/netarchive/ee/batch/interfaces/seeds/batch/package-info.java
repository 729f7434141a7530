/**
 * Batch artifacts of the add-seeds job: a long seed list added to a selective harvest in chunks,
 * each chunk's domains, seed lists and configurations and its bookkeeping committed together.
 */
package org.netarchive.ee.batch.interfaces.seeds.batch;
