# Sourced by bin/netarchive-server: the bitarchive node role (NAS_ROLE=node; README "Adding a
# bitarchive node", wildfly-config/README-NODES.md). The same WildFly as a central's, on the base
# directory NAS_HOME/node, configured by lib/configure-node.cli (and, for the replicas after the
# first, by what node_replicas_config writes) at its first start and again when a new version
# brings a new server configuration, deploying node/netarchive-node.war instead of the EAR. It
# joins the central's broker and holds the bitarchives of the replicas NAS_REPLICAS_LOCAL; it has no
# UI, REST API, scheduler or database. Uses the launcher's say, fail and settings.
# shellcheck shell=bash

# shellcheck source=node-replicas.sh
. "$DIST/lib/node-replicas.sh"

# Checks a node's settings (after load_settings' own) and points the launcher at the node's base.
node_settings() {
  # (the launcher's: where the server runs from, its pid file, what it deploys)
  BASE="$NAS_HOME/node"
  # shellcheck disable=SC2034
  PID_FILE="$NAS_HOME/netarchive-node.pid"
  # shellcheck disable=SC2034
  DEPLOYMENT=netarchive-node.war
  # It serves nothing to other hosts: every connection is its own, to the central.
  case "$BIND_ADDRESS" in
    127.* | ::1 | '[::1]') ;;
    *) fail "a bitarchive node listens on loopback only (it connects to the central, nothing connects to it): NAS_BIND_ADDRESS must be a 127.x address or ::1, not '$BIND_ADDRESS'" ;;
  esac
  # With TLS on, its broker connection and its fetches and deliveries are TLS, trusting the CA of
  # the central's certificate; the expression in configure-node.cli reads NAS_NODE_BROKER_TLS.
  if [[ -n "$TLS_ON" ]]; then
    [[ -z "${NAS_TLS_KEYSTORE:-}" ]] \
      || fail "NAS_TLS_KEYSTORE is not a setting of a bitarchive node (it serves nothing); it trusts the central's certificate through NAS_TLS_CA"
    [[ -n "${NAS_TLS_CA:-}" ]] \
      || fail "a bitarchive node with NAS_TLS=on needs NAS_TLS_CA: the PEM file of the CA that signed the central's certificate (with the central's generated one: its NAS_HOME/secrets/tls/ca.pem, copied to this host)"
    export NAS_NODE_BROKER_TLS=true
  else
    export NAS_NODE_BROKER_TLS=false
  fi
  node_replicas_check
  [[ -n "${NAS_CENTRAL_HOST:-}" ]] || fail "a bitarchive node needs NAS_CENTRAL_HOST: the host name or address of the central server's broker"
  export NAS_CENTRAL_BROKER_PORT=${NAS_CENTRAL_BROKER_PORT:-61616}
  [[ "$NAS_CENTRAL_BROKER_PORT" =~ ^[0-9]+$ && "$NAS_CENTRAL_BROKER_PORT" -ge 1 && "$NAS_CENTRAL_BROKER_PORT" -le 65535 ]] \
    || fail "NAS_CENTRAL_BROKER_PORT must be a port number, not '$NAS_CENTRAL_BROKER_PORT'"
  [[ -n "${NAS_NODE_BROKER_PASSWORD:-}" ]] \
    || fail "a bitarchive node needs NAS_NODE_BROKER_PASSWORD: the password of the central's broker account NAS_NODE_BROKER_USER (default agent; the central's NAS_HOME/secrets/agent-password)"
  export NAS_ROLE=node NAS_CENTRAL_HOST NAS_REPLICAS NAS_REPLICAS_LOCAL NAS_NODE_NAME
}

