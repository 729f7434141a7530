# Sourced by bin/netarchive: building the server and preparing its base directory under NAS_HOME. Uses its settings (ROOT, NAS_HOME, ports) and say/fail.
# shellcheck shell=bash

build() {
  if [[ "${NAS_SKIP_BUILD:-}" == 1 && -f "$SERVER/standalone/deployments/netarchive.ear" && -n "$(agent_tarball)" ]]; then
    return
  fi
  say "Building Netarchive EE (the first build downloads WildFly and the libraries, a few hundred MB)..."
  mkdir -p "$NAS_HOME"
  if ! (cd "$ROOT" && mvn -B -DskipTests package) >"$NAS_HOME/build.log" 2>&1; then
    grep -E '^\[ERROR\]' "$NAS_HOME/build.log" | head -n 20 >&2 || true
    fail "the build failed; the whole output is in $NAS_HOME/build.log"
  fi
}

# The server's own base directory lives under NAS_HOME, outside the source tree, so that data
# (database, broker journal, logs) survives a rebuild or 'mvn clean'. The EAR is refreshed from
# the provisioned server at every start. The configuration is kept with what an operator changed
# in it (management users, CLI changes, certificates) until the build provisions a different one;
# then the operator's copy is kept beside the new one, and the start says where.
prepare_base() {
  mkdir -p "$BASE/configuration" "$BASE/deployments" "$BASE/data" "$BASE/log" "$NAS_HOME/secrets"
  chmod 700 "$NAS_HOME/secrets"
  local stamp="$BASE/configuration/.provisioned"
  local provisioned
  provisioned=$(cd "$SERVER/standalone/configuration" &&
    find . -type f ! -path './standalone_xml_history/*' -print0 | sort -z | xargs -0 sha256sum | sha256sum)
  if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$provisioned" ]]; then
    if [[ -f "$stamp" ]]; then
      local previous
      previous="$BASE/configuration.$(date -u +%Y%m%dT%H%M%SZ)"
      mv "$BASE/configuration" "$previous"
      say "The build provisioned a new server configuration; the previous one, with any change made to it, is in $previous"
    fi
    rm -rf "$BASE/configuration"
    cp -r "$SERVER/standalone/configuration" "$BASE/configuration"
    printf '%s\n' "$provisioned" >"$stamp"
  fi
  rm -f "$BASE/deployments/"netarchive.ear*
  cp "$SERVER/standalone/deployments/netarchive.ear" "$BASE/deployments/netarchive.ear"

  # The broker account of the local harvester agent: generated once, kept in NAS_HOME/secrets.
  local agent_secret="$NAS_HOME/secrets/agent-password"
  if [[ ! -f "$agent_secret" ]]; then
    (umask 077 && head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' > "$agent_secret")
  fi
  export NAS_AGENT_PASSWORD=${NAS_AGENT_PASSWORD:-$(cat "$agent_secret")}
  # Where a first start puts the random admin password (read and deleted below, after start-up).
  export NAS_ADMIN_PASSWORD_FILE="$NAS_HOME/secrets/admin-password"
  # The agents upload their files to the server's staging directory, which the bitarchives read
  # directly (checksum still verified); NAS_ARCHIVE_LOCAL_READ_DIRS only adds other directories.
  mkdir -p "$AGENTS_HOME"
}

check_database() {
  [[ "${NAS_DB_KIND:-h2}" == postgresql ]] || return 0
  export NAS_DB_URL=${NAS_DB_URL:-jdbc:postgresql://127.0.0.1:5432/netarchive}
  export NAS_DB_USER=${NAS_DB_USER:-netarchive}
  [[ -n "${NAS_DB_PASSWORD:-}" ]] || fail "NAS_DB_KIND=postgresql needs NAS_DB_PASSWORD (and NAS_DB_URL, NAS_DB_USER; now $NAS_DB_URL as $NAS_DB_USER)"
  "$JAVA_HOME/bin/java" -cp "$SERVER/modules/org/postgresql/main/postgresql.jar" \
    "$ROOT/wildfly-config/bin/DatabaseCheck.java" || exit 1
}

# The server runs in its own process group (setsid), led by standalone.sh: a TERM to the group
# reaches the JVM, whose shutdown is orderly; whatever is left after 60 s is killed.
stop_server() { # $1 = pid of the group leader
  kill -TERM -- "-$1" 2>/dev/null || kill -TERM "$1" 2>/dev/null || return 0
  end_group "$1" 60 "The server"
  rm -f "$PID_FILE"
}
