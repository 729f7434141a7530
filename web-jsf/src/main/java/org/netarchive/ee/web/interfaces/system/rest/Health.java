package org.netarchive.ee.web.interfaces.system.rest;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Whether the application can serve: UP when every check passed, else DOWN naming the checks that
 * failed. A failure's detail names only the kind of failure, never its message: the answer goes to
 * anyone who asks (load balancers call without credentials), and driver messages carry host names
 * and user names. The server's log has the whole failure.
 *
 * @param status UP or DOWN
 * @param checks each check with its own status
 */
public record Health(String status, List<Check> checks) {

  private static final Logger LOG = Logger.getLogger(Health.class.getName());

  /** Status of the application or of one check. */
  public static final String UP = "UP";

  /** Status of the application or of one check. */
  public static final String DOWN = "DOWN";

  /**
   * One check.
   *
   * @param name what was checked: database, broker, schema
   * @param status UP or DOWN
   * @param detail what the check saw
   */
  public record Check(String name, String status, String detail) {}

  /** The application's health from its checks. */
  public static Health of(List<Check> checks) {
    boolean up = checks.stream().allMatch(c -> UP.equals(c.status()));
    return new Health(up ? UP : DOWN, List.copyOf(checks));
  }

  /**
   * Runs one check: UP with what {@code probe} returns, DOWN with the reason of a {@link Down} it
   * throws, or DOWN naming only the kind of any other failure.
   */
  public static Check check(String name, Callable<String> probe) {
    try {
      return new Check(name, UP, probe.call());
    } catch (Down down) {
      LOG.warning(() -> "Health check " + name + " failed: " + down.getMessage());
      return new Check(name, DOWN, down.getMessage());
    } catch (Exception e) {
      LOG.log(Level.WARNING, e, () -> "Health check " + name + " failed");
      return new Check(name, DOWN, "failed: " + e.getClass().getSimpleName());
    }
  }

  /** A check's own finding that the part is down, with a reason fit to show anyone. */
  public static final class Down extends Exception {
    private static final long serialVersionUID = 1L;

    /** A finding whose message is shown as the check's detail. */
    public Down(String reason) {
      super(reason);
    }
  }
}
