#!/usr/bin/env bash
# Proves that the server distribution runs without the source tree (run by .ci/run, or by hand
# after 'mvn package -pl wildfly-config -am'):
#
#   wildfly-config/src/test/dist/check-server-distribution.sh [TARBALL]
#
# Unpacks TARBALL (default wildfly-config/target/netarchive-server-<version>.tar.gz) into a
# scratch directory under /tmp, starts it with its own launcher in an empty environment (H2, data
# in a directory of its own given by an env file, ports shifted by 300, 127.0.0.1 only; run as
# root, the check runs the server as user nobody, as the systemd unit runs it as its own user, with
# the tree owned by root and not writable to it), waits for
# its health and login page, logs in with the random admin password of the first start, checks
# the version, stops it, and checks that the data landed in NAS_HOME, that nothing was written
# into the unpacked tree and that no password reached a log or the launcher's output. Then starts it
# again with NAS_TLS=on: a CA and server certificate generated into NAS_HOME/secrets, HTTPS only
# (plain HTTP refused), Secure session cookies, the agents' broker port TLS only (an agent's
# BrokerLink connects trusting that CA; plaintext and an agent without the CA are refused, with
# messages saying why), a bitarchive node of a third replica joining it over TLS (refused without
# the CA or beyond loopback), an upload by the agent's own code over HTTPS and through the broker
# over TLS trusting that CA (the agent distribution's lib/) that ends in all three replicas, and an
# agent that does not trust it refused with a message saying so.
# Ends with "server-distribution-check: N passed, M failed" (exit status 1 if any failed).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)
TARBALL=${1:-}
if [[ -z "$TARBALL" ]]; then
  TARBALL=$(find "$ROOT/wildfly-config/target" -maxdepth 1 -name 'netarchive-server-*.tar.gz' 2>/dev/null | head -n 1 || true)
