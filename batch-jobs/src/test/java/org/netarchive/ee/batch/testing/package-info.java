/** Hand-written stand-ins for the batch runtime's contexts, for unit tests of batch artifacts. */
package org.netarchive.ee.batch.testing;
