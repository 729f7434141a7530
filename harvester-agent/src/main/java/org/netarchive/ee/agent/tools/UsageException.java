package org.netarchive.ee.agent.tools;

/** The command line is wrong; the message says what, and the usage text follows. */
class UsageException extends Exception {

  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
