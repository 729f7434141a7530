/** Jakarta Batch jobs of the server: harvest splitting, index building, preservation checks. */
package org.netarchive.ee.batch;