fi
[[ -f "$TARBALL" ]] || {
  echo "server-distribution-check: no tarball (build it: mvn package -pl wildfly-config -am)" >&2
  exit 1
}
VERSION=$(basename "$TARBALL" .tar.gz)
VERSION=${VERSION#netarchive-server-}
OFFSET=300
HTTP="http://127.0.0.1:$((8080 + OFFSET))"

SCRATCH=$(mktemp -d /tmp/nas-server-dist.XXXXXX)
TREE="$SCRATCH/opt/netarchive-server-$VERSION"
DATA="$SCRATCH/data"
ENV_FILE="$SCRATCH/server.env"
LAUNCHER="$TREE/bin/netarchive-server"
OUT="$SCRATCH/launcher-output.txt"
passed=0
failed=0

check() { # $1 = what; the rest = a command that succeeds when it holds
  local what=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "  ok    $what"
  else
    failed=$((failed + 1))
    echo "  FAIL  $what"
  fi
}

# The launcher in an empty environment (no JAVA_HOME, no NAS_* of the caller, e.g. .ci/run's
# PostgreSQL settings), from the scratch directory: all it gets is its env file.
AS_USER=()
if [[ $(id -u) -eq 0 ]] && id nobody >/dev/null 2>&1 && command -v runuser >/dev/null; then
  AS_USER=(runuser -u nobody --)
fi
launcher_with() { # $1 = the env file; the rest: the launcher's arguments
  local env_file=$1
  shift
  (cd "$SCRATCH/home" && "${AS_USER[@]}" env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$SCRATCH/home" \
    LANG=C.UTF-8 "$LAUNCHER" --env-file "$env_file" "$@")
}
launcher() { launcher_with "$ENV_FILE" "$@"; }
NODE_ENV="$SCRATCH/node.env"
node_launcher() { launcher_with "$NODE_ENV" "$@"; }

cleanup() {
  if [[ -x "$LAUNCHER" ]]; then
    [[ ! -f "$NODE_ENV" ]] || node_launcher stop >/dev/null 2>&1 || true
    launcher stop >/dev/null 2>&1 || true
  fi
  rm -rf "$SCRATCH"
}
trap cleanup EXIT

echo "=== server distribution $TARBALL, unpacked into $SCRATCH"
mkdir -p "$SCRATCH/opt" "$SCRATCH/home" "$DATA"
tar xzf "$TARBALL" -C "$SCRATCH/opt"
listing() { find "$TREE" -printf '%p %s %T@\n' | sort; }
listing >"$SCRATCH/tree-before"
if [[ ${#AS_USER[@]} -gt 0 ]]; then
  echo "  (the server runs as user nobody; the tree belongs to $(id -un))"
  chmod 755 "$SCRATCH"
  chown nobody "$SCRATCH/home" "$DATA"
fi
check "the tree has the launcher, the EAR, the systemd unit and the Dockerfile" \
  test -x "$LAUNCHER" -a -f "$TREE/wildfly/standalone/deployments/netarchive.ear" \
  -a -f "$TREE/systemd/netarchive-server.service" -a -f "$TREE/container/Dockerfile"
check "'version' says $VERSION" test "$(launcher version)" == "$VERSION"

(umask 077 && cat >"$ENV_FILE" <<EOF
NAS_HOME=$DATA
NAS_PORT_OFFSET=$OFFSET
NAS_BIND_ADDRESS=127.0.0.1
NAS_DB_KIND=h2
EOF
)
[[ ${#AS_USER[@]} -eq 0 ]] || chown nobody "$ENV_FILE"
started=$(date +%s)
if launcher start >"$OUT" 2>&1; then start_status=0; else start_status=$?; fi
sed 's/^/  | /' "$OUT"
check "'start' returns 0 once the application is deployed ($(($(date +%s) - started)) s)" test "$start_status" -eq 0

healthy() {
  local waited=0
  until launcher health >"$SCRATCH/health.json" 2>&1; do
    waited=$((waited + 1))
    [[ $waited -lt 60 ]] || return 1
    sleep 1
  done
  grep -q '"status":"UP"' "$SCRATCH/health.json"
}
check "'health' answers UP (GET /api/health)" healthy
check "the login page answers" bash -c "curl -fsS '$HTTP/login.xhtml' | grep -q j_security_check"
status_running() { launcher status | grep -q 'is running'; }
second_start_refused() { ! launcher start >/dev/null 2>&1; }
check "'status' says running" status_running
check "a second 'start' is refused" second_start_refused

ADMIN_PASSWORD=""
[[ -f "$DATA/secrets/admin-password" ]] && ADMIN_PASSWORD=$(head -n 1 "$DATA/secrets/admin-password")
check "the first start wrote the admin password to NAS_HOME/secrets, owner-only" \
  test -n "$ADMIN_PASSWORD" -a "$(stat -c %a "$DATA/secrets/admin-password" 2>/dev/null)" == 600
check "the admin logs in to the REST API with it" \
  test "$(curl -s -o /dev/null -w '%{http_code}' -u "admin:$ADMIN_PASSWORD" "$HTTP/api/system/status")" == 200
AGENT_PASSWORD=$(cat "$DATA/secrets/agent-password" 2>/dev/null || true)
check "the agents' broker password is in NAS_HOME/secrets, owner-only" \
  test -n "$AGENT_PASSWORD" -a "$(stat -c %a "$DATA/secrets/agent-password" 2>/dev/null)" == 600
cli_reads_state() { launcher cli --command=':read-attribute(name=server-state)' 2>&1 | grep -q '"result" => "running"'; }
check "'cli' reaches the management interface (server-state running)" cli_reads_state
if [[ -f "$DATA/server/jvm.pid" ]]; then
  echo "  (the server's JVM: $(($(ps -o rss= -p "$(cat "$DATA/server/jvm.pid")") / 1024)) MB resident after start-up)"
fi

echo "  (disk: the unpacked tree $(du -sm "$TREE" | cut -f1) MB, NAS_HOME after the first start $(du -sm "$DATA" | cut -f1) MB)"
launcher stop >>"$OUT" 2>&1
nothing_left() { ! pgrep -f -- "-Djboss.server.base.dir=$DATA/server" >/dev/null; }
check "'stop' ends the server: nothing of it runs any more" nothing_left
not_running() { ! launcher status >/dev/null; }
check "'status' then says not running (exit status 1)" not_running

check "the H2 database is in NAS_HOME" test -f "$DATA/server/data/netarchive/netarchive.mv.db"
check "the broker journal is in NAS_HOME" \
  bash -c "ls '$DATA/server/data/activemq/journal/' | grep -q '\\.amq\$'"
check "both bitarchive replicas are in NAS_HOME" \
  test -d "$DATA/server/data/bitarchive/ONE" -a -d "$DATA/server/data/bitarchive/TWO"
check "the configuration and the logs are in NAS_HOME" \
  test -f "$DATA/server/configuration/standalone.xml" -a -s "$DATA/server/log/server.log"
# (files and directories with their sizes and times: jboss-cli creates and deletes a probe file
# in wildfly/bin, which changes that directory's time where it may write)
tree_untouched() {
  listing >"$SCRATCH/tree-after"
  diff "$SCRATCH/tree-before" "$SCRATCH/tree-after" | head -n 10
  cmp -s "$SCRATCH/tree-before" "$SCRATCH/tree-after"
}
check "nothing was written into the unpacked tree" tree_untouched
add_user_works() {
  launcher add-user --silent -u dist-check -p 'Dist-check-1!' >/dev/null 2>&1 &&
    grep -q '^dist-check=' "$DATA/server/configuration/mgmt-users.properties"
}
check "'add-user' adds a management user to NAS_HOME's configuration" add_user_works
# The unit's syntax, by systemd itself, with its paths pointed at the unpacked tree.
unit_verifies() {
  local unit="$SCRATCH/netarchive-server.service" output
  sed "s|/opt/netarchive-server|$TREE|g" "$TREE/systemd/netarchive-server.service" >"$unit"
  output=$(systemd-analyze verify "$unit" 2>&1) && [[ -z "$output" ]] || {
    echo "$output"
    return 1
  }
}
if command -v systemd-analyze >/dev/null; then
  check "systemd-analyze verify finds nothing wrong in the unit" unit_verifies
else
  echo "  (systemd-analyze is not installed: the unit's syntax is not checked)"
fi
# --- TLS on: the same installation started again with NAS_TLS=on, and with a third replica, THREE,
# held by a bitarchive node (NAS_ROLE=node, the same tarball, its own NAS_HOME) that joins it over
# TLS.
HTTPS="https://127.0.0.1:$((8443 + OFFSET))"
printf 'NAS_TLS=on\nNAS_REPLICAS=ONE,TWO,THREE\nNAS_REPLICAS_LOCAL=ONE,TWO\n' >>"$ENV_FILE"
TLS_OUT="$SCRATCH/launcher-output-tls.txt"
started=$(date +%s)
if launcher start >"$TLS_OUT" 2>&1; then start_status=0; else start_status=$?; fi
sed 's/^/  | /' "$TLS_OUT"
check "with NAS_TLS=on, 'start' returns 0 once deployed ($(($(date +%s) - started)) s, a CA and certificate generated)" \
  test "$start_status" -eq 0
TLS_DIR="$DATA/secrets/tls"
owner_only() { [[ "$(stat -c %a "$1" 2>/dev/null)" == 600 ]]; }
tls_files() {
  [[ -s "$TLS_DIR/ca.pem" ]] && owner_only "$TLS_DIR/ca.p12" && owner_only "$TLS_DIR/server.p12" &&
    owner_only "$DATA/secrets/tls-keystore-password"
}
check "the CA, the server's key store and their password are in NAS_HOME/secrets, owner-only" tls_files
plain_refused() { # curl's exit status 7: could not connect
  local status=0
  curl -sS -o /dev/null --max-time 10 "$HTTP/api/health" 2>/dev/null || status=$?
  [[ $status -eq 7 ]]
}
check "plain HTTP is refused: nothing listens on the HTTP port ($HTTP)" plain_refused
plaintext_on_tls_port_fails() { ! curl -sS -o /dev/null --max-time 10 "http://127.0.0.1:$((8443 + OFFSET))/api/health" 2>/dev/null; }
check "plaintext to the HTTPS port gets no HTTP answer" plaintext_on_tls_port_fails
https_up() { curl -fsS --cacert "$TLS_DIR/ca.pem" "$HTTPS/api/health" | grep -q '"status":"UP"'; }
check "HTTPS answers, its certificate trusted through the generated CA (health UP)" https_up
untrusted_by_curl() { ! curl -sS -o /dev/null --max-time 10 "$HTTPS/api/health" 2>/dev/null; }
check "a client that does not trust the CA does not get through" untrusted_by_curl
health_over_tls() { launcher health | grep -q '"status":"UP"'; }
check "'health' answers UP over HTTPS" health_over_tls
check "the admin logs in to the REST API over HTTPS" \
  test "$(curl -s -o /dev/null -w '%{http_code}' --cacert "$TLS_DIR/ca.pem" -u "admin:$ADMIN_PASSWORD" "$HTTPS/api/system/status")" == 200
secure_session_cookie() {
  curl -sS -o /dev/null -D - --cacert "$TLS_DIR/ca.pem" "$HTTPS/login.xhtml" | grep -i '^set-cookie: *JSESSIONID=' | grep -qi '; *secure'
}
check "the session cookie (JSESSIONID) is marked Secure" secure_session_cookie
BROKER_PLAIN="tcp://127.0.0.1:$((61616 + OFFSET))"
BROKER_TLS="$BROKER_PLAIN?sslEnabled=true"

NODE_DATA="$SCRATCH/node-data"
NODE_OUT="$SCRATCH/launcher-output-node.txt"
mkdir -p "$NODE_DATA"
node_env() { # the node's settings, then the lines given (a later line replaces an earlier one)
  (umask 077 && cat >"$NODE_ENV" <<EOF
NAS_ROLE=node
NAS_HOME=$NODE_DATA
NAS_PORT_OFFSET=$((OFFSET + 100))
NAS_BIND_ADDRESS=127.0.0.1
NAS_REPLICAS=ONE,TWO,THREE
NAS_REPLICAS_LOCAL=THREE
NAS_CENTRAL_HOST=127.0.0.1
NAS_CENTRAL_BROKER_PORT=$((61616 + OFFSET))
NAS_NODE_BROKER_PASSWORD=$AGENT_PASSWORD
NAS_TLS=on
NAS_TLS_CA=$TLS_DIR/ca.pem
EOF
  )
  [[ $# -eq 0 ]] || printf '%s\n' "$@" >>"$NODE_ENV"
  [[ ${#AS_USER[@]} -eq 0 ]] || chown nobody "$NODE_ENV" "$NODE_DATA"
}
node_refused() { # $1 = part of the message expected; the rest: settings replacing the node's
  local expected=$1 output
  shift
  node_env "$@"
  if output=$(node_launcher start 2>&1); then return 1; fi
  echo "  | $output"
  [[ "$output" == *"$expected"* ]]
}
check "a node with NAS_TLS=on and no NAS_TLS_CA is refused, the message naming the setting" \
  node_refused "needs NAS_TLS_CA" "NAS_TLS_CA="
check "a node listening beyond loopback is refused, the message naming the setting" \
  node_refused "NAS_BIND_ADDRESS must be a 127.x address or ::1, not '0.0.0.0'" "NAS_BIND_ADDRESS=0.0.0.0"
node_env
started=$(date +%s)
if node_launcher start >"$NODE_OUT" 2>&1; then node_status=0; else node_status=$?; fi
sed 's/^/  | /' "$NODE_OUT"
node_started_over_tls() { [[ $node_status -eq 0 ]] && grep -q 'over TLS trusting' "$NODE_OUT"; }
check "a node of replica THREE with NAS_TLS=on starts ($(($(date +%s) - started)) s), on the central's broker over TLS trusting its CA" \
  node_started_over_tls
AGENT_TARBALL=$(find "$ROOT/harvester-agent/target" -maxdepth 1 -name 'harvester-agent-*-dist.tar.gz' 2>/dev/null | head -n 1 || true)
if [[ -f "$AGENT_TARBALL" ]]; then
  mkdir -p "$SCRATCH/agent"
  tar xzf "$AGENT_TARBALL" -C "$SCRATCH/agent" --strip-components=1 --wildcards '*/lib/*' --exclude='*/heritrix-*'
  WARC="$SCRATCH/agent/1-1-20261126000000000-00000-tls-check.warc"
  WARC_UNTRUSTED="$SCRATCH/agent/1-1-20261126000000000-00001-tls-check.warc"
  printf 'WARC/1.1\r\nWARC-Type: warcinfo\r\n\r\n' >"$WARC"
  agent_upload() { # $1 = the CA file the agent trusts, or - for the JVM's defaults; $2 = the file
    "$JAVA_FOR_CHECK" -cp "$SCRATCH/agent/lib/*" "$ROOT/wildfly-config/src/test/dist/TlsUploadCheck.java" \
      "$HTTPS" "$BROKER_TLS" "$1" "$DATA/secrets/agent-password" "$2" 2>>"$SCRATCH/agent-upload.log"
  }
  agent_connect() { # $1 = the broker URL, $2 = the CA file the agent trusts, or -
    "$JAVA_FOR_CHECK" -cp "$SCRATCH/agent/lib/*" "$ROOT/wildfly-config/src/test/dist/TlsBrokerCheck.java" \
      "$1" "$2" "$DATA/secrets/agent-password" 2>>"$SCRATCH/agent-broker.log"
  }
  JAVA_FOR_CHECK=$(command -v java)
  for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/*; do
    if [[ -x "$candidate/bin/java" ]] && "$candidate/bin/java" -version 2>&1 | grep -qE 'version "(2[1-9]|[3-9][0-9])'; then
      JAVA_FOR_CHECK="$candidate/bin/java"
      break
    fi
  done
  cp "$WARC" "$WARC_UNTRUSTED"
  broker_checks_began=$(date +%s)
  CONNECT_TRUSTED=$(agent_connect "$BROKER_TLS" "$TLS_DIR/ca.pem" || true)
  echo "  | agent trusting ca.pem, broker $BROKER_TLS: $CONNECT_TRUSTED"
  check "an agent trusting the CA connects to the broker over TLS, its account accepted" \
    test "$CONNECT_TRUSTED" == connected
  # (the plain client waits for an answer for its call timeout, 30 s unless the URL says less)
  if CONNECT_PLAIN=$(agent_connect "$BROKER_PLAIN?callTimeout=3000" -); then plain_status=0; else plain_status=$?; fi
  echo "  | agent with the plain URL $BROKER_PLAIN: $CONNECT_PLAIN"
  plain_broker_refused() {
    [[ $plain_status -eq 2 && "$CONNECT_PLAIN" == "Cannot connect to the broker $BROKER_PLAIN"*"takes only TLS on the agents' broker port"*"?sslEnabled=true"* ]]
  }
  check "plaintext to the broker's port is refused, the agent's message pointing at ?sslEnabled=true" \
    plain_broker_refused
  if CONNECT_UNTRUSTED=$(agent_connect "$BROKER_TLS" -); then untrusted_broker_status=0; else untrusted_broker_status=$?; fi
  echo "  | agent without the CA, broker $BROKER_TLS: $CONNECT_UNTRUSTED"
  broker_refused_saying_so() {
    [[ $untrusted_broker_status -eq 2 && "$CONNECT_UNTRUSTED" == "The broker at $BROKER_TLS presented a TLS certificate"*"not trusted"*archive.server.trustedCertificates* ]]
  }
  check "an agent that does not trust the broker's certificate is refused, the message naming the broker and the setting" \
    broker_refused_saying_so
  echo "  (the three broker checks took $(($(date +%s) - broker_checks_began)) s)"
  UPLOAD_TRUSTED=$(agent_upload "$TLS_DIR/ca.pem" "$WARC" || true)
  echo "  | agent trusting ca.pem: $UPLOAD_TRUSTED"
  check "an agent trusting the CA stores a file: uploaded over HTTPS, stored through the broker over TLS, fetched by the replicas over HTTPS (the node's too)" \
    test "$UPLOAD_TRUSTED" == "stored $(basename "$WARC") 128"
  in_all_replicas() {
    cmp -s "$WARC" "$DATA/server/data/bitarchive/ONE/filedir/$(basename "$WARC")" &&
      cmp -s "$WARC" "$DATA/server/data/bitarchive/TWO/filedir/$(basename "$WARC")" &&
      cmp -s "$WARC" "$NODE_DATA/node/data/bitarchive/THREE/filedir/$(basename "$WARC")"
  }
  check "the file is in the three replicas, byte for byte: ONE and TWO on the central, THREE on the node" in_all_replicas
  if UPLOAD_UNTRUSTED=$(agent_upload - "$WARC_UNTRUSTED"); then untrusted_status=0; else untrusted_status=$?; fi
  echo "  | agent without the CA: $UPLOAD_UNTRUSTED"
  refused_saying_so() {
    [[ $untrusted_status -eq 2 && "$UPLOAD_UNTRUSTED" == *"The server at $HTTPS presented a TLS certificate"*"not trusted"*archive.server.trustedCertificates* ]]
  }
  check "an agent that does not trust the server's certificate is refused, the message naming the server and saying so" \
    refused_saying_so
else
  failed=$((failed + 1))
  echo "  FAIL  no agent distribution under harvester-agent/target: the agent's upload over HTTPS is not checked"
fi
node_launcher stop >>"$NODE_OUT" 2>&1
node_gone() { ! pgrep -f -- "-Djboss.server.base.dir=$NODE_DATA/node" >/dev/null; }
check "'stop' ends the node" node_gone
launcher stop >>"$TLS_OUT" 2>&1
check "with TLS on too, 'stop' ends the server" nothing_left
TLS_PASSWORD=$(cat "$DATA/secrets/tls-keystore-password" 2>/dev/null || echo "$ADMIN_PASSWORD")

no_password_in() { # $@ = files and directories
  ! grep -rqF -e "$ADMIN_PASSWORD" -e "$AGENT_PASSWORD" -e "$TLS_PASSWORD" "$@"
}
check "no password in the server's or the node's logs or the launcher's output" \
  no_password_in "$DATA/server/log" "$OUT" "$TLS_OUT" "$NODE_DATA/node/log" "$NODE_OUT"

if [[ $failed -gt 0 && -f "$DATA/server/log/server.log" ]]; then
  echo "--- the first errors of the server's log:"
  grep -E -A3 '^[0-9-]+ [0-9:,]+ ERROR' "$DATA/server/log/server.log" | head -n 40 || true
fi
echo "server-distribution-check: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
