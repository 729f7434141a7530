/** Batch artifacts of the create-domains job: bulk creation of domains from a list of names. */
package org.netarchive.ee.batch.interfaces.domains.batch;
