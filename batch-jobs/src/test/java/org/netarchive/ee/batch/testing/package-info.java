/**
 * Stand-ins for what the batch runtime gives an artifact (its contexts, its injected fields), for
 * unit tests of the artifacts' logic.
 */
package org.netarchive.ee.batch.testing;
