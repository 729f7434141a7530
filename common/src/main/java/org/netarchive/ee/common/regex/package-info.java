/**
 * Regular expressions given by users, checked before they run: the shapes that backtrack
 * catastrophically are refused where an expression is run on input nobody bounds.
 */
package org.netarchive.ee.common.regex;
