package org.netarchive.ee.web.interfaces.login;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * Slows down password guessing without locking anybody out. Failed logins are counted per client
 * address and per account (for 15 minutes after the last failure):
 *
 * <ul>
 *   <li>from the 10th failure from one address on, that address is refused for 30 s, doubling with
 *       each further failure up to 15 minutes; a successful login from it clears its count;
 *   <li>from the 10th failure on one account on (from any addresses), the account can be tried at
 *       most once per second, doubling with each further failure up to 60 s, from addresses that
 *       have not logged in to it before; an address it has logged in from (in the last 30 days,
 *       since the server started) is never slowed by the account's count, so an attacker guessing
 *       from many addresses cannot keep its owner out.
 * </ul>
 *
 * A refused attempt is not checked against the password, so it neither counts nor reveals anything.
 * The counts are in memory: they are per server and start afresh when it restarts.
 */
public final class LoginThrottle {

  /** Failures allowed (from an address, or on an account) before logins are slowed. */
  public static final int FREE_FAILURES = 10;

  static final Duration ADDRESS_PAUSE = Duration.ofSeconds(30);
  static final Duration ADDRESS_PAUSE_MAX = Duration.ofMinutes(15);
  static final Duration ACCOUNT_PAUSE = Duration.ofSeconds(1);
  static final Duration ACCOUNT_PAUSE_MAX = Duration.ofSeconds(60);
  static final Duration FORGET_FAILURES_AFTER = Duration.ofMinutes(15);
  static final Duration KNOWN_ADDRESS_FOR = Duration.ofDays(30);

  /** Beyond this many entries, expired ones are dropped (an attack with many names or hosts). */
  private static final int PRUNE_ABOVE = 10_000;

  private static final Logger LOG = Logger.getLogger(LoginThrottle.class.getName());

  /** The name under which the servlet context holds the application's throttle. */
  public static final String ATTRIBUTE = LoginThrottle.class.getName();

  private final Clock clock;
  private final Map<String, Failures> byAddress = new ConcurrentHashMap<>();
  private final Map<String, Failures> byAccount = new ConcurrentHashMap<>();
  private final Map<String, Instant> knownAddresses = new ConcurrentHashMap<>();

  public LoginThrottle(Clock clock) {
    this.clock = clock;
  }

  /** Why a login attempt is refused before its password is checked, and for how long. */
  public record Refusal(boolean byAddress, String address, String account, long seconds) {

    /** The message shown on the login page and in the API's answer. */
    public String message() {
      return byAddress
          ? "Too many failed logins from this address ("
              + address
              + "); try again in "
              + seconds
              + " s"
          : "Too many failed logins to account '"
              + account
              + "'; from an address it has not logged in from before, try again in "
              + seconds
              + " s";
    }
  }

  /** Whether a login to {@code account} from {@code address} may be checked now. */
  public Optional<Refusal> check(String address, String account) {
    Instant now = clock.instant();
    Failures fromAddress = byAddress.get(address);
    if (fromAddress != null && fromAddress.refusedUntil().isAfter(now)) {
      return refuse(new Refusal(true, address, account, secondsUntil(now, fromAddress)));
    }
    Failures onAccount = byAccount.get(account);
    if (onAccount != null
        && onAccount.refusedUntil().isAfter(now)
        && !knownAddress(address, account, now)) {
      return refuse(new Refusal(false, address, account, secondsUntil(now, onAccount)));
    }
    return Optional.empty();
  }

  /** Counts a wrong password (or unknown or disabled account). */
  public void failed(String address, String account) {
    Instant now = clock.instant();
    Failures fromAddress =
        byAddress.compute(address, (a, f) -> count(f, now, ADDRESS_PAUSE, ADDRESS_PAUSE_MAX));
    Failures onAccount =
        byAccount.compute(account, (a, f) -> count(f, now, ACCOUNT_PAUSE, ACCOUNT_PAUSE_MAX));
    if (fromAddress.count() >= FREE_FAILURES) {
      LOG.warning(
          "Failed login number "
              + fromAddress.count()
              + " from address "
              + address
              + " (account '"
              + account
              + "'): logins from this address are refused for "
              + Duration.between(now, fromAddress.refusedUntil()).toSeconds()
              + " s");
    }
    if (onAccount.count() >= FREE_FAILURES) {
      LOG.warning(
          "Failed login number "
              + onAccount.count()
              + " on account '"
              + account
              + "' (this one from "
              + address
              + "): logins to it from addresses it has not logged in from wait "
              + Duration.between(now, onAccount.refusedUntil()).toSeconds()
              + " s");
    }
    prune(now);
  }

  /** A successful login: the address is in good standing, and known to the account. */
  public void succeeded(String address, String account) {
    byAddress.remove(address);
    knownAddresses.put(account + '\n' + address, clock.instant());
  }

  private boolean knownAddress(String address, String account, Instant now) {
    Instant last = knownAddresses.get(account + '\n' + address);
    return last != null && last.plus(KNOWN_ADDRESS_FOR).isAfter(now);
  }

  private static Failures count(Failures before, Instant now, Duration pause, Duration max) {
    int count =
        before == null || before.last().plus(FORGET_FAILURES_AFTER).isBefore(now)
            ? 1
            : before.count() + 1;
    if (count < FREE_FAILURES) {
      return new Failures(count, now, now);
    }
    // Doubling from the first pause; the shift is bounded so it cannot overflow.
    Duration wait = pause.multipliedBy(1L << Math.min(count - FREE_FAILURES, 20));
    return new Failures(count, now, now.plus(wait.compareTo(max) > 0 ? max : wait));
  }

  private static long secondsUntil(Instant now, Failures failures) {
    long millis = Duration.between(now, failures.refusedUntil()).toMillis();
    return Math.max(1, (millis + 999) / 1000);
  }

  private static Optional<Refusal> refuse(Refusal refusal) {
    LOG.info(
        "Refused a login to account '"
            + refusal.account()
            + "' from address "
            + refusal.address()
            + ": "
            + refusal.message());
    return Optional.of(refusal);
  }

  private void prune(Instant now) {
    if (byAddress.size() > PRUNE_ABOVE) {
      byAddress.values().removeIf(f -> f.expired(now));
    }
    if (byAccount.size() > PRUNE_ABOVE) {
      byAccount.values().removeIf(f -> f.expired(now));
    }
    if (knownAddresses.size() > PRUNE_ABOVE) {
      knownAddresses.values().removeIf(t -> t.plus(KNOWN_ADDRESS_FOR).isBefore(now));
    }
  }

  private record Failures(int count, Instant last, Instant refusedUntil) {
    boolean expired(Instant now) {
      return last.plus(FORGET_FAILURES_AFTER).isBefore(now) && !refusedUntil.isAfter(now);
    }
  }
}
