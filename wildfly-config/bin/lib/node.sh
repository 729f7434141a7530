# Sourced by bin/netarchive: the bitarchive node role (run --role node, or NAS_ROLE=node; see
# wildfly-config/README-NODES.md). The same provisioned server as the central's, on a base directory
# of its own under NAS_HOME/node, configured once by configure-node.cli, deploying
# netarchive-node.war instead of the EAR. Uses the launcher's settings (ROOT, SERVER, NAS_HOME) and
# say/fail/select_jdk/build/end_group.
# shellcheck shell=bash

NODE_BASE="$NAS_HOME/node"
NODE_PID_FILE="$NAS_HOME/node.pid"
NODE_WAR="$ROOT/wildfly-config/target/node/netarchive-node.war"
# node_replicas_config, shared with the distribution's launcher
# shellcheck source=../../src/main/dist/lib/node-replicas.sh
. "$ROOT/wildfly-config/src/main/dist/lib/node-replicas.sh"

node_settings() { # checks the node's settings and exports what the server reads
  node_replicas_check
  [[ -n "${NAS_NODE_BROKER_PASSWORD:-}" ]] \
    || fail "a bitarchive node needs NAS_NODE_BROKER_PASSWORD: the password of the central's broker account (NAS_NODE_BROKER_USER, default agent)"
  NODE_OFFSET=${NAS_PORT_OFFSET:-100}
  [[ "$NODE_OFFSET" =~ ^[0-9]+$ && "$NODE_OFFSET" -le 50000 ]] || fail "NAS_PORT_OFFSET must be a number of ports (0-50000), not '$NODE_OFFSET'"
  export NAS_ROLE=node NAS_NODE_NAME=${NAS_NODE_NAME:-} NAS_CENTRAL_HOST=${NAS_CENTRAL_HOST:-127.0.0.1} NAS_CENTRAL_BROKER_PORT=${NAS_CENTRAL_BROKER_PORT:-61616}
}

prepare_node_base() { # a copy of the provisioned server's base directory, made a node's once
  local replicas=${NAS_REPLICAS_LOCAL//,/ }
  mkdir -p "$NODE_BASE/deployments" "$NODE_BASE/data" "$NODE_BASE/log"
  if [[ ! -f "$NODE_BASE/configuration/.node" ]]; then
    rm -rf "$NODE_BASE/configuration"
    cp -r "$SERVER/standalone/configuration" "$NODE_BASE/configuration"
    node_properties "${NAS_ENVIRONMENT:-DEV}" "$NAS_REPLICAS_LOCAL" >"$NODE_BASE/configuration/node.properties"
    say "Configuring the bitarchive node of the replicas $NAS_REPLICAS_LOCAL (configure-node.cli)..."
    # shellcheck disable=SC2086 # one argument per replica
    node_replicas_config "${NAS_ENVIRONMENT:-DEV}" "$NODE_BASE/configuration/node-replicas" $replicas
    local script
    for script in "$ROOT/wildfly-config/src/main/cli/configure-node.cli" "$NODE_BASE/configuration/node-replicas/node-replicas.cli"; do
      [[ -f "$script" ]] || continue
      if ! JAVA_OPTS="-Djboss.server.base.dir=$NODE_BASE" "$SERVER/bin/jboss-cli.sh" --file="$script" \
        --properties="$NODE_BASE/configuration/node.properties" >>"$NODE_BASE/log/configure-node.log" 2>&1; then
        grep -v '^WARNING' "$NODE_BASE/log/configure-node.log" | tail -n 5 >&2
        fail "the node's configuration failed ($script); the whole output is in $NODE_BASE/log/configure-node.log"
      fi
    done
    cp "$NODE_BASE/configuration/node.properties" "$NODE_BASE/configuration/.node"
  elif ! grep -qx "nas.node.replicas=$NAS_REPLICAS_LOCAL" "$NODE_BASE/configuration/.node" \
    || [[ "$(sed -n 's/^nas.node.name=//p' "$NODE_BASE/configuration/.node")" != "${NAS_NODE_NAME:-}" ]]; then
    fail "$NODE_BASE is configured as the node of other replicas or of another name (NAS_NODE_NAME): $(tr '\n' ' ' <"$NODE_BASE/configuration/.node"); use another NAS_HOME"
  fi
  rm -f "$NODE_BASE/deployments/"netarchive-node.war*
  cp "$NODE_WAR" "$NODE_BASE/deployments/netarchive-node.war"
}

run_node() { # runs a bitarchive node in the foreground; Ctrl-C stops it
  select_jdk
  node_settings
  if pid=$(group_pid "$NODE_PID_FILE"); then
    fail "a bitarchive node is already running (pid $pid); stop it with: NAS_ROLE=node wildfly-config/bin/netarchive stop"
  fi
  build
  [[ -f "$NODE_WAR" ]] || fail "the build made no $NODE_WAR"
  prepare_node_base
  say "Starting the bitarchive node of the replicas $NAS_REPLICAS_LOCAL on the broker $NAS_CENTRAL_HOST:$NAS_CENTRAL_BROKER_PORT (ports +$NODE_OFFSET, data: $NODE_BASE)..."
  LAUNCH_JBOSS_IN_BACKGROUND=1 setsid "$SERVER/bin/standalone.sh" \
    -Djboss.server.base.dir="$NODE_BASE" -Djboss.socket.binding.port-offset="$NODE_OFFSET" \
    >"$NODE_BASE/log/console.log" 2>&1 &
  local pid=$! waited=0
  echo "$pid" >"$NODE_PID_FILE"
  trap 'say ""; stop_node; exit 0' INT TERM
  until [[ -f "$NODE_BASE/deployments/netarchive-node.war.deployed" || -f "$NODE_BASE/deployments/netarchive-node.war.failed" ]]; do
    kill -0 "$pid" 2>/dev/null || fail "the node exited during start-up; its log: $NODE_BASE/log/server.log"
    sleep 1
    waited=$((waited + 1))
    [[ $waited -lt 300 ]] || { stop_node; fail "the node was not deployed within 300 s; see $NODE_BASE/log/server.log"; }
  done
  if [[ -f "$NODE_BASE/deployments/netarchive-node.war.failed" ]]; then
    stop_node
    fail "the node failed to deploy; the cause is in $NODE_BASE/log/server.log (search for ERROR)"
  fi
  say "The bitarchive node of the replicas $NAS_REPLICAS_LOCAL is running: its files in $NODE_BASE/data/bitarchive/<replica>"
  say "Press Ctrl-C to stop (or run: NAS_ROLE=node wildfly-config/bin/netarchive stop)."
  wait "$pid" || true
  rm -f "$NODE_PID_FILE"
  say "The node has stopped."
}

stop_node() { # stops a node started by run_node
  local pid
  pid=$(group_pid "$NODE_PID_FILE") || { say "No bitarchive node is running."; return 0; }
  say "Stopping the bitarchive node (pid $pid)..."
  kill -TERM -- "-$pid" 2>/dev/null || true
  end_group "$pid" 60 "The node"
  rm -f "$NODE_PID_FILE"
  say "Stopped."
}
