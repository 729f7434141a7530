package org.netarchive.ee.web.interfaces.replay;

/** A WACZ asked for that cannot be had now: its job has not ended, or it is still being built. */
public class WaczConflict extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message what is asked for, its state and what to do
   */
  public WaczConflict(String message) {
    super(message);
  }
}
