/**
 * Reading an uploaded list (domain names, seeds) line by line, for the jobs that work through it.
 */
package org.netarchive.ee.batch.interfaces.lists.batch;
