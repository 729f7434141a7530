# Sourced by bin/netarchive: the local harvester agents of 'run'. Uses its settings (ROOT, NAS_HOME, ports) and say/fail.
# shellcheck shell=bash

# --- Local harvester agents ----------------------------------------------------------------------
# Each runs from the agent distribution unpacked under $AGENTS_HOME/dist (refreshed at every start,
# like the server's configuration), with its own directory $AGENTS_HOME/<name>: the configuration
# written at every start, the work directory (job directories a crash left are finished at the
# next start), agent.log and agent.pid. Each is a process group of its own (setsid): the agent's
# JVM and its Heritrix.

agent_pid() { group_pid "$AGENTS_HOME/$1/agent.pid"; } # $1 = name

environment_name() {
  sed -n 's/^nas\.environment=//p' "$ROOT/wildfly-config/src/main/cli/netarchive.properties" | head -n 1
}

start_agents() {
  local tarball dist entry name channel dir broker_host
  tarball=$(agent_tarball)
  [[ -n "$tarball" ]] || { say "No harvester agent distribution was built (harvester-agent/target); no local agents."; return 0; }
  rm -rf "$AGENTS_HOME/dist"
  mkdir -p "$AGENTS_HOME/dist"
  tar -xzf "$tarball" -C "$AGENTS_HOME/dist"
  dist=$(ls -d "$AGENTS_HOME"/dist/harvester-agent-* | head -n 1)
  broker_host=$BIND_ADDRESS
  [[ "$broker_host" == 0.0.0.0 ]] && broker_host=127.0.0.1
  for entry in "${LOCAL_AGENTS[@]}"; do
    name=${entry%%:*}
    channel=${entry#*:}
    dir="$AGENTS_HOME/$name"
    mkdir -p "$dir/work"
    cat >"$dir/harvester-agent.properties" <<PROPERTIES
# Written by 'netarchive run' at every start; the keys are explained in
# $dist/conf/harvester-agent.properties
# The broker password comes from NAS_AGENT_PASSWORD ($NAS_HOME/secrets/agent-password).
broker.url = tcp://$broker_host:$BROKER_PORT
broker.user = agent
agent.environment = $(environment_name)
agent.channel = $channel
work.directory = $dir/work
heritrix.home = $dist/heritrix-3.13.0
heritrix.heap = 512m
timeout.processSeconds = 60
archive.server.url = http://$broker_host:$HTTP_PORT
PROPERTIES
    if [[ -n "$DEMO_DNS" ]]; then
      # Demo mode: Heritrix resolves names with the demo site's DNS on loopback only (the demo
      # hosts; every other name is NXDOMAIN), so the demo crawl never leaves this machine.
      printf 'heritrix.javaOptions = -Ddns.server=%s\n' "$DEMO_DNS" >>"$dir/harvester-agent.properties"
    fi
    # As the server: setsid makes the agent's JVM (the launcher execs it) the leader of a process
    # group of its own, with its Heritrix; $! is its pid.
    setsid "$dist/bin/harvester-agent" --config "$dir/harvester-agent.properties" \
      >>"$dir/agent.log" 2>&1 </dev/null &
    echo $! >"$dir/agent.pid"
  done
}

stop_agent() { # $1 = name
  local pid
  pid=$(agent_pid "$1") || { rm -f "$AGENTS_HOME/$1/agent.pid"; return 0; }
  # TERM to the agent's JVM: its shutdown stops a running crawl and Heritrix in order (the job is
  # finished at the next start); whatever is left of the group after 90 s is killed.
  kill -TERM "$pid" 2>/dev/null || true
  end_group "$pid" 90 "The harvester agent '$1'"
  rm -f "$AGENTS_HOME/$1/agent.pid"
}

stop_agents() {
  local entry
  for entry in "${LOCAL_AGENTS[@]}"; do
    stop_agent "${entry%%:*}"
  done
}

agents_status() {
  local entry name pid
  for entry in "${LOCAL_AGENTS[@]}"; do
    name=${entry%%:*}
    if pid=$(agent_pid "$name"); then
      say "  harvester agent '$name' (channel ${entry#*:}) is running (pid $pid); log: $AGENTS_HOME/$name/agent.log"
    else
      say "  harvester agent '$name' (channel ${entry#*:}) is not running"
    fi
  done
}
