/**
 * The batch jobs a bitarchive runs over its files: a fixed set of named, parameterised jobs (no
 * code travels from clients), each writing lines for one file at a time; results of all files are
 * concatenated.
 */
package org.netarchive.ee.archive.domain.model.batch;
