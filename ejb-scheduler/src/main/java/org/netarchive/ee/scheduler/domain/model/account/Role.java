package org.netarchive.ee.scheduler.domain.model.account;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What an account may do. The names are the role names the server's security realm grants. */
public enum Role {
  /** Everything, including accounts and archive corrections. */
  ADMIN,
  /** Defines and runs harvests. */
  CURATOR,
  /** Reads everything, changes nothing. */
  VIEWER,
  /** A harvester agent on the broker. */
  AGENT;

  /** The role name as stored and as used in security constraints, e.g. {@code "admin"}. */
  public String roleName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a role name; the error lists the known roles. */
  public static Role fromRoleName(String roleName) {
    for (Role role : values()) {
      if (role.roleName().equals(roleName)) {
        return role;
      }
    }
    throw new IllegalArgumentException(
        "Unknown role '"
            + roleName
            + "'; known roles: "
            + Arrays.stream(values()).map(Role::roleName).collect(Collectors.joining(", ")));
  }
}
