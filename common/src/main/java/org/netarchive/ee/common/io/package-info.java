/**
 * File system chores the modules share: {@link FileTrees} removes a directory tree, which the JDK
 * offers no single call for.
 */
package org.netarchive.ee.common.io;