# The node's configuration: the provisioned one, configured as a node's, kept until a new version
# brings another (the operator's copy then stays beside the new one) or refused for other replicas.
node_prepare_base() {
  local stamp="$BASE/configuration/.node" provisioned environment=${NAS_ENVIRONMENT:-DEV} script
  # (the scripts that make the node's configuration out of the provisioned one count as part of it)
  provisioned=$({ provisioned_configuration; cat "$DIST/lib/configure-node.cli" "$DIST/lib/node-replicas.sh"; } | sha256sum)
  mkdir -p "$BASE/deployments" "$BASE/data" "$BASE/log"
  if [[ -n "$TLS_ON" ]]; then
    # the node JVM's trusted authorities: the Java runtime's and the central's CA (NAS_TLS_CA)
    (umask 077 && mkdir -p "$NAS_SECRETS_DIR")
    tls_truststore "$NAS_SECRETS_DIR" "$NAS_TLS_CA"
  fi
  if [[ -f "$stamp" ]] && ! grep -qx "replicas=$NAS_REPLICAS_LOCAL" "$stamp"; then
    fail "$BASE holds the node of other replicas ($(grep '^replicas=' "$stamp")); a node's replicas stay as first configured: use another NAS_HOME"
  fi
  if [[ -f "$stamp" ]] && [[ "$(sed -n 's/^name=//p' "$stamp")" != "${NAS_NODE_NAME:-}" ]]; then
    fail "$BASE holds the node named '$(sed -n 's/^name=//p' "$stamp")', not '${NAS_NODE_NAME:-}' (NAS_NODE_NAME); a node's name stays as first configured: use another NAS_HOME"
  fi
  if [[ ! -f "$stamp" ]] || ! grep -qx "provisioned=$provisioned" "$stamp"; then
    if [[ -d "$BASE/configuration" ]]; then
      local previous
      previous="$BASE/configuration.$(date -u +%Y%m%dT%H%M%SZ)"
      mv "$BASE/configuration" "$previous"
      say "This version brings a new server configuration; the node's previous one is in $previous"
    fi
    cp -r "$WILDFLY/standalone/configuration" "$BASE/configuration"
    chmod -R u+w "$BASE/configuration"
    node_properties "$environment" "$NAS_REPLICAS_LOCAL" >"$BASE/configuration/node.properties"
    # shellcheck disable=SC2086 # one argument per replica
    node_replicas_config "$environment" "$BASE/configuration/node-replicas" ${NAS_REPLICAS_LOCAL//,/ }
    say "Configuring the bitarchive node of the replicas $NAS_REPLICAS_LOCAL..."
    for script in "$DIST/lib/configure-node.cli" "$BASE/configuration/node-replicas/node-replicas.cli"; do
      [[ -f "$script" ]] || continue
      if ! JBOSS_HOME="$WILDFLY" JAVA_OPTS="-Djboss.server.base.dir=$BASE" "$WILDFLY/bin/jboss-cli.sh" \
        --file="$script" --properties="$BASE/configuration/node.properties" >>"$BASE/log/configure-node.log" 2>&1; then
        grep -v '^WARNING' "$BASE/log/configure-node.log" | tail -n 5 >&2
        fail "configuring the node failed ($(basename "$script")); the whole output is in $BASE/log/configure-node.log"
      fi
    done
    printf 'replicas=%s\nname=%s\nprovisioned=%s\n' "$NAS_REPLICAS_LOCAL" "${NAS_NODE_NAME:-}" "$provisioned" >"$stamp"
  fi
  rm -f "$BASE/deployments/"netarchive-node.war*
  cp "$DIST/node/netarchive-node.war" "$BASE/deployments/netarchive-node.war"
}

node_started_banner() {
  say "The bitarchive node of the replicas $NAS_REPLICAS_LOCAL is running (pid $(running_pid)),"
  say "  on the central's broker $NAS_CENTRAL_HOST:$NAS_CENTRAL_BROKER_PORT as ${NAS_NODE_BROKER_USER:-agent}$([[ -n "$TLS_ON" ]] && echo ", over TLS trusting $NAS_TLS_CA")."
  say "  Files:     $BASE/data/bitarchive/<replica>"
  say "  Logs:      $BASE/log/server.log"
}
