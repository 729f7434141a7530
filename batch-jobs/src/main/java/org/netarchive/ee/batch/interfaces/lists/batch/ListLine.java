package org.netarchive.ee.batch.interfaces.lists.batch;

/**
 * A non-blank line of an uploaded list that is not a comment.
 *
 * @param lineNumber from 1
 * @param text the line without surrounding blanks
 */
public record ListLine(long lineNumber, String text) {}
